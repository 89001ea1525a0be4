// The session's /undo over its deps alone: which turn it picks from the changes not undone,
// and what it says when a file of that turn could not be restored or nothing is left to undo.
import { describe, expect, it } from 'vitest';
import {
  runSessionCommand,
  type LiveChange,
  type SessionCommandDeps,
} from '../../../src/cli/session/session-commands';
import { SessionStore } from '../../../src/cli/session/session-store';

function depsWith(
  changes: LiveChange[],
  options: { conversation?: string | null; refuse?: string[] } = {},
) {
  const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
  let live = [...changes];
  const verbs: string[][] = [];
  const deps: SessionCommandDeps = {
    store,
    contextWindow: 200_000,
    conversationId: () => (options.conversation === undefined ? 'conv-1' : options.conversation),
    liveChanges: () => live,
    newConversation: () => undefined,
    resume: async () => undefined,
    listConversations: async () => undefined,
    send: async () => undefined,
    runVerb: async (name, args) => {
      verbs.push([name, ...args]);
      live = live.filter((c) => c.turnId !== args[0] || (options.refuse ?? []).includes(c.path));
    },
    setMode: () => '',
    projectCommands: async () => [],
    compact: async () => undefined,
    checkModel: async (name) =>
      name === 'claude-opus-4-1'
        ? { kind: 'found', displayName: 'Claude Opus 4.1' }
        : name === 'claude-offline-1'
          ? { kind: 'unchecked', reason: 'the API could not be reached' }
          : { kind: 'absent', message: `the API has no model "${name}" (HTTP 404)` },
  };
  const notices = () =>
    store.snapshot().blocks.flatMap((b) => (b.kind === 'notice' ? [`${b.tone}: ${b.text}`] : []));
  return { deps, verbs, notices };
}

const change = (
  checkpointId: string,
  turnId: string,
  filePath: string,
  kind: LiveChange['change'] = 'modified',
): LiveChange => ({ checkpointId, turnId, path: filePath, change: kind });

describe('/undo', () => {
  it('/undo - takes the turn of the newest change not undone, and names the files restored', async () => {
    const { deps, verbs, notices } = depsWith([
      change('c3', 'turn-two-1234', 'b.ts'),
      change('c2', 'turn-two-1234', 'a.ts'),
      change('c1', 'turn-one-5678', 'a.ts'),
    ]);
    await runSessionCommand(deps, 'undo', '');
    expect(verbs).toEqual([['undo', 'turn-two-1234', '--turn']]);
    expect(notices()).toEqual(['ok: Undid turn turn-two: restored b.ts, a.ts.']);
  });

  it("/undo - a file the turn created is said to be removed, by the turn's first change to it", async () => {
    const { deps, notices } = depsWith([
      change('c3', 'turn-two-1234', 'new.ts', 'modified'),
      change('c2', 'turn-two-1234', 'new.ts', 'created'),
      change('c1', 'turn-two-1234', 'a.ts'),
    ]);
    await runSessionCommand(deps, 'undo', '');
    expect(notices()).toEqual([
      'ok: Undid turn turn-two: restored a.ts; removed new.ts (created in that turn).',
    ]);
  });

  it('/undo - a file the undo refused is said to be not restored', async () => {
    const { deps, notices } = depsWith(
      [change('c2', 'turn-1234567', 'a.ts'), change('c1', 'turn-1234567', 'b.ts')],
      { refuse: ['b.ts'] },
    );
    await runSessionCommand(deps, 'undo', '');
    expect(notices()).toEqual([
      'warn: Undid turn turn-123: restored a.ts.',
      'warn: Not restored (turn turn-123): b.ts; the undo says why above.',
    ]);
  });

  it('/undo - with no change left to undo, nothing runs and it says so', async () => {
    const { deps, verbs, notices } = depsWith([]);
    await runSessionCommand(deps, 'undo', '');
    const fresh = depsWith([], { conversation: null });
    await runSessionCommand(fresh.deps, 'undo', '');
    expect(verbs).toEqual([]);
    expect(fresh.verbs).toEqual([]);
    expect(notices()).toEqual([
      'warn: Nothing to undo: no turn of this conversation changed a file that is not undone.',
    ]);
    expect(fresh.notices()).toEqual(['warn: Nothing to undo: this conversation has no turn yet.']);
  });
});

