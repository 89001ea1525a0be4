// The approval gate as the CLI runs it (`sluice tool`, `sluice ask`): the policy, audit and
// checkpoints live in the app DB under SLUICE_HOME; asks go to the terminal approver, or are
// answered by `--yes` as the person would. `--yes` never overrides a deny rule or read-only
// mode (the broker denies those before anyone is asked), and it does not cover protected
// paths: those need an explicit answer on a terminal, and without one they are rejected.
import type { AgentEvent } from '../shared/agent-events';
import type { ApprovalMode, ApprovalRequest, ToolCallApprovalRequest } from '../shared/approvals';
import type { ApprovalBroker } from '../main/core/approvals/approval-broker';
import { createProjectApprovals } from '../main/core/approvals/project-approvals';
import { openAppDatabase } from '../main/core/store/app-database';
import type { WritableDb } from '../main/core/store/database-handles';
import { createPolicyRepository } from '../main/core/store/policy-repository';
import { projectIdFor } from '../main/core/store/project-id';
import { createSettingsRepository } from '../main/core/store/settings-repository';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CommandApprovalRequest } from '../shared/command-approvals';
import { CommandApprovalGate } from '../main/core/commands/command-approval-gate';
import { createNetworkRuleRepository } from '../main/core/commands/network-rule-repository';
import { createCommandRuleRepository } from '../main/core/commands/command-rule-repository';
import type { CommandPort } from '../main/core/commands/command-port';
import { detectSandbox } from '../main/core/commands/sandbox-detect';
import { commandOutputDir } from '../main/core/commands/project-commands';
import { createApprovalAuditRepository } from '../main/core/store/approval-audit-repository';
import type { CliIo } from './cli-io';
import { outsideLine } from './terminal-safe-text';
import { sluiceHomeFor } from './project-context';
import {
  createTerminalApprover,
  NO_TERMINAL_COMMAND_REASON,
  NO_TERMINAL_REASON,
  type TerminalApprover,
} from './terminal-approval';
import { NO_TERMINAL_MCP_REASON } from './terminal-mcp-approval';
import { openCliDiagnostics } from './cli-diagnostics';
import { shellCreateTests, type CreateTests } from '../main/core/test-runs/shell-tests';
import type { ProjectTests } from '../main/core/test-runs/project-tests';
import { renderEvidence } from './evidence-lines';
import type {
  CreateDiagnostics,
  ProjectDiagnostics,
} from '../main/core/diagnostics/project-diagnostics';

export const YES_PROTECTED_REASON =
  'is a protected path: --yes does not approve it, and there is no terminal to ask the person';

export interface CliApprovalSessionOptions {
  readonly io: CliIo;
  readonly workspace: Workspace;
  readonly yes: boolean;
  /** `--mode` for this run, in place of the project's stored mode. */
  readonly modeOverride?: ApprovalMode | undefined;
  /** Injected approver (tests); default asks on the terminal when stdin and stderr are TTYs. */
  readonly approver?: TerminalApprover;
  /** An open app DB to use (the caller closes it); otherwise the session opens one and close() closes it. */
  readonly db?: WritableDb;
}

export const YES_UNSANDBOXED_REASON =
  'would run outside a sandbox: --yes does not approve that, and there is no terminal to ask the person';

export interface CliApprovalSession {
  readonly broker: ApprovalBroker;
  /** The app DB the session records in (settings are read from it too). */
  readonly db: WritableDb;
  /** run_command's port: its approvals go to the same terminal, --yes runs it once. */
  readonly commands: CommandPort;
  /** Feed every AgentEvent here; approval_request events are answered. */
  readonly onEvent: (event: AgentEvent) => void;
  /** True once for an MCP call the person approved with "always allow this tool". */
  takeAlwaysAllowed(approvalId: string): boolean;
  /**
   * Ends the session: whatever is still pending is rejected as aborted, the terminal
   * approver lets go of stdin, and a DB the session opened is closed. Safe to call twice.
   */
  close(): void;
}

