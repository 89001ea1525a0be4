// The session's state outside React: events become printed blocks and live text, usage
// becomes the status line's facts, prompts typed during a turn wait in order, and a stored
// conversation taken up again is printed once.
import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../../src/cli/session/session-store';
import { statusItems, keysHint } from '../../../src/cli/session/status-line';
import type { ConversationView } from '../../../src/shared/contract';
import type { AgentEvent } from '../../../src/shared/agent-events';
import { CONVERSATION, turnEvents, usageOf } from './turn-events';

function newStore(): SessionStore {
  return new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
}

const turn = turnEvents('t1');

describe('SessionStore', () => {
  it('SessionStore - events become blocks printed once and the line still being written', () => {
    const store = newStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    store.event(turn.start('What is here?'));
    store.event(turn.delta('m1', 'A small app.\nIt has'));
    const during = store.snapshot();
    expect(during.blocks.map((b) => b.kind)).toEqual(['user', 'text']);
    expect(during.live.text).toBe('It has');
    expect(during.conversation.id).toBe(CONVERSATION);
    store.event(turn.delta('m1', ' two files.'));
    store.event(turn.end());
    const after = store.snapshot();
    expect(after.blocks.map((b) => ('text' in b ? b.text : b.kind))).toEqual([
      'What is here?',
      'A small app.',
      'It has two files.',
    ]);
    expect(after.live).toEqual({ text: '', steps: [] });
    expect(changes).toBeGreaterThanOrEqual(4);
  });

  it('SessionStore - a stopped turn says so under its last line, and the stopping hint goes', () => {
    const store = newStore();
    store.event(turn.start('Go slow'));
    store.event(turn.delta('m1', 'word word'));
    store.setHint('Stopping the turn (Esc)…');
    store.event({
      ...turn.end('aborted'),
      message: 'Stopped by you; the unfinished reply was discarded.',
    } as AgentEvent);
    const texts = store.snapshot().blocks.map((b) => ('text' in b ? b.text : b.kind));
    expect(texts.slice(-2)).toEqual([
      'word word',
      'Stopped by you; the unfinished reply was discarded.',
    ]);
    expect(store.snapshot().hint).toBeNull();
  });

  it('SessionStore - usage is the latest request for the context, summed for the turn', () => {
    const store = newStore();
    store.event(turn.start('Go'));
    store.event(turn.usage(usageOf(40_000, 2_000, 0.5)));
    store.event(turn.usage(usageOf(60_000, 3_000, 0.25)));
    const state = store.snapshot();
    expect(state.latest?.inputTokens).toBe(60_000);
    expect(state.turn.inputTokens).toBe(100_000);
    expect(state.conversation.usage.costUsd).toBeCloseTo(0.75);
    expect(statusItems(state, 200_000)).toEqual([
      'Mode: ask',
      'Model: claude-sonnet-5-5',
      'Cost: $0.75 this conversation',
      'Context: 32% of 200k',
    ]);
    store.event(turnEvents('t2').start('Again'));
    expect(store.snapshot().turn.inputTokens).toBe(0);
    expect(store.snapshot().conversation.usage.costUsd).toBeCloseTo(0.75);
  });

  it('SessionStore - before any request the status line has no context item', () => {
    const store = newStore();
    expect(statusItems(store.snapshot(), 200_000)).toEqual([
      'Mode: ask',
      'Model: claude-sonnet-5-5',
      'Cost: $0.00 this conversation',
    ]);
    expect(keysHint(store.snapshot())).toMatch(/^\/ commands/u);
    store.setBusy(true);
    expect(keysHint(store.snapshot())).toMatch(/^Esc stops the turn/u);
  });

  it('SessionStore - prompts typed during a turn wait and come out in order', () => {
    const store = newStore();
    store.enqueue('first');
    store.enqueue('second');
    expect(store.snapshot().queued).toEqual(['first', 'second']);
    expect(store.dequeue()).toBe('first');
    expect(store.dequeue()).toBe('second');
    expect(store.dequeue()).toBeNull();
    expect(store.snapshot().queued).toEqual([]);
  });

  it('SessionStore - say adds a notice block with its own key after what was printed', () => {
    const store = newStore();
    store.event(turn.start('Hi'));
    store.say('one');
    store.say('two', 'warn');
    const blocks = store.snapshot().blocks;
    expect(blocks.slice(1)).toEqual([
      { key: 'notice-1', kind: 'notice', tone: 'info', text: 'one' },
      { key: 'notice-2', kind: 'notice', tone: 'warn', text: 'two' },
    ]);
  });

  it('SessionStore - a stored conversation loaded is printed whole, with its usage', () => {
    const store = newStore();
    store.say('Sluice · /project');
    const view: ConversationView = {
      id: 'stored-1',
      title: 'Rename total',
      items: [
        { type: 'user', id: 'user-t0', text: 'Rename total', createdAt: 1 },
        { type: 'assistant_text', id: 'm0', turnId: 't0', text: 'Renamed.\nAll done.' },
      ],
      usage: usageOf(1000, 100, 0.02),
      latestUsage: usageOf(1000, 100, 0.02),
      running: false,
      canContinue: false,
    } as unknown as ConversationView;
    store.load(view, 'Rename total');
    const state = store.snapshot();
    expect(state.title).toBe('Rename total');
    expect(state.conversation.id).toBe('stored-1');
    expect(state.blocks.map((b) => ('text' in b ? b.text : b.kind))).toEqual([
      'Sluice · /project',
      'Rename total',
      'Renamed.\nAll done.',
    ]);
    expect(statusItems(state, 200_000)).toContain('Cost: $0.02 this conversation');
    expect(statusItems(state, 200_000)).toContain('Context: 1% of 200k');
  });

  it('SessionStore - a compaction lowers the context in use until the next request says', () => {
    const store = newStore();
    const view = {
      id: 'stored-2',
      title: 'Long one',
      items: [],
      usage: usageOf(100_000, 100, 0.3),
      latestUsage: usageOf(100_000, 100, 0.3),
      running: false,
      canContinue: false,
    } as unknown as ConversationView;
    store.load(view, 'Long one');
    expect(statusItems(store.snapshot(), 200_000)).toContain('Context: 50% of 200k');
    store.compacted(80_000);
    expect(statusItems(store.snapshot(), 200_000)).toContain('Context: 10% of 200k');
  });

  it('SessionStore - a plan approved into a mode is the mode the status line says', () => {
    const store = new SessionStore({ mode: 'plan', model: 'claude-sonnet-5-5' });
    store.event(turn.start('Plan it'));
    const base = { conversationId: CONVERSATION, turnId: 't1', approvalId: 'p1' };
    store.event({ type: 'plan_resolved', ...base, outcome: 'rejected', decidedBy: 'person' });
    expect(store.snapshot().mode).toBe('plan');
    store.event({
      type: 'plan_resolved',
      ...base,
      outcome: 'approved',
      mode: 'auto-edit',
      decidedBy: 'person',
    });
    expect(statusItems(store.snapshot(), 200_000)[0]).toBe('Mode: auto-edit');
  });

  it('SessionStore - a question decided without the person says who decided it', () => {
    const store = newStore();
    store.event(turn.start('Write it'));
    const base = { conversationId: CONVERSATION, turnId: 't1' };
    store.event({
      type: 'approval_resolved',
      ...base,
      approvalId: 'a1',
      outcome: 'approved',
      decidedBy: 'person',
    });
    store.event({
      type: 'approval_resolved',
      ...base,
      approvalId: 'a2',
      outcome: 'rejected',
      decidedBy: 'rule',
      reason: 'denied by rule `rm`',
    });
    const notices = store.snapshot().blocks.filter((block) => block.kind === 'notice');
    expect(notices).toEqual([
      expect.objectContaining({ tone: 'warn', text: '  denied by rule `rm`' }),
    ]);
  });

  it('SessionStore - clear starts a new conversation and keeps what was printed', () => {
    const store = newStore();
    store.event(turn.start('Hi'));
    store.event(turn.usage(usageOf(10, 10, 1)));
    store.event(turn.end());
    const printed = store.snapshot().blocks.length;
    store.clear();
    const state = store.snapshot();
    expect(state.conversation.items).toEqual([]);
    expect(state.conversation.usage.costUsd).toBe(0);
    expect(state.latest).toBeNull();
    expect(state.blocks).toHaveLength(printed);
  });
});
