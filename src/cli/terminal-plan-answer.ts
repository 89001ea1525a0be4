// A plan on the CLI (`sluice ask --mode plan`): asked on the terminal and decided through the
// project's plan gate. `--yes` is no answer for a plan; without a terminal it is rejected, and
// the model reads that nobody could be asked. A prompt that fails rejects it the same way.
import type { AgentEventOf } from '../shared/agent-events';
import type { PlanGate } from '../main/core/approvals/plan-gate';
import type { TerminalApprover } from './terminal-approval';
import { NO_TERMINAL_PLAN_REASON, type TerminalPlanAnswer } from './terminal-plan-prompt';

const NOBODY: TerminalPlanAnswer = {
  decision: { type: 'reject', feedback: NO_TERMINAL_PLAN_REASON },
  decidedBy: 'mode',
};

export async function answerPlan(
  approver: TerminalApprover,
  plans: PlanGate,
  event: AgentEventOf<'plan_request'>,
): Promise<void> {
  const { approvalId, plan } = event;
  let reply: TerminalPlanAnswer;
  try {
    reply = approver.askPlan ? await approver.askPlan({ approvalId, plan }) : NOBODY;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    reply = {
      decision: { type: 'reject', feedback: `the plan prompt failed: ${why}` },
      decidedBy: 'mode',
    };
  }
  plans.decide({ approvalId, decision: reply.decision }, reply.decidedBy ?? 'person');
}