export function createCliApprovalSession(options: CliApprovalSessionOptions): CliApprovalSession {
  const { io, workspace } = options;
  const projectId = projectIdFor(workspace.root);
  const ownsDb = options.db === undefined;
  const home = sluiceHomeFor(io);
  const db = options.db ?? openAppDatabase({ home });
  const { broker, checkpoints, dispose } = createProjectApprovals({
    db,
    projectId,
    emit: (event) => onEvent(event),
    modeOverride: options.modeOverride,
  });
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  const approver =
    options.approver ??
    createTerminalApprover({
      input: io.stdin,
      output: io.stderr,
      interactive,
      color: Boolean(io.stderr.isTTY) && !io.env.NO_COLOR,
      env: io.env,
    });

  async function answer(request: ApprovalRequest): Promise<void> {
    const bind = { approvalId: request.approvalId, proposalHash: request.proposalHash };
    if (options.yes && !request.protectedPath) {
      broker.decide({ ...bind, decision: { type: 'approve' } }, 'person');
      return;
    }
    if (options.yes && request.protectedPath && !interactive && !options.approver) {
      broker.decide(
        {
          ...bind,
          decision: { type: 'reject', reason: `${request.path} ${YES_PROTECTED_REASON}` },
        },
        'mode',
      );
      return;
    }
    const reply = await approver.ask(request);
    if (reply.alwaysAllowGlob) {
      const rule = createPolicyRepository(db).addRule(projectId, {
        tool: 'write',
        pathGlob: reply.alwaysAllowGlob ?? request.path,
        action: 'allow',
      });
      io.stderr.write(
        `Saved rule ${rule.id}: allow writes to ${rule.pathGlob} (remove it with "sluice rules remove ${rule.id}" or in Settings).\n`,
      );
    }
    broker.decide({ ...bind, decision: reply.decision }, reply.decidedBy ?? 'person');
  }

  const gate = new CommandApprovalGate({
    policy: () => {
      const mode = createPolicyRepository(db).get(projectId).mode;
      const rules = createCommandRuleRepository(db).list(projectId);
      return { mode: options.modeOverride ?? mode, rules };
    },
    addAllowRule: (prefix) => {
      const rule = createCommandRuleRepository(db).add(projectId, { prefix, action: 'allow' });
      io.stderr.write(
        `Saved rule ${rule.id}: allow commands starting "${rule.prefix.join(' ')}" (remove it with "sluice rules remove ${rule.id}" or in Settings).\n`,
      );
    },
    audit: createApprovalAuditRepository(db, projectId),
    registry: broker.registry,
  });

  async function answerCommand(request: CommandApprovalRequest): Promise<void> {
    const bind = { approvalId: request.approvalId, commandHash: request.commandHash };
    if (options.yes && request.sandboxed) {
      await gate.decide({ ...bind, decision: { type: 'run_once' } }, 'person');
      return;
    }
    if (options.yes && !interactive && !options.approver) {
      await gate.decide(
        { ...bind, decision: { type: 'reject', reason: `the command ${YES_UNSANDBOXED_REASON}` } },
        'mode',
      );
      return;
    }
    const reply = approver.askCommand
      ? await approver.askCommand(request)
      : {
          decision: { type: 'reject' as const, reason: NO_TERMINAL_COMMAND_REASON },
          decidedBy: 'mode' as const,
        };
    const result = await gate.decide(
      { ...bind, decision: reply.decision },
      reply.decidedBy ?? 'person',
    );
    if (!result.accepted) {
      io.stderr.write(`${outsideLine(result.reason)}\n`);
      // A refused network choice never falls back to the (maybe wider) network shown.
      const chosenNetwork = reply.decision.type !== 'reject' && reply.decision.network;
      await gate.decide(
        {
          ...bind,
          decision: chosenNetwork
            ? {
                type: 'reject',
                reason: `the network chosen for this run was refused: ${result.reason}`,
              }
            : { type: 'run_once' },
        },
        reply.decidedBy ?? 'person',
      );
    }
  }

  const commands: CommandPort = {
    gate: {
      request: (proposal, call) =>
        gate.request(proposal, {
          ...call,
          emit: (event) => {
            call.emit?.(event);
            if (event.type !== 'command_approval_request') return;
            answerCommand(event.request).catch((error: unknown) => {
              void gate.decide({
                approvalId: event.request.approvalId,
                commandHash: event.request.commandHash,
                decision: {
                  type: 'reject',
                  reason: `the approval prompt failed: ${error instanceof Error ? error.message : String(error)}`,
                },
              });
            });
          },
        }),
    },
    sandbox: detectSandbox(),
    outputDir: commandOutputDir(home, projectId),
    hidden: [home],
    networkRules: () => createNetworkRuleRepository(db).scopedHosts(projectId),
    checkpoints,
  };

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
      if (waiting.has(event.approvalId))
        io.stderr.write(
          `\n${
            event.evidence.state === 'checking'
              ? 'The changed files of the change above were checked:'
              : 'The check of the change above finished:'
          }\n${renderEvidence(event.evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR)}`,
        );
      return;
    }
    if (event.type === 'tool_call_approval_request') {
      answerToolCall(event.request).catch(rejectOnPromptFailure(event.request));
      return;
    }
    if (event.type !== 'approval_request') return;
    waiting.add(event.request.approvalId);
    answer(event.request).catch(rejectOnPromptFailure(event.request));
  };
  let closed = false;
  return {
    broker,
    db,
    commands,
    onEvent,
    takeAlwaysAllowed: (approvalId) => alwaysAllowed.delete(approvalId),
    close() {
      if (closed) return;
      closed = true;
      dispose();
      gate.abortAll();
      approver.close();
      if (ownsDb) db.close();
    },
  };
}