describe('/model', () => {
  it('/model NAME - a model the API has is taken for the session and named', async () => {
    const { deps, notices } = depsWith([]);
    await runSessionCommand(deps, 'model', 'claude-opus-4-1');
    expect(deps.store.snapshot().model).toBe('claude-opus-4-1');
    expect(notices()).toEqual([
      'ok: Model: claude-opus-4-1 (Claude Opus 4.1) for this session, from the next turn.',
    ]);
  });

  it('/model NAME - a name the API does not have is refused and the model stays', async () => {
    const { deps, notices } = depsWith([]);
    await runSessionCommand(deps, 'model', 'claude-opsu-4-1');
    expect(deps.store.snapshot().model).toBe('claude-sonnet-5-5');
    expect(notices()).toEqual([
      'warn: Not switched: the API has no model "claude-opsu-4-1" (HTTP 404). The model stays claude-sonnet-5-5.',
    ]);
  });

  it('/model NAME - not a name at all: refused before asking the API', async () => {
    const { deps, notices } = depsWith([]);
    let asked = false;
    deps.checkModel = async () => {
      asked = true;
      return { kind: 'found', displayName: 'x' };
    };
    await runSessionCommand(deps, 'model', 'opus please\u001b[2J');
    expect(asked).toBe(false);
    expect(deps.store.snapshot().model).toBe('claude-sonnet-5-5');
    expect(notices()[0]).toMatch(/^warn: "opus please.*" is not a model name/);
    expect(notices()[0]).not.toContain('\u001b');
  });

  it('/model NAME - when the API cannot say, the name is taken and said to be unchecked', async () => {
    const { deps, notices } = depsWith([]);
    await runSessionCommand(deps, 'model', 'claude-offline-1');
    expect(deps.store.snapshot().model).toBe('claude-offline-1');
    expect(notices()).toEqual([
      'warn: Model: claude-offline-1 for this session, from the next turn; not checked (the API could not be reached).',
    ]);
  });
});

describe('/cost', () => {
  const spent = (costUsd: number) => ({
    inputTokens: 1000,
    outputTokens: 200,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd,
  });

  it('/cost - nothing sent yet says so', async () => {
    const { deps, notices } = depsWith([]);
    await runSessionCommand(deps, 'cost', '');
    expect(notices()).toEqual(['info: Nothing has been sent in this conversation yet: $0.00.']);
  });

  it("/cost - the conversation's total, then each turn's with its prompt, the prompt made safe", async () => {
    const { deps, notices } = depsWith([]);
    const turn = (turnId: string, text: string, costUsd: number) => {
      deps.store.event({
        type: 'turn_start',
        conversationId: 'conv-1',
        turnId,
        userText: text,
        model: 'claude-sonnet-5-5',
      });
      deps.store.event({
        type: 'usage',
        conversationId: 'conv-1',
        turnId,
        usage: spent(costUsd),
        model: 'claude-sonnet-5-5',
      });
      deps.store.event({ type: 'turn_end', conversationId: 'conv-1', turnId, reason: 'end_turn' });
    };
    turn('t1', 'rename total', 0.01);
    turn('t2', 'explain \u001b[2Jthe cart', 0.03);
    await runSessionCommand(deps, 'cost', '');
    const text = notices().at(-1) ?? '';
    expect(text).toMatch(
      /^info: Cost: \$0\.04 \(2\.0k in · 400 out\) for this conversation so far/u,
    );
    expect(text).toContain('\nBy turn:\n  1  $0.01  1.0k in · 200 out  rename total\n  2  $0.03');
    expect(text).not.toContain('\u001b');
  });
});
