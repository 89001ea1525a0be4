import { describe, expect, it } from 'vitest';
import {
  applyAgentEvent,
  emptyConversation,
  groupTurns,
  type ConversationState,
} from '../../src/shared/conversation-state';
import type { AgentEvent } from '../../src/shared/agent-events';
import { editRequest, ev } from '../renderer/support/agent-events';

function run(events: AgentEvent[]): ConversationState {
  return events.reduce(applyAgentEvent, emptyConversation('c1'));
}

describe('applyAgentEvent', () => {
  it('text deltas of one message - joined into one item', () => {
    const state = run([ev.turnStart('q'), ev.text('a'), ev.text('b'), ev.text('c', 'm2')]);
    expect(
      state.items.map((item) => (item.type === 'assistant_text' ? item.text : item.type)),
    ).toEqual(['user', 'ab', 'c']);
    expect(state.running).toBe(true);
  });

  it('retry that discards a reply - its streamed text is removed, the rest kept', () => {
    const state = run([
      ev.turnStart('q'),
      ev.text('kept', 'm0'),
      ev.text('cut off mid tool', 'm1'),
      {
        type: 'retry',
        conversationId: 'c1',
        turnId: 't1',
        attempt: 1,
        reason: 'max_tokens',
        discardedMessageId: 'm1',
      },
      ev.text('fresh', 'm2'),
    ]);
    expect(
      state.items.map((item) => (item.type === 'assistant_text' ? item.text : item.type)),
    ).toEqual(['user', 'kept', 'fresh']);
  });

  it('turn_start twice for one turn (continue) - one user item', () => {
    const state = run([ev.turnStart('q'), ev.turnEnd('max_turns'), ev.turnStart('q')]);
    expect(state.items.filter((item) => item.type === 'user')).toHaveLength(1);
    expect(state.canContinue).toBe(false);
  });

  it('turn ends with a step still running - the step is marked error, never spins forever', () => {
    const state = run([ev.turnStart('q'), ev.toolStart('u1', 'Reading a'), ev.turnEnd('aborted')]);
    expect(state.items[1]).toMatchObject({
      type: 'tool',
      status: 'error',
      result: 'Stopped before it finished.',
    });
    expect(state.lastTurnEnd).toEqual({ turnId: 't1', reason: 'aborted' });
  });

  it('a step waiting for an approval - marked with the approval, cleared when it is decided', () => {
    const request = editRequest({ approvalId: 'a1' });
    const waiting = run([
      ev.turnStart('q'),
      ev.toolStart('u1', 'Editing a', {}, 'edit_file'),
      ev.toolStart('u2', 'Reading b'),
      ev.approval(request, 'c1', 'u1'),
    ]);
    expect(waiting.items[1]).toMatchObject({ id: 'u1', status: 'running', waitingFor: 'a1' });
    expect(waiting.items[2]).not.toHaveProperty('waitingFor');

    const decided = applyAgentEvent(waiting, {
      type: 'approval_resolved',
      conversationId: 'c1',
      turnId: 't1',
      approvalId: 'a1',
      outcome: 'approved',
      decidedBy: 'person',
    });
    expect(decided.items[1]).toMatchObject({ id: 'u1', status: 'running' });
    expect(decided.items[1]).not.toHaveProperty('waitingFor');

    const ended = applyAgentEvent(waiting, ev.toolEnd('u1', 'rejected', 'no', 'edit_file'));
    expect(ended.items[1]).toMatchObject({ status: 'rejected' });
    expect(ended.items[1]).not.toHaveProperty('waitingFor');
    const stopped = applyAgentEvent(waiting, ev.turnEnd('aborted'));
    expect(stopped.items[1]).toMatchObject({ status: 'error' });
    expect(stopped.items[1]).not.toHaveProperty('waitingFor');
  });

  it('an approval request with no step (an older main) - the transcript is unchanged', () => {
    const before = run([ev.turnStart('q'), ev.toolStart('u1', 'Editing a', {}, 'edit_file')]);
    expect(applyAgentEvent(before, ev.approval(editRequest()))).toBe(before);
  });

  it('max_turns - canContinue; error - keeps retryable', () => {
    expect(run([ev.turnStart('q'), ev.turnEnd('max_turns')]).canContinue).toBe(true);
    const failed = run([ev.turnStart('q'), ev.error('boom', false), ev.turnEnd('error')]);
    expect(failed.items[1]).toMatchObject({ type: 'error', message: 'boom', retryable: false });
  });

  it('retry event - a notice that the next delta clears', () => {
    const retrying = run([
      ev.turnStart('q'),
      { type: 'retry', conversationId: 'c1', turnId: 't1', attempt: 2, reason: 'overloaded' },
    ]);
    expect(retrying.notice).toBe('Retrying (attempt 2): overloaded');
    expect(applyAgentEvent(retrying, ev.text('x')).notice).toBeNull();
  });
});

describe('groupTurns', () => {
  it('groups by user message; the turn id comes from what followed', () => {
    const state = run([
      ev.turnStart('one'),
      ev.text('a'),
      ev.turnEnd(),
      ev.turnStart('two', 't2'),
      ev.text('b', 'm9', 't2'),
    ]);
    const groups = groupTurns(state.items);
    expect(groups.map((group) => [group.user?.text, group.turnId, group.items.length])).toEqual([
      ['one', 't1', 1],
      ['two', 't2', 1],
    ]);
  });
});
