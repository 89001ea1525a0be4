// `sluice ask`'s approval seams: the port a turn's tools ask through, built from the CLI approval
// session on the turn's first write only (so a read-only turn never touches stdin), and
// run_command's port, whose session starts with the first command. Both close with the turn:
// anything still pending is rejected and stdin is let go.
import type { ApprovalMode } from '../shared/approvals';
import type {
  ApprovalPort,
  ToolCallApprovalPort,
  WriteCall,
} from '../main/core/approvals/approval-port';
import type { CommandPort } from '../main/core/commands/command-port';
import { commandOutputDir } from '../main/core/commands/project-commands';
import { createNetworkRuleRepository } from '../main/core/commands/network-rule-repository';
import { detectSandbox } from '../main/core/commands/sandbox-detect';
import { createCheckpointRepository } from '../main/core/store/checkpoint-repository';
import type { WritableDb } from '../main/core/store/database-handles';
import { projectIdFor } from '../main/core/store/project-id';
import type { Workspace } from '../main/core/workspace/workspace';
import { createCliApprovalSession, type CliApprovalSession } from './approval-session';
import type { CliIo } from './cli-io';
import { sluiceHomeFor } from './project-context';

/** One turn's approvals in `sluice ask`: the port the tools use, and its close. */
export interface TurnApprovals {
  /** File approvals, and MCP tool calls when the port can ask for them. */
  readonly port: ApprovalPort & Partial<ToolCallApprovalPort>;
  close(): void;
}

/** `sluice ask`'s run_command seam: commands ask on the terminal (rejected without one). */
export function askCommands(args: {
  workspace: Workspace;
  db: WritableDb;
  mode: ApprovalMode;
  io: CliIo;
}): CommandPort & { close(): void } {
  // The session (and its hold on stdin) starts with the first command, not with the turn.
  let session: CliApprovalSession | undefined;
  const get = (): CliApprovalSession =>
    (session ??= createCliApprovalSession({
      io: args.io,
      workspace: args.workspace,
      yes: false,
      modeOverride: args.mode,
      db: args.db,
    }));
  const home = sluiceHomeFor(args.io);
  const projectId = projectIdFor(args.workspace.root);
  return {
    gate: { request: (proposal, call) => get().commands.gate.request(proposal, call) },
    sandbox: detectSandbox(),
    outputDir: commandOutputDir(home, projectId),
    hidden: [home],
    networkRules: () => createNetworkRuleRepository(args.db).scopedHosts(projectId),
    checkpoints: createCheckpointRepository(args.db, projectId),
    close: () => session?.close(),
  };
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
}): TurnApprovals {
  const session = createCliApprovalSession({
    io: args.io,
    workspace: args.workspace,
    yes: false,
    modeOverride: args.mode,
    db: args.db,
  });
  const { broker } = session;
  // Events still go into the turn's stream (the call's emit); the terminal answers them too.
  const prompted = (call: WriteCall): WriteCall => ({
    ...call,
    emit: (event) => {
      call.emit?.(event);
      session.onEvent(event);
    },
  });
  const port: ApprovalPort & ToolCallApprovalPort = {
    request: (proposal, call) => broker.request(proposal, prompted(call)),
    requestToolCall: async (proposal, call) => {
      const resolution = await broker.requestToolCall(proposal, prompted(call));
      // "Always allow" travels with the approval to the tool, which saves it for its server.
      return resolution.outcome === 'approved' && session.takeAlwaysAllowed(resolution.approvalId)
        ? { ...resolution, alwaysAllow: true }
        : resolution;
    },
    wouldAsk: (proposal) => broker.wouldAsk(proposal),
    applied: (change) => broker.applied(change),
    failed: (approvalId, reason) => broker.failed(approvalId, reason),
  };
  return { port, close: () => session.close() };
}

/**
 * Builds the real approvals on the first request; without them, refuses as a missing gate
 * would. close() closes them if they were built.
 */
export function lazyApprovals(
  build: () => TurnApprovals | undefined,
): ApprovalPort & ToolCallApprovalPort & { close(): void } {
  let built: TurnApprovals | undefined | null = null;
  const get = (): TurnApprovals['port'] | undefined => {
    if (built === null) built = build();
    return built?.port;
  };
  return {
    async request(proposal, call) {
      const real = get();
      if (real) return real.request(proposal, call);
      return {
        approvalId: 'none',
        decidedBy: 'mode',
        outcome: 'denied',
        reason: 'no approval gate is available in this run, so writes are refused',
      };
    },
    async requestToolCall(proposal, call) {
      const real = get();
      if (real?.requestToolCall) return real.requestToolCall(proposal, call);
      return {
        approvalId: 'none',
        decidedBy: 'mode',
        outcome: 'rejected',
        reason: 'no approval gate is available in this run, so MCP tool calls are refused',
      };
    },
    // Live evidence holds a broken change back only when a person would see it: without this
    // the first write of every `sluice ask` turn went to the person with its errors unrevised.
    wouldAsk: (proposal) => get()?.wouldAsk?.(proposal) ?? false,
    applied: (change) => get()?.applied(change),
    failed: (approvalId, reason) => get()?.failed(approvalId, reason),
    close: () => built?.close(),
  };
}
