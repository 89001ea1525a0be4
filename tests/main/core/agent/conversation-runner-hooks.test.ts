// The conversation runner with hooks: when SessionStart runs and with which source (a new
// conversation, another one after it, a stored one reopened, one compacted), its context in
// what the model reads, and every hook run kept with the conversation. Real SQLite, the real
// SDK against the fake Messages server, a scripted ProjectHooks.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationRunner } from '../../../../src/main/core/agent/conversation-runner';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { recordCompaction } from '../../../../src/main/core/store/conversation-compactions';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { reply } from '../../../support/fake-anthropic-server';
import {
  createScriptedLoopHooks,
  type ScriptedLoopHooks,
} from '../../../support/scripted-loop-hooks';
import { collect, readFileTool, startHarness, type Harness } from './agent-harness';

let h: Harness;
let home: string;
let db: WritableDb;
beforeEach(async () => {
  h = await startHarness({ 'a.txt': 'alpha' });
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

function runnerWith(hooks: ScriptedLoopHooks) {
  return createConversationRunner({
    repository: createConversationRepository(db),
    projectId: 'p1',
    createClient: () => h.client,
    tools: [readFileTool],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
    hooks,
  });
}

async function send(
  runner: ReturnType<typeof runnerWith>,
  text: string,
  conversationId?: string,
): Promise<string> {
  h.server.enqueue(reply(`Answer to ${text}.`));
  const started = runner.start({
    kind: 'send',
    text,
    ...(conversationId ? { conversationId } : {}),
  });
  await collect(started.events);
  return started.conversationId;
}

function sources(hooks: ScriptedLoopHooks): unknown[] {
  return hooks.of('SessionStart').map((c) => c.input);
}

describe('conversation runner - SessionStart', () => {
  it('SessionStart - startup for the first conversation, none for its next turn, clear for a new one after it', async () => {
    const hooks = createScriptedLoopHooks({ SessionStart: () => ({}) });
    const runner = runnerWith(hooks);
    const first = await send(runner, 'one');
    expect(sources(hooks)).toEqual(['startup']);
    await send(runner, 'two', first);
    expect(sources(hooks)).toEqual(['startup']);
    await send(runner, 'three');
    expect(sources(hooks)).toEqual(['startup', 'clear']);
    expect(hooks.of('SessionStart')[0]?.conversationId).toBe(first);
  });

  it('SessionStart - resume for a stored conversation reopened, compact after it was compacted', async () => {
    const before = createScriptedLoopHooks({});
    const id = await send(runnerWith(before), 'one');
    const hooks = createScriptedLoopHooks({ SessionStart: () => ({}) });
    const runner = runnerWith(hooks);
    await send(runner, 'two', id);
    expect(sources(hooks)).toEqual(['resume']);
    recordCompaction(db, {
      conversationId: id,
      throughSeq: 2,
      throughTurnId: 'x',
      turnsSummarised: 1,
      summary: 'They said one.',
      draftedBy: 'sluice',
      tokensBefore: 100,
      tokensAfter: 10,
      createdAt: Date.now(),
      drafting: null,
    });
    await send(runner, 'three', id);
    await send(runner, 'four', id);
    expect(sources(hooks)).toEqual(['resume', 'compact']);
  });

  it('SessionStart - its context is in the message the model reads, and kept with it', async () => {
    const hooks = createScriptedLoopHooks({
      SessionStart: () => ({ additionalContext: 'Branch: main. Last deploy: green.' }),
    });
    const runner = runnerWith(hooks);
    const id = await send(runner, 'status?');
    const sent = h.server.requests[0]?.body.messages?.at(-1)?.content as { text?: string }[];
    expect(sent.map((b) => b.text)).toEqual([
      'status?',
      "Context from the person's SessionStart hook `./SessionStart.sh`:\nBranch: main. Last deploy: green.",
    ]);
    // The next turn sends it again as part of the earlier message; the transcript shows only the words typed.
    await send(runner, 'and now?', id);
    expect(JSON.stringify(h.server.requests[1]?.body.messages)).toContain('Last deploy: green.');
    const users = createConversationRepository(db)
      .transcript(id)
      .filter((item) => item.type === 'user')
      .map((item) => (item.type === 'user' ? item.text : ''));
    expect(users).toEqual(['status?', 'and now?']);
  });

  it('hook runs - each run is a step kept with its turn, in order', async () => {
    const hooks = createScriptedLoopHooks({
      SessionStart: () => ({}),
      UserPromptSubmit: () => ({ systemMessage: 'logged' }),
      Stop: () => ({}),
    });
    const id = await send(runnerWith(hooks), 'hello');
    const steps = createConversationRepository(db)
      .transcript(id)
      .map((item) =>
        item.type === 'hook'
          ? `${item.run.event}${item.message ? ` (${item.message})` : ''}`
          : item.type,
      );
    expect(steps).toEqual([
      'user',
      'SessionStart',
      'UserPromptSubmit (logged)',
      'assistant_text',
      'Stop',
    ]);
  });
});
