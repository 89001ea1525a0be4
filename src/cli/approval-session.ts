// The approval gate as the CLI runs it (`sluice tool`, `sluice ask`): the policy, audit and
// checkpoints live in the app DB under SLUICE_HOME; asks go to the terminal approver, or are
// answered by `--yes` as the person would. `--yes` never overrides a deny rule or read-only
// mode (the broker denies those before anyone is asked), and it does not cover protected
// paths: those need an explicit answer on a terminal, and without one they are rejected.
import os from 'node:os';
import type { AgentEvent } from '../shared/agent-events';
import type { ApprovalMode, ApprovalRequest } from '../shared/approvals';
import { ApprovalBroker } from '../main/core/approvals/approval-broker';
import type { ApprovalAudit } from '../main/core/approvals/approval-audit';
import type { CheckpointStore } from '../main/core/checkpoints/checkpoint-store';
import { openAppDatabase } from '../main/core/store/app-database';
import type { WritableDb } from '../main/core/store/database-handles';
import { createApprovalAuditRepository } from '../main/core/store/approval-audit-repository';
import { createCheckpointRepository } from '../main/core/store/checkpoint-repository';
import { createPolicyRepository } from '../main/core/store/policy-repository';
import { projectIdFor } from '../main/core/store/project-id';
import { resolveSluiceHome } from '../main/core/store/sluice-home';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CommandApprovalRequest } from '../shared/command-approvals';
import { CommandApprovalGate } from '../main/core/approvals/command-approval-gate';
import { createCommandRuleRepository } from '../main/core/store/command-rule-repository';
import type { CommandPort } from '../main/core/commands/command-port';
import { detectBubblewrap } from '../main/core/commands/bubblewrap';
import path from 'node:path';
import type { CliIo } from './cli-io';
import {
  createTerminalApprover,
  NO_TERMINAL_COMMAND_REASON,
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
  /** An open app DB to use; otherwise one is opened for each write and closed again. */
  readonly db?: WritableDb;
}

export const YES_UNSANDBOXED_REASON =
  'would run outside a sandbox: --yes does not approve that, and there is no terminal to ask the person';

export interface CliApprovalSession {
  readonly broker: ApprovalBroker;
  /** run_command's port: its approvals go to the same terminal, --yes runs it once. */
  readonly commands: CommandPort;
  /** Feed every AgentEvent here; approval_request events are answered. */
  readonly onEvent: (event: AgentEvent) => void;
  close(): void;
}

export function sluiceHomeFor(io: CliIo): string {
  return resolveSluiceHome({
    env: io.env,
    platform: process.platform,
    homedir: os.homedir(),
    cwd: io.cwd,
  });
}

export function createCliApprovalSession(options: CliApprovalSessionOptions): CliApprovalSession {
  const { io, workspace } = options;
  const projectId = projectIdFor(workspace.root);
  const useDb = <T>(fn: (db: WritableDb) => T): T => {
    if (options.db) return fn(options.db);
    const db = openAppDatabase({ home: sluiceHomeFor(io) });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const audit: ApprovalAudit = {
    recordProposal: (entry) =>
      useDb((db) => createApprovalAuditRepository(db, projectId).recordProposal(entry)),
    recordDecision: (entry) =>
      useDb((db) => createApprovalAuditRepository(db, projectId).recordDecision(entry)),
    recordApplication: (id, result) =>
      useDb((db) => createApprovalAuditRepository(db, projectId).recordApplication(id, result)),
  };
  const checkpoints: CheckpointStore = {
    record: (checkpoint) =>
      useDb((db) => createCheckpointRepository(db, projectId).record(checkpoint)),
    list: (filter) => useDb((db) => createCheckpointRepository(db, projectId).list(filter)),
    get: (id) => useDb((db) => createCheckpointRepository(db, projectId).get(id)),
    byTurn: (turnId) => useDb((db) => createCheckpointRepository(db, projectId).byTurn(turnId)),
    markUndone: (id) => useDb((db) => createCheckpointRepository(db, projectId).markUndone(id)),
  };
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
  const broker = new ApprovalBroker({
    policy: () => {
      const stored = useDb((db) => createPolicyRepository(db).get(projectId));
      return options.modeOverride ? { ...stored, mode: options.modeOverride } : stored;
    },
    audit,
    checkpoints,
    emit: (event) => onEvent(event),
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
      const rule = useDb((db) =>
        createPolicyRepository(db).addRule(projectId, {
          tool: 'write',
          pathGlob: reply.alwaysAllowGlob ?? request.path,
          action: 'allow',
        }),
      );
      io.stderr.write(
        `Saved rule ${rule.id}: allow writes to ${rule.pathGlob} (remove it in Settings).\n`,
      );
    }
    broker.decide({ ...bind, decision: reply.decision }, reply.decidedBy ?? 'person');
  }

  const home = sluiceHomeFor(io);
  const gate = new CommandApprovalGate({
    policy: () => {
      const mode = useDb((db) => createPolicyRepository(db).get(projectId).mode);
      const rules = useDb((db) => createCommandRuleRepository(db).list(projectId));
      return { mode: options.modeOverride ?? mode, rules };
    },
    addAllowRule: (prefix) => {
      const rule = useDb((db) =>
        createCommandRuleRepository(db).add(projectId, { prefix, action: 'allow' }),
      );
      io.stderr.write(
        `Saved rule ${rule.id}: allow commands starting "${rule.prefix.join(' ')}" (remove it in Settings).\n`,
      );
    },
    audit,
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
      io.stderr.write(`${result.reason}\n`);
      await gate.decide({ ...bind, decision: { type: 'run_once' } }, reply.decidedBy ?? 'person');
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
    sandbox: detectBubblewrap(),
    outputDir: path.join(home, 'command-output', projectId),
    hidden: [home],
    checkpoints,
  };

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
  return {
    broker,
    commands,
    onEvent,
    close() {
      broker.abortAll();
      gate.abortAll();
      approver.close();
    },
  };
}

/** `sluice tool`'s extendContext: write tools get the CLI approval gate. */
export async function cliWriteContext(args: {
  workspace: Workspace;
  tool: { kind: 'read' | 'write' };
  yes: boolean;
  io: CliIo;
}): Promise<{ approvals?: ApprovalBroker; commands?: CommandPort }> {
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: args.yes,
  });
  // read_command_output reads the logs run_command keeps; write tools get the gates.
  if (args.tool.kind !== 'write') return { commands: session.commands };
  return { approvals: session.broker, commands: session.commands };
}

export { NO_TERMINAL_REASON };

/** `sluice ask`'s run_command seam: commands ask on the terminal (rejected without one). */
export function askCommands(args: {
  workspace: Workspace;
  db: WritableDb;
  mode: ApprovalMode;
  io: CliIo;
}): CommandPort {
  return createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: false,
    modeOverride: args.mode,
    db: args.db,
  }).commands;
}

/**
 * `sluice ask`'s approval seam (AskCommandDeps.approvals): the turn's port, with approval
 * events going into the turn's stream and answered on the terminal (or rejected without one).
 */
export function askApprovals(args: {
  workspace: Workspace;
  db: WritableDb;
  mode: ApprovalMode;
  io: CliIo;
  emit: (event: AgentEvent) => void;
}): ReturnType<ApprovalBroker['forTurn']> {
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: false,
    modeOverride: args.mode,
    db: args.db,
  });
  return session.broker.forTurn((event) => {
    args.emit(event);
    session.onEvent(event);
  });
}
