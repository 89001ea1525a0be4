// A write's question answered on the terminal: `--yes` approves what a person would, never a
// protected path without a person; "always allow" is saved as a rule the person can see.
import type { ApprovalRequest } from '../shared/approvals';
import type { ApprovalBroker } from '../main/core/approvals/approval-broker';
import type { WritableDb } from '../main/core/store/database-handles';
import { createPolicyRepository } from '../main/core/store/policy-repository';
import type { CliIo } from './cli-io';
import type { TerminalApprover } from './terminal-approval';
import { shortRuleId } from './typed-id';

export const YES_PROTECTED_REASON =
  'is a protected path: --yes does not approve it, and there is no terminal to ask the person';

export async function answerWrite(
  on: {
    io: CliIo;
    db: WritableDb;
    projectId: string;
    broker: ApprovalBroker;
    approver: TerminalApprover;
    yes: boolean;
    interactive: boolean;
    /** An approver handed in (tests) answers even without a terminal. */
    injected: boolean;
  },
  request: ApprovalRequest,
  /** The conversation the write came from; none: a verb of the person's own (no model). */
  conversationId: string,
): Promise<void> {
  const { io, db, projectId, broker, approver } = on;
  const bind = { approvalId: request.approvalId, proposalHash: request.proposalHash };
  if (on.yes && !request.protectedPath) {
    broker.decide({ ...bind, decision: { type: 'approve' } }, 'person');
    return;
  }
  if (on.yes && request.protectedPath && !on.interactive && !on.injected) {
    broker.decide(
      {
        ...bind,
        decision: { type: 'reject', reason: `${request.path} ${YES_PROTECTED_REASON}` },
      },
      'mode',
    );
    return;
  }
  const reply = await approver.ask(request, { modelReads: conversationId !== '' });
  if (reply.alwaysAllowGlob) {
    const rule = createPolicyRepository(db).addRule(projectId, {
      tool: 'write',
      pathGlob: reply.alwaysAllowGlob ?? request.path,
      action: 'allow',
    });
    io.stderr.write(
      `Saved rule ${shortRuleId(rule.id)}: allow writes to ${rule.pathGlob} (remove it with "sluice rules remove ${shortRuleId(rule.id)}" or in Settings).\n`,
    );
  }
  broker.decide({ ...bind, decision: reply.decision }, reply.decidedBy ?? 'person');
}
