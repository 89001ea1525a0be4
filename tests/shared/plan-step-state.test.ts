// A plan on its step in the chat's view-model: attached when it is asked, marked when it is
// decided (with the mode, the person's text or their feedback), and nothing else changes.
import { describe, expect, it } from 'vitest';
import {
  applyAgentEvent,
  emptyConversation,
  type ConversationState,
} from '../../src/shared/conversation-state';
import type { AgentEvent } from '../../src/shared/agent-events';
import { ev } from '../renderer/support/agent-events';

const ids = { conversationId: 'c1', turnId: 't1' };
const plan = { summary: 'Rename', steps: ['Rename it'], files: ['a.ts'] };

function run(events: AgentEvent[]): ConversationState {
  return events.reduce(applyAgentEvent, emptyConversation('c1'));
}

const asked: AgentEvent[] = [
  ev.turnStart('q'),
  ev.toolStart('tu_read', 'Reading a.ts'),
  ev.toolStart('tu_plan', 'Plan: Rename', plan, 'submit_plan'),
  { type: 'plan_request', ...ids, toolUseId: 'tu_plan', approvalId: 'p1', plan },
];

describe('plan on its step', () => {
  it('plan_request - the submit_plan step waits with its plan; other steps stay as they were', () => {
    const state = run(asked);
    const [read, planStep] = state.items.filter((item) => item.type === 'tool');
    expect(planStep).toMatchObject({
      id: 'tu_plan',
      waitingFor: 'p1',
      plan: { approvalId: 'p1', plan, state: 'waiting' },
    });
    expect(read).not.toHaveProperty('plan');
  });

  it('plan_resolved - marks the plan with its decision and the mode, and the step no longer waits', () => {
    const state = run([
      ...asked,
      {
        type: 'plan_resolved',
        ...ids,
        approvalId: 'p1',
        outcome: 'edited',
        mode: 'auto-edit',
        decidedBy: 'person',
        editedText: 'Mine',
      },
    ]);
    const step = state.items.find((item) => item.id === 'tu_plan');
    expect(step).toMatchObject({
      plan: { state: 'edited', mode: 'auto-edit', editedText: 'Mine', plan },
    });
    expect(step).not.toHaveProperty('waitingFor');
  });

  it('plan_resolved - a rejection keeps the feedback; an unknown approval changes nothing', () => {
    const rejected = run([
      ...asked,
      {
        type: 'plan_resolved',
        ...ids,
        approvalId: 'p1',
        outcome: 'rejected',
        decidedBy: 'person',
        feedback: 'smaller',
      },
    ]);
    expect(rejected.items.find((item) => item.id === 'tu_plan')).toMatchObject({
      plan: { state: 'rejected', feedback: 'smaller' },
    });
    const before = run(asked);
    const after = applyAgentEvent(before, {
      type: 'plan_resolved',
      ...ids,
      approvalId: 'other',
      outcome: 'approved',
      mode: 'ask',
      decidedBy: 'person',
    });
    expect(after.items).toEqual(before.items);
  });
});
