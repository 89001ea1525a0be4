// The CLI's approver (`sluice ask`, `sluice tool`, `diff --revert`, `worktrees apply`): the
// questions of the project engine's one broker and gate are asked on the terminal, or
// answered by `--yes` as the person would. `--yes` never overrides a deny rule or read-only
// mode (the broker denies those before anyone is asked), and it does not cover protected
// paths: those need an explicit answer on a terminal, and without one they are rejected.
import type { AgentEvent } from '../shared/agent-events';
import type { ToolCallApprovalRequest } from '../shared/approvals';
import type { WritableDb } from '../main/core/store/database-handles';
import type { ProjectGates } from '../main/core/project/project-gates';
import type { CreateShellApprover, ShellApprover } from '../main/core/project/shell-approver';
import type { CliIo } from './cli-io';
import type { SelectionEvidence } from '../main/core/evidence/selection-evidence';
import { ioApprover } from './io-approver';
import { NO_TERMINAL_REASON, type TerminalApprover } from './terminal-approval';
import { NO_TERMINAL_MCP_REASON } from './terminal-mcp-approval';
import { renderEvidence } from './evidence-lines';
import { answerCommand } from './terminal-command-answer';
import { answerWrite } from './terminal-write-answer';
import { answerPlan } from './terminal-plan-answer';

export { YES_PROTECTED_REASON } from './terminal-write-answer';

export interface TerminalAnswererOptions {
  readonly io: CliIo;
  /** The app DB rules are saved in. */
  readonly db: WritableDb;
  readonly projectId: string;
  readonly yes: boolean;
  /** Injected approver (tests); default asks on the terminal when stdin and stderr are TTYs. */
  readonly approver?: TerminalApprover;
  /** Wraps the terminal's approver (the session takes its screen down while a review runs). */
  readonly wrapApprover?: (approver: TerminalApprover) => TerminalApprover;
}

export { YES_UNSANDBOXED_REASON } from './terminal-command-answer';

/**
 * The CLI's approver for the project engine: answers every question of the project's one
 * broker and gate on the terminal (or as `--yes` allows), and says a check that finished while
 * its question waits.
 */
export function terminalAnswerer(options: TerminalAnswererOptions): CreateShellApprover {
  return (gates, checks) => answerOnTerminal(options, gates, checks?.selection);
}

function answerOnTerminal(
  options: TerminalAnswererOptions,
  gates: ProjectGates,
  selection: SelectionEvidence | undefined,
): ShellApprover {
  const { io, db, projectId } = options;
  const { broker } = gates.approvals;
  const { gate } = gates.commands;
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  const base = options.approver ?? ioApprover(io, selection);
  const approver = options.wrapApprover ? options.wrapApprover(base) : base;
  const injected = options.approver !== undefined;

  const alwaysAllowed = new Set<string>();

  async function answerToolCall(request: ToolCallApprovalRequest): Promise<void> {
    // --yes is not an answer for an MCP call: only a person at the terminal (or the tool being
    // always-allowed, which never asks) runs one.
    const reply = approver.askToolCall
      ? await approver.askToolCall(request)
      : {
          decision: { type: 'reject' as const, reason: NO_TERMINAL_MCP_REASON },
          decidedBy: 'mode' as const,
        };
    if (reply.alwaysAllow) alwaysAllowed.add(request.approvalId);
    broker.decide(
      {
        approvalId: request.approvalId,
        proposalHash: request.proposalHash,
        decision: reply.decision,
      },
      reply.decidedBy ?? 'person',
    );
  }

  /** A prompt that failed (the terminal went away mid-question) rejects what it asked about. */
  const rejectOnPromptFailure =
    (request: { approvalId: string; proposalHash: string }) =>
    (error: unknown): void => {
      const reason = error instanceof Error ? error.message : String(error);
      broker.decide(
        {
          approvalId: request.approvalId,
          proposalHash: request.proposalHash,
          decision: { type: 'reject', reason: `the approval prompt failed: ${reason}` },
        },
        'person',
      );
    };

  // A check that timed out at the prompt finished: said while its prompt still waits.
  const waiting = new Set<string>();
  const onEvent = (event: AgentEvent): void => {
    if (event.type === 'approval_resolved') waiting.delete(event.approvalId);
    if (event.type === 'approval_evidence') {
      // Said under the question, which is asked again: the answer line is never buried.
      if (waiting.has(event.approvalId)) {
        const text = `${
          event.evidence.state === 'checking'
            ? 'The changed files of the change above were checked:'
            : 'The check of the change above finished:'
        }\n${renderEvidence(event.evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR)}`;
        if (approver.interject) approver.interject(text);
        else io.stderr.write(`\n${text}`);
      }
      return;
    }
    if (event.type === 'command_approval_request') {
      const { request } = event;
      answerCommand({ io, gate, approver, yes: options.yes, interactive, injected }, request).catch(
        (error: unknown) =>
          void gate.decide({
            approvalId: request.approvalId,
            commandHash: request.commandHash,
            decision: {
              type: 'reject',
              reason: `the approval prompt failed: ${error instanceof Error ? error.message : String(error)}`,
            },
          }),
      );
      return;
    }
    if (event.type === 'tool_call_approval_request') {
      answerToolCall(event.request).catch(rejectOnPromptFailure(event.request));
      return;
    }
    if (event.type === 'plan_request') {
      void answerPlan(approver, gates.plans, event);
      return;
    }
    if (event.type !== 'approval_request') return;
    waiting.add(event.request.approvalId);
    answerWrite(
      { io, db, projectId, broker, approver, yes: options.yes, interactive, injected },
      event.request,
      event.conversationId,
    ).catch(rejectOnPromptFailure(event.request));
  };
  return {
    onEvent,
    takeAlwaysAllowed: (approvalId) => alwaysAllowed.delete(approvalId),
    close: () => approver.close(),
  };
}

export { NO_TERMINAL_REASON };
