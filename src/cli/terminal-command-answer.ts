// A command's question answered on the terminal: `--yes` runs a sandboxed command once and
// never an unsandboxed one without a person; a network choice the gate refuses never falls
// back to the wider network shown, and a refused rejection never falls back to running it.
import type { CommandApprovalRequest } from '../shared/command-approvals';
import type { CommandApprovalGate } from '../main/core/commands/command-approval-gate';
import type { CliIo } from './cli-io';
import { outsideLine } from './terminal-safe-text';
import { NO_TERMINAL_COMMAND_REASON, type TerminalApprover } from './terminal-approval';

export const YES_UNSANDBOXED_REASON =
  'would run outside a sandbox: --yes does not approve that, and there is no terminal to ask the person';

export async function answerCommand(
  on: {
    io: CliIo;
    gate: CommandApprovalGate;
    approver: TerminalApprover;
    yes: boolean;
    interactive: boolean;
    /** An approver handed in (tests) answers even without a terminal. */
    injected: boolean;
  },
  request: CommandApprovalRequest,
): Promise<void> {
  const { io, gate, approver } = on;
  const bind = { approvalId: request.approvalId, commandHash: request.commandHash };
  if (on.yes && request.sandboxed) {
    await gate.decide({ ...bind, decision: { type: 'run_once' } }, 'person');
    return;
  }
  if (on.yes && !on.interactive && !on.injected) {
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
  // A rejection that is not taken has nothing to fall back to: the command was already
  // settled (the turn was stopped), and it never runs instead.
  if (!result.accepted && reply.decision.type !== 'reject') {
    io.stderr.write(`${outsideLine(result.reason)}\n`);
    // A refused network choice never falls back to the (maybe wider) network shown.
    const chosenNetwork = reply.decision.network;
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
