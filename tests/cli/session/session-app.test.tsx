// The session's whole screen drawn by Ink from a store: the printed blocks, the line of the
// answer still being written and the steps running, the prompt, and the status line in words
// ("Mode: ask", "Cost: $…", "Context: N% of 200k"). Text from the model is shown, never obeyed.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptHistory } from '../../../src/cli/session/prompt-editing';
import { SessionApp } from '../../../src/cli/session/session-app';
import { SessionStore } from '../../../src/cli/session/session-store';
import { frameWhere } from './ink-frames';
import { turnEvents, usageOf } from './turn-events';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function draw(store: SessionStore, base = 0) {
  const screen = render(
    <SessionApp
      store={store}
      base={base}
      contextWindow={200_000}
      prompt={{
        history: new PromptHistory([]),
        sources: { commands: () => [], files: async () => [] },
        placeholder: 'Ask Claude…',
        drafts: store.drafts,
        onSubmit: () => undefined,
        onEscape: () => undefined,
        onCtrlC: () => undefined,
        onExit: () => undefined,
      }}
    />,
  );
  cleanup = () => screen.unmount();
  // The testing renderer draws each frame as everything <Static> has printed so far, then the
  // live part: a block printed twice would be in it twice.
  const frame = () => screen.lastFrame() ?? '';
  return {
    screen,
    frame,
    shows: (check: (shown: string) => boolean) => frameWhere(frame, check),
  };
}

const turn = turnEvents('t1');

function storeMidTurn(): SessionStore {
  const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
  store.say('Sluice · /tmp/project · /help lists the commands');
  store.event(turn.start('Explain the cart'));
  store.event(turn.usage(usageOf(24_000, 1_000, 0.125)));
  store.event(turn.delta('m1', 'The cart keeps a total.\nIt adds each'));
  store.setBusy(true);
  return store;
}

describe('SessionApp', () => {
  it('SessionApp - prints the blocks, the live line and the status line in words', async () => {
    const store = storeMidTurn();
    const { shows } = draw(store);
    const frame = await shows((f) => f.includes('Mode: ask'));
    expect(frame).toContain('It adds each');
    expect(frame).toContain('Claude is working… (Esc stops)');
    expect(frame).toContain('Ask Claude…');
    expect(frame).toContain('Model: claude-sonnet-5-5');
    expect(frame).toContain('Cost: $0.13 this conversation');
    expect(frame).toContain('Context: 13% of 200k');
    expect(frame).toContain('Esc stops the turn · Ctrl+C twice leaves');
    expect(frame).toContain('Sluice · /tmp/project · /help lists the commands');
    expect(frame).toContain('> Explain the cart');
    expect(frame).toContain('The cart keeps a total.');
  });

  it('SessionApp - a line finished while shown is printed once; the live line moves on', async () => {
    const store = storeMidTurn();
    const { shows } = draw(store);
    await shows((f) => f.includes('It adds each'));
    store.event(turn.delta('m1', ' item.\nDone'));
    await shows((f) => f.includes('It adds each item.') && /^Done$/mu.test(f));
    store.event(turn.end());
    store.setBusy(false);
    const final = await shows((f) => f.includes('/ commands · @ files'));
    expect(final).not.toContain('Claude is working');
    expect(final.split('The cart keeps a total.')).toHaveLength(2);
    expect(final.split(/^Done$/mu)).toHaveLength(2);
  });

  it('SessionApp - running steps are live, the first with a spinner', async () => {
    const store = new SessionStore({ mode: 'auto-edit', model: 'claude-sonnet-5-5' });
    store.event(turn.start('Read two files'));
    store.event(turn.toolStart('u1', 'Reading cart.ts'));
    store.event(turn.toolStart('u2', 'Reading total.ts'));
    store.setBusy(true);
    const { shows } = draw(store);
    const frame = await shows((f) => f.includes('Reading total.ts'));
    expect(frame).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Reading cart\.ts/u);
    expect(frame).toContain('· Reading total.ts');
    expect(frame).toContain('Mode: auto-edit');
    expect(frame).not.toContain('Context:');
  });

  it('SessionApp - prompts waiting for the turn are counted', async () => {
    const store = storeMidTurn();
    store.enqueue('then run the tests');
    store.enqueue('and commit');
    const { shows } = draw(store);
    await shows((f) => f.includes('2 prompts queued: sent when this turn ends'));
  });

  it('SessionApp - the hint under the prompt shows and goes', async () => {
    const store = storeMidTurn();
    const { shows } = draw(store);
    store.setHint('Press Ctrl+C again to leave.');
    await shows((f) => f.includes('Press Ctrl+C again to leave.'));
    store.setHint(null);
    await shows((f) => !f.includes('Press Ctrl+C again'));
  });

  it('SessionApp - suspended, only the printed blocks are drawn, no prompt or status', async () => {
    const store = storeMidTurn();
    const { shows } = draw(store);
    await shows((f) => f.includes('Mode: ask'));
    store.setSuspended(true);
    const frame = await shows((f) => !f.includes('Mode: ask'));
    expect(frame).not.toContain('Ask Claude…');
  });

  it('SessionApp - blocks before base were printed by an earlier screen and are not again', async () => {
    const store = storeMidTurn();
    const base = store.snapshot().blocks.length;
    store.say('after the review');
    const { shows } = draw(store, base);
    const frame = await shows((f) => f.includes('after the review'));
    expect(frame).not.toContain('Explain the cart');
  });

  it("SessionApp - Claude's markdown drawn: marks gone, a code block streamed in pieces kept as written", async () => {
    const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
    store.event(turn.start('Show me'));
    store.event(turn.delta('m1', '## The fix\nChange **total** in `cart.ts`:\n```ts\n'));
    store.setBusy(true);
    const { shows } = draw(store);
    await shows((f) => f.includes('Change total in cart.ts:'));
    store.event(turn.delta('m1', 'const a = **b**;\n- not a bullet\n```\n- a bullet\n'));
    store.event(turn.end());
    store.setBusy(false);
    const frame = await shows((f) => f.includes('• a bullet'));
    expect(frame).toMatch(/^The fix$/mu);
    expect(frame).toContain('const a = **b**;');
    expect(frame).toMatch(/^- not a bullet$/mu);
    expect(frame).not.toContain('## The fix');
  });

  it('SessionApp - a write the person kept in part says so beside its step (not a bare tick)', async () => {
    const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
    store.event(turn.start('Fix it'));
    store.event(turn.toolStart('u1', 'Editing cart.ts', 'edit_file'));
    store.event({
      type: 'tool_end',
      conversationId: 'conv-1',
      turnId: 't1',
      toolUseId: 'u1',
      name: 'edit_file',
      status: 'ok',
      result:
        'Partly applied to cart.ts: the person approved hunk h1 and rejected hunk h2 (checkpoint cp1).',
    });
    store.event(turn.end());
    const { shows } = draw(store);
    await shows((f) => f.includes('✓ Editing cart.ts (applied 1 of 2 hunks)'));
  });

  it('SessionApp - escape sequences from the model are shown, not obeyed', async () => {
    const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
    store.event(turn.start('Hi'));
    store.event(turn.delta('m1', 'clear \u001b[2J title \u001b]0;pwned\u0007 done'));
    store.event(turn.end());
    const { shows } = draw(store);
    const frame = await shows((f) => f.includes('done'));
    expect(frame).not.toContain('\u001b[2J');
    expect(frame).not.toContain('\u001b]0;');
    expect(frame).toContain('\\u001b[2J');
  });
});
