// What the session prints for good and what stays live, fed the same AgentEvents the runner
// sends through the shared view-model: an answer printed a line at a time, a running step
// holding back what follows, a reply thrown away and asked again, a turn's end.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/shared/agent-events';
import type { HookRun } from '../../../src/shared/hooks';
import {
  applyAgentEvent,
  emptyConversation,
  type ConversationState,
} from '../../../src/shared/conversation-state';
import {
  advance,
  START_CURSOR,
  type LiveView,
  type PrintCursor,
  type SessionBlock,
} from '../../../src/cli/session/session-blocks';
import { CONVERSATION, turnEvents } from './turn-events';

/** Feeds events one at a time, advancing the print cursor after each as the store does. */
function printer() {
  let state: ConversationState = emptyConversation(CONVERSATION);
  let cursor: PrintCursor = START_CURSOR;
  let live: LiveView = { text: '', steps: [] };
  const printed: SessionBlock[] = [];
  return {
    feed(...events: AgentEvent[]): SessionBlock[] {
      const added: SessionBlock[] = [];
      for (const event of events) {
        state = applyAgentEvent(state, event);
        const next = advance(state.items, cursor, event.type === 'turn_end' || !state.running);
        cursor = next.cursor;
        live = next.live;
        added.push(...next.blocks);
      }
      printed.push(...added);
      return added;
    },
    live: () => live,
    printed: () => printed,
  };
}

/** Blocks as the lines a person reads, for short assertions. */
function lines(blocks: readonly SessionBlock[]): string[] {
  return blocks.map((block) => {
    switch (block.kind) {
      case 'step':
        return `step ${block.view.label} (${block.view.status})`;
      case 'notice':
        return `notice[${block.tone}] ${block.text}`;
      case 'hook':
        return `hook ${block.words.line}${block.nested ? ' (nested)' : ''}`;
      default:
        return `${block.kind} ${block.text}`;
    }
  });
}

const turn = turnEvents('t1');

