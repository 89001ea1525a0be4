import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import {
  createConversationRunner,
  INTERRUPTED_TURN,
  TurnRefusedError,
  type ConversationRunner,
} from '../../../../src/main/core/agent/conversation-runner';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createTools } from '../../../../src/main/core/tools';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import { collect, startHarness, type Harness } from './agent-harness';

let h: Harness;
let home: string;
const dbs: WritableDb[] = [];

function openRunner(): { runner: ConversationRunner; db: WritableDb } {
  const db = openAppDatabase({ home });
  dbs.push(db);
  const repository = createConversationRepository(db);
  const runner = createConversationRunner({
    repository,
    projectId: 'p1',
    createClient: () => h.client,
    tools: createTools(),
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
  });
  return { runner, db };
}

beforeEach(async () => {
  h = await startHarness({
    'notes.txt': 'the secret word is heron',
    'AGENTS.md': '# House rules\nAlways answer in haiku.',
    '.sluice/skills/release-notes.md': '# Write release notes\nSteps…',
  });
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-home-'));
});
afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

describe('createConversationRunner', () => {
  it('conversation reopened after a restart - new DB handle, the model is sent the same history', async () => {
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'notes.txt' }, 'tu_notes')]),
      reply('The word is heron.'),
    );
    const first = openRunner();
    const started = first.runner.start({ kind: 'send', text: 'What is the secret word?' });
    await collect(started.events);
    first.db.close();
    dbs.length = 0;

    // "Restart": a fresh database handle and runner.
    h.server.enqueue(reply('You asked about the secret word.'));
    const second = openRunner();
    const again = second.runner.start({
      kind: 'send',
      conversationId: started.conversationId,
      text: 'What did I ask?',
    });
    const { outcome } = await collect(again.events);
    expect(outcome.reason).toBe('end_turn');

    const before = h.server.requests[1]?.body;
    const after = h.server.requests[2]?.body;
    const strip = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value).replaceAll(',"cache_control":{"type":"ephemeral"}', ''),
      ) as unknown;
    // The reopened request starts with exactly the earlier history (plus the final reply).
    expect(strip(after?.messages?.slice(0, 3))).toEqual(strip(before?.messages));
    expect(after?.messages?.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(after?.system).toEqual(before?.system);
  });

  it('system prompt - carries AGENTS.md and lists skills by name and first line', async () => {
    h.server.enqueue(reply('hi'));
    const { runner } = openRunner();
    await collect(runner.start({ kind: 'send', text: 'hello' }).events);
    const system = JSON.stringify(h.server.requests[0]?.body.system);
    expect(system).toContain('Always answer in haiku.');
    expect(system).toContain('release-notes: Write release notes');
    expect(system).toContain('Read or search before you edit');
  });

  it('load_skill - reads the skill file through the workspace; an unknown skill is an error result', async () => {
    h.server.enqueue(
      reply([
        toolUse('load_skill', { name: 'release-notes' }, 's1'),
        toolUse('load_skill', { name: 'nope' }, 's2'),
        toolUse('load_skill', { name: '../AGENTS' }, 's3'),
      ]),
      reply('ok'),
    );
    const { runner } = openRunner();
    const { events } = await collect(runner.start({ kind: 'send', text: 'notes please' }).events);
    const ends = new Map(
      events.flatMap((e) => (e.type === 'tool_end' ? [[e.toolUseId, e] as const] : [])),
    );
    expect([ends.get('s1')?.status, ends.get('s2')?.status, ends.get('s3')?.status]).toEqual([
      'ok',
      'error',
      'error',
    ]);
    expect(ends.get('s1')?.result).toContain('Steps…');
    expect(ends.get('s2')?.result).toContain('no skill named "nope"');
  });

  it('continue and retry - refused unless the last turn allows them, with a reason', async () => {
    h.server.enqueue(reply('done'));
    const { runner } = openRunner();
    const started = runner.start({ kind: 'send', text: 'hi' });
    await collect(started.events);
    expect(() =>
      runner.start({ kind: 'continue', conversationId: started.conversationId }),
    ).toThrow(TurnRefusedError);
    expect(() => runner.start({ kind: 'retry', conversationId: started.conversationId })).toThrow(
      /failed or was stopped/,
    );
    expect(() => runner.start({ kind: 'send', conversationId: 'missing', text: 'x' })).toThrow(
      /no conversation/,
    );
  });

  it('retry after a failure - sends the same user message again, once', async () => {
    h.server.enqueue(reply('', { stopReason: 'refusal' }), reply('second time lucky'));
    const { runner } = openRunner();
    const started = runner.start({ kind: 'send', text: 'try this' });
    const failed = await collect(started.events);
    expect(failed.outcome.reason).toBe('error');
    const retried = await collect(
      runner.start({ kind: 'retry', conversationId: started.conversationId }).events,
    );
    expect(retried.outcome.reason).toBe('end_turn');
    expect(h.server.requests[1]?.body.messages).toHaveLength(1);
  });

  it('no API key - the turn ends with an api_key error, the message is kept for Retry', async () => {
    const db = openAppDatabase({ home });
    dbs.push(db);
    const repository = createConversationRepository(db);
    const runner = createConversationRunner({
      repository,
      projectId: 'p1',
      createClient: () => {
        throw new Error('No Anthropic API key: set ANTHROPIC_API_KEY.');
      },
      tools: [],
      ports: () => ({ workspace: h.workspace }),
      guidanceFiles: h.workspace,
    });
    const started = runner.start({ kind: 'send', text: 'hello' });
    const { events } = await collect(started.events);
    expect(events.map((e) => e.type)).toEqual(['turn_start', 'error', 'turn_end']);
    expect(repository.history(started.conversationId)).toHaveLength(1);
    expect(repository.transcript(started.conversationId).at(-1)).toMatchObject({ type: 'error' });
  });

  it('Sluice stopped mid-turn - the open turn is closed as an error, the request repairs the unanswered call', async () => {
    const { runner, db } = openRunner();
    const repository = createConversationRepository(db);
    const conversation = repository.create({
      projectId: 'p1',
      title: 't',
      model: 'claude-sonnet-5-5',
    });
    const turnId = repository.startTurn(conversation.id, 'read notes');
    const recorder = repository.recorder(conversation.id);
    recorder.userMessage({ role: 'user', content: [{ type: 'text', text: 'read notes' }] }, turnId);
    recorder.assistantMessage(
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'lost', name: 'read_file', input: { path: 'notes.txt' } },
        ],
      },
      turnId,
    );
    // (crash here: no tool result, no turn end)
    h.server.enqueue(reply('Starting over.'));
    const { outcome } = await collect(
      runner.start({ kind: 'send', conversationId: conversation.id, text: 'hello again' }).events,
    );
    expect(outcome.reason).toBe('end_turn');
    const sent = h.server.requests[0]?.body.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sent[2]?.content)).toContain('"tool_use_id":"lost"');
    expect(JSON.stringify(sent[2]?.content)).toContain('hello again');
    expect(repository.transcript(conversation.id).find((i) => i.type === 'error')).toMatchObject({
      message: INTERRUPTED_TURN,
    });
  });
});
