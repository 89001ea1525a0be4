import { describe, expect, it } from 'vitest';
import {
  chooseMode,
  contextText,
  costText,
  lastChangingTurn,
  matchConversation,
  undoText,
} from '../../../src/renderer/src/chat/slash-words';
import { HANDLED_COMMANDS } from '../../../src/renderer/src/chat/slash-command-handlers';
import { BUILT_IN_SLASH_COMMANDS } from '../../../src/shared/slash-commands';
import type { Checkpoint } from '../../../src/shared/contract';
import { ZERO_USAGE } from '../../../src/shared/usage';
import { NO_FIGURES } from '../../../src/shared/conversation-figures';

const usage = {
  inputTokens: 2_000,
  cacheReadTokens: 10_000,
  cacheWriteTokens: 300,
  outputTokens: 1_234,
  costUsd: 0.0412,
};

function checkpoint(id: string, turnId: string, path: string, undone = false): Checkpoint {
  return { id, conversationId: 'c1', turnId, path, createdAt: 1, change: 'modified', undone };
}

describe('slash command handlers', () => {
  it('table - every built-in of the shared table has a handler in the app, and no other', () => {
    expect([...HANDLED_COMMANDS].sort()).toEqual(
      BUILT_IN_SLASH_COMMANDS.map((command) => command.name).sort(),
    );
  });
});

describe('slash words', () => {
  it('cost - tokens in and out, the cached part, the estimate; nothing yet said so', () => {
    expect(costText(usage)).toBe(
      "Cost: $0.04 (12k in · 1.2k out · 10k of the input from the cache) for this conversation so far, estimated at the model's published prices.",
    );
    expect(costText(ZERO_USAGE)).toBe('Nothing has been sent in this conversation yet: $0.00.');
  });

  it('context - the share of the window the next request fills, less a compaction since', () => {
    const figures = { ...NO_FIGURES, latestUsage: usage, contextWindow: 200_000 };
    expect(contextText(figures)).toBe(
      "Context: 7% (14k of 200k tokens) for the next request. Type /compact to send the earlier turns as a summary; before each request Sluice also fits the history to the model's window itself.",
    );
    expect(contextText({ ...figures, contextSavedTokens: 10_000 })).toMatch(
      /^Context: 2% \(3.5k of 200k tokens\)/u,
    );
    expect(contextText(NO_FIGURES)).toBe('Context: nothing sent yet in this conversation.');
  });

  it('mode - a known mode is taken, plan missing from the build is "not available yet"', () => {
    expect(chooseMode('Auto-Edit', ['ask', 'auto-edit', 'read-only'])).toEqual({
      kind: 'mode',
      mode: 'auto-edit',
    });
    expect(chooseMode('plan', ['ask', 'auto-edit', 'read-only'])).toEqual({
      kind: 'refused',
      text: 'Plan mode is not available yet.',
    });
    expect(chooseMode('plan', ['ask', 'plan'])).toEqual({ kind: 'mode', mode: 'plan' });
    expect(chooseMode('yolo', ['ask', 'auto-edit'])).toEqual({
      kind: 'refused',
      text: 'There is no approval mode “yolo”: use ask, auto-edit.',
    });
  });

  it('resume - an id or an unambiguous start of one, as git takes a prefix', () => {
    const list = ['abc123', 'abd456', 'xyz'].map((id) => ({
      id,
      projectId: 'p',
      title: id,
      createdAt: 1,
      updatedAt: 1,
    })) as Parameters<typeof matchConversation>[0];
    expect(matchConversation(list, 'abc')).toMatchObject({
      kind: 'found',
      conversation: { id: 'abc123' },
    });
    expect(matchConversation(list, 'ab')).toEqual({ kind: 'ambiguous', count: 2 });
    expect(matchConversation(list, 'q')).toEqual({ kind: 'none' });
    expect(matchConversation(list, 'xyz')).toMatchObject({ kind: 'found' });
  });

  it('undo - the latest turn that changed files, and what the undo did', () => {
    const items = [
      { type: 'user' as const, id: 'u1', text: 'one', createdAt: 1 },
      { type: 'assistant_text' as const, id: 'a1', turnId: 't1', text: 'done' },
      { type: 'user' as const, id: 'u2', text: 'two', createdAt: 2 },
      { type: 'assistant_text' as const, id: 'a2', turnId: 't2', text: 'read only' },
    ];
    const byTurn = new Map([
      ['t1', [checkpoint('k1', 't1', 'src/a.ts'), checkpoint('k2', 't1', 'b.ts')]],
    ]);
    const turn = lastChangingTurn(items, byTurn);
    expect(turn?.turnId).toBe('t1');
    expect(lastChangingTurn(items, new Map())).toBeNull();
    expect(
      undoText(
        { undone: ['k1'], refused: [{ id: 'k2', path: 'b.ts', reason: 'the file changed since' }] },
        turn!.checkpoints,
      ),
    ).toBe(
      "Undid the last turn: 1 file put back (src/a.ts).\nNot undone: b.ts — the file changed since\nUndo those from the turn's Files changed list.",
    );
  });
});