/** `sluice tool`'s extendContext: write tools get the CLI approval gate, closed after the run. */
export async function cliWriteContext(args: {
  workspace: Workspace;
  tool: { kind: 'read' | 'write' };
  yes: boolean;
  io: CliIo;
  /** The diagnostics service behind evidence (issue 24); default the shell's. */
  createDiagnostics?: CreateDiagnostics;
  /** Tests before approval (issue 31); default the shell's, null for none. */
  createTests?: CreateTests | null;
}): Promise<{
  context: {
    approvals?: ApprovalBroker;
    commands?: CommandPort;
    diagnostics?: ProjectDiagnostics;
    tests?: ProjectTests;
  };
  close(): Promise<void>;
}> {
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: args.yes,
  });
  // read_command_output reads the logs run_command keeps; write tools get the gates and the
  // check before approval (the person at the terminal sees the evidence under the diff).
  const diagnostics =
    args.tool.kind === 'write'
      ? openCliDiagnostics({
          workspace: args.workspace,
          db: session.db,
          create: args.createDiagnostics,
        })
      : undefined;
  const testRuns =
    args.tool.kind === 'write' && args.createTests !== null
      ? (args.createTests ?? shellCreateTests)({
          root: args.workspace.root,
          projectId: projectIdFor(args.workspace.root),
          home: sluiceHomeFor(args.io),
          settings: createSettingsRepository(session.db),
        })
      : undefined;
  const context =
    args.tool.kind === 'write'
      ? {
          approvals: session.broker,
          commands: session.commands,
          ...(diagnostics ? { diagnostics } : {}),
          ...(testRuns ? { tests: testRuns.tests } : {}),
        }
      : { commands: session.commands };
  return {
    context,
    close: async () => {
      try {
        await diagnostics?.dispose();
        testRuns?.service.dispose();
      } finally {
        session.close();
      }
    },
  };
}

export { NO_TERMINAL_REASON };