describe('advance - a streamed answer', () => {
  it('advance - prints each complete line once, keeping only the partial line live', () => {
    const p = printer();
    expect(lines(p.feed(turn.start('Say hello')))).toEqual(['user Say hello']);
    expect(p.feed(turn.delta('m1', 'Hello, '))).toEqual([]);
    expect(p.live().text).toBe('Hello, ');
    expect(lines(p.feed(turn.delta('m1', 'world\nSecond')))).toEqual(['text Hello, world']);
    expect(p.live().text).toBe('Second');
    expect(lines(p.feed(turn.delta('m1', ' line\nThird\n')))).toEqual(['text Second line\nThird']);
    expect(p.live().text).toBe('');
    expect(p.feed(turn.end())).toEqual([]);
    expect(lines(p.printed())).toEqual([
      'user Say hello',
      'text Hello, world',
      'text Second line\nThird',
    ]);
  });

  it('advance - a blank line between paragraphs is printed as an empty block', () => {
    const p = printer();
    p.feed(turn.start('Two paragraphs'), turn.delta('m1', 'First.\n'));
    expect(lines(p.feed(turn.delta('m1', '\n')))).toEqual(['text ']);
    expect(lines(p.feed(turn.delta('m1', 'Second.\n')))).toEqual(['text Second.']);
  });

  it('advance - the turn ending prints the last line, written without a newline', () => {
    const p = printer();
    p.feed(turn.start('Answer'), turn.delta('m1', 'One\nand the last'));
    expect(p.live().text).toBe('and the last');
    expect(lines(p.feed(turn.end()))).toEqual(['text and the last']);
    expect(p.live()).toEqual({ text: '', steps: [] });
    expect(p.feed(turn.end())).toEqual([]);
  });

  it('advance - block keys stay apart for each printed piece of one answer', () => {
    const p = printer();
    p.feed(turn.start('Keys'), turn.delta('m1', 'a\n'), turn.delta('m1', 'b\n'), turn.end());
    const keys = p.printed().map((block) => block.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('advance - steps', () => {
  it('advance - the answer before a step is printed whole when the step starts', () => {
    const p = printer();
    p.feed(turn.start('Read it'), turn.delta('m1', 'Let me look'));
    expect(lines(p.feed(turn.toolStart('u1', 'Reading a.ts')))).toEqual(['text Let me look']);
    expect(p.live().steps.map((step) => step.label)).toEqual(['Reading a.ts']);
  });

  it('advance - a running step holds back a later step that finished first, in order', () => {
    const p = printer();
    p.feed(turn.start('Read two'));
    p.feed(turn.toolStart('u1', 'Reading a.ts'), turn.toolStart('u2', 'Reading b.ts'));
    expect(p.feed(turn.toolEnd('u2'))).toEqual([]);
    expect(p.live().steps.map((step) => `${step.label} ${step.status}`)).toEqual([
      'Reading a.ts running',
      'Reading b.ts ok',
    ]);
    expect(lines(p.feed(turn.toolEnd('u1')))).toEqual([
      'step Reading a.ts (ok)',
      'step Reading b.ts (ok)',
    ]);
    expect(p.live().steps).toEqual([]);
  });

  it('advance - text streamed after a running step waits behind it', () => {
    const p = printer();
    p.feed(turn.start('Go'), turn.toolStart('u1', 'Running the tests'));
    expect(p.feed(turn.delta('m2', 'They pass.\n'))).toEqual([]);
    expect(lines(p.feed(turn.toolEnd('u1')))).toEqual([
      'step Running the tests (ok)',
      'text They pass.',
    ]);
  });

  it('advance - a step still running when the turn is stopped is printed as stopped', () => {
    const p = printer();
    p.feed(turn.start('Go'), turn.toolStart('u1', 'Running the tests'));
    expect(lines(p.feed(turn.end('aborted')))).toEqual(['step Running the tests (error)']);
  });
});

describe('advance - hook runs', () => {
  const hookRun = (toolUseId: string | undefined, outcome: HookRun['outcome']): AgentEvent => ({
    type: 'hook_run',
    conversationId: CONVERSATION,
    turnId: 't1',
    ...(toolUseId ? { toolUseId } : {}),
    run: {
      hookId: 'h1',
      source: 'person',
      event: toolUseId ? 'PreToolUse' : 'UserPromptSubmit',
      command: './check.sh',
      ...(toolUseId ? { toolName: 'run_command' } : {}),
      outcome,
      exitCode: outcome === 'blocked' ? 2 : 0,
      ms: 400,
      output: outcome === 'blocked' ? 'no rm -rf here\n' : '',
    },
  });

  it('advance - a hook run about a running step waits behind it, then prints under it', () => {
    const p = printer();
    p.feed(turn.start('Clean up'), turn.toolStart('u1', 'Running rm -rf build', 'run_command'));
    expect(p.feed(hookRun('u1', 'blocked'))).toEqual([]);
    const printed = p.feed(turn.toolEnd('u1', 'denied', 'run_command'));
    expect(lines(printed)).toEqual([
      'step Running rm -rf build (denied)',
      'hook Hook (yours) PreToolUse on run_command · `./check.sh` · blocked (exit 2) · 0.4 s (nested)',
    ]);
    const hook = printed[1];
    expect(hook?.kind === 'hook' ? hook.words.lines : []).toEqual(['no rm -rf here']);
  });

  it('advance - a hook run of the turn itself prints at once, in its place', () => {
    const p = printer();
    p.feed(turn.start('Hi'));
    expect(lines(p.feed(hookRun(undefined, 'passed')))).toEqual([
      'hook Hook (yours) UserPromptSubmit · `./check.sh` · passed (exit 0) · 0.4 s',
    ]);
  });
});

describe('advance - a reply thrown away and asked again', () => {
  it('advance - leaves the printed lines above with a notice, then prints the new reply', () => {
    const p = printer();
    p.feed(turn.start('Explain'), turn.delta('m1', 'A first line\nhalf of a sec'));
    expect(lines(p.feed(turn.retry('m1')))).toEqual([
      'notice[warn] (that reply was cut off; Claude is answering again)',
    ]);
    expect(p.live().text).toBe('');
    p.feed(turn.delta('m2', 'The whole answer.'), turn.end());
    expect(lines(p.printed())).toEqual([
      'user Explain',
      'text A first line',
      'notice[warn] (that reply was cut off; Claude is answering again)',
      'text The whole answer.',
    ]);
  });

  it('advance - a retry that throws nothing away prints nothing', () => {
    const p = printer();
    p.feed(turn.start('Explain'), turn.delta('m1', 'Still going\n'));
    expect(p.feed(turn.retry())).toEqual([]);
  });
});
