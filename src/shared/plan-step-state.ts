// A plan in the chat's view-model: the submit_plan step carries its plan card, waiting while
// the person decides and then marked with the decision (and the mode the turn went on in), so
// the plan stays in view after it was approved.
import type { AgentEventOf } from './agent-events';
import type { TranscriptItem } from './contract';

type ToolItem = Extract<TranscriptItem, { type: 'tool' }> & { waitingFor?: string };

export type PlanEvent = AgentEventOf<'plan_request' | 'plan_resolved'>;

/** The items with the plan event applied to its step; every other item as it was. */
export function applyPlanEvent<I extends { type: string }>(items: I[], event: PlanEvent): I[] {
  return items.map((item) => {
    if (item.type !== 'tool') return item;
    const step = item as unknown as ToolItem;
    if (event.type === 'plan_request') {
      if (step.id !== event.toolUseId || step.status !== 'running') return item;
      return {
        ...step,
        waitingFor: event.approvalId,
        plan: { approvalId: event.approvalId, plan: event.plan, state: 'waiting' },
      } as unknown as I;
    }
    if (step.plan?.approvalId !== event.approvalId) return item;
    const { waitingFor: _decided, ...rest } = step;
    return {
      ...rest,
      plan: {
        approvalId: step.plan.approvalId,
        plan: step.plan.plan,
        state: event.outcome,
        ...(event.mode ? { mode: event.mode } : {}),
        ...(event.editedText !== undefined ? { editedText: event.editedText } : {}),
        ...(event.feedback !== undefined ? { feedback: event.feedback } : {}),
      },
    } as unknown as I;
  });
}
