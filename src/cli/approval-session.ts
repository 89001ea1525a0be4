// The approval gate as the CLI runs it (`sluice tool`, `sluice ask`): the policy, audit and
// checkpoints live in the app DB under SLUICE_HOME; asks go to the terminal approver, or are
// answered by `--yes` as the person would. `--yes` never overrides a deny rule or read-only
// mode (the broker denies those before anyone is asked), and it does not cover protected
// paths: those need an explicit answer on a terminal, and without one they are rejected.
import type { AgentEvent } from '../shared/agent-events';
import type { ApprovalMode, ApprovalRequest } from '../shared/approvals';
import type { ApprovalBroker } from '../main/core/approvals/approval-broker';
import type { ApprovalPort } from '../main/core/approvals/approval-port';
import { createProjectApprovals } from '../main/core/approvals/project-approvals';
import { openAppDatabase } from '../main/core/store/app-database';
import type { WritableDb } from '../main/core/store/database-handles';
import { createPolicyRepository } from '../main/core/store/policy-repository';
import { projectIdFor } from '../main/core/store/project-id';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { sluiceHomeFor } from './project-context';
import {
  createTerminalApprover,
  NO_TERMINAL_REASON,
  type TerminalApprover,
} from './terminal-approval';

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

export interface CliApprovalSession {
  readonly broker: ApprovalBroker;
  /** Feed every AgentEvent here; approval_request events are answered. */
  readonly onEvent: (event: AgentEvent) => void;
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
  const db = options.db ?? openAppDatabase({ home: sluiceHomeFor(io) });
  const { broker, dispose } = createProjectApprovals({
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
        `Saved rule ${rule.id}: allow writes to ${rule.pathGlob} (remove it in Settings).\n`,
      );
    }
    broker.decide({ ...bind, decision: reply.decision }, reply.decidedBy ?? 'person');
  }

  const onEvent = (event: AgentEvent): void => {
    if (event.type !== 'approval_request') return;
    answer(event.request).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      broker.decide(
        {
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision: { type: 'reject', reason: `the approval prompt failed: ${reason}` },
        },
        'person',
      );
    });
  };
  let closed = false;
  return {
    broker,
    onEvent,
    close() {
      if (closed) return;
      closed = true;
      dispose();
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
}): Promise<{ context: { approvals?: ApprovalBroker }; close(): void }> {
  if (args.tool.kind !== 'write') return { context: {}, close: () => undefined };
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: args.yes,
  });
  return { context: { approvals: session.broker }, close: () => session.close() };
}

export { NO_TERMINAL_REASON };

/** One turn's approvals in `sluice ask`: the port the tools use, and its close. */
export interface TurnApprovals {
  readonly port: ApprovalPort;
  close(): void;
}

/**
 * `sluice ask`'s approval seam (AskCommandDeps.approvals): the turn's port, with approval
 * events going into the turn's stream and answered on the terminal (or rejected without one).
 * close() after the turn rejects anything left pending and lets go of stdin.
 */
export function askApprovals(args: {
  workspace: Workspace;
  db: WritableDb;
  mode: ApprovalMode;
  io: CliIo;
  emit: (event: AgentEvent) => void;
}): TurnApprovals {
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: false,
    modeOverride: args.mode,
    db: args.db,
  });
  const port = session.broker.forTurn((event) => {
    args.emit(event);
    session.onEvent(event);
  });
  return { port, close: () => session.close() };
}
