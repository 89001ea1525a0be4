import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { agentService } from '../../../../src/shared/contract/agent-service';
import { defineContract } from '../../../../src/shared/contract/define';
import { createDispatcher, type Dispatcher } from '../../../../src/shared/contract/dispatch';
import { createConversationRunner } from '../../../../src/main/core/agent/conversation-runner';
import { createAgentHandlers } from '../../../../src/main/core/services/agent-handlers';
import { mentionContext } from '../../../../src/main/core/agent/mention-context';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { reply, stallAfterText, toolUse } from '../../../support/fake-anthropic-server';
import { readFileTool, startHarness, type Harness } from '../agent/agent-harness';

let h: Harness;
let home: string;
let db: WritableDb;
let events: AgentEvent[];
let changed: (string | undefined)[];
let handlers: ReturnType<typeof createAgentHandlers>;
let call: Dispatcher;

beforeEach(async () => {
  h = await startHarness({ 'a.txt': 'A' });
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-handlers-'));
  db = openAppDatabase({ home });
  events = [];
  changed = [];
  const repository = createConversationRepository(db);
  const runner = createConversationRunner({
    repository,
    projectId: 'proj',
    createClient: () => h.client,
    tools: [readFileTool],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
    maxRounds: () => 2,
  });
  handlers = createAgentHandlers({
    repository,
    currentProject: () => ({ projectId: 'proj', runner }),
    emit: (_name, payload) => events.push(payload),
    emitConversationsChanged: (payload) => changed.push(payload.conversationId),
    mentionContext: (mentions) => mentionContext(mentions, { workspace: h.workspace }),
  });
  call = createDispatcher(defineContract({ services: { agent: agentService }, events: {} }), {
    agent: handlers,
  });
});
afterEach(async () => {
  await handlers.idle();
  db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

async function value<T>(channel: string, payload: unknown): Promise<T> {
  const result = await call(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

describe('createAgentHandlers', () => {
  it('send - returns ids at once, streams events through the emitter, transcript rebuilt from storage', async () => {
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'a.txt' }, 'tu_a')]),
      reply('A is the content.'),
    );
    const started = await value<{ conversationId: string; turnId: string }>('agent.send', {
      text: 'read a.txt',
    });
    await handlers.idle();
    expect(events[0]).toMatchObject({
      type: 'turn_start',
      conversationId: started.conversationId,
      turnId: started.turnId,
    });
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    expect(changed).toContain(started.conversationId);

    const view = await value<{
      items: { type: string }[];
      usage: { inputTokens: number; costUsd: number };
      running: boolean;
      canContinue: boolean;
      title: string;
    }>('agent.getConversation', { conversationId: started.conversationId });
    expect(view.title).toBe('read a.txt');
    expect(view.items.map((i) => i.type)).toEqual(['user', 'tool', 'assistant_text']);
    expect(view.items[1]).toMatchObject({
      name: 'read_file',
      status: 'ok',
      result: 'A',
      label: 'Reading a.txt',
    });
    expect(view.usage.inputTokens).toBeGreaterThan(0);
    expect(view.usage.costUsd).toBeGreaterThan(0);
    expect(view.running).toBe(false);
    expect(view.canContinue).toBe(false);
  });

  it('continue - offered after the round limit, runs another round budget', async () => {
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'a.txt' })]),
      reply([toolUse('read_file', { path: 'a.txt' })]),
    );
    const { conversationId } = await value<{ conversationId: string }>('agent.send', {
      text: 'keep reading',
    });
    await handlers.idle();
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'max_turns' });
    expect(
      (await value<{ canContinue: boolean }>('agent.getConversation', { conversationId }))
        .canContinue,
    ).toBe(true);
    h.server.enqueue(reply('done now'));
    await value('agent.continue', { conversationId });
    await handlers.idle();
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    expect(
      (await value<{ canContinue: boolean }>('agent.getConversation', { conversationId }))
        .canContinue,
    ).toBe(false);
    const refused = await call('agent.continue', { conversationId });
    expect(refused.ok).toBe(false);
  });

  it('abort - stops a running turn; retry sends it again', async () => {
    h.server.enqueue(stallAfterText('Let me think'));
    const { conversationId } = await value<{ conversationId: string }>('agent.send', {
      text: 'slow question',
    });
    while (!events.some((e) => e.type === 'text_delta')) await new Promise((r) => setTimeout(r, 5));
    expect(
      (await value<{ running: boolean }>('agent.getConversation', { conversationId })).running,
    ).toBe(true);
    expect(await value('agent.abort', { conversationId })).toEqual({ aborted: true });
    await handlers.idle();
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'aborted' });
    expect(await value('agent.abort', { conversationId })).toEqual({ aborted: false });
    h.server.enqueue(reply('quick answer'));
    await value('agent.retry', { conversationId });
    await handlers.idle();
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    expect(h.server.requests[1]?.body.messages).toHaveLength(1);
  });

  it('list, rename, delete - scoped to the project, schema-valid answers', async () => {
    h.server.enqueue(reply('one'), reply('two'));
    const a = await value<{ conversationId: string }>('agent.send', { text: 'first' });
    await handlers.idle();
    const b = await value<{ conversationId: string }>('agent.send', {
      text: 'second',
      mentions: [{ type: 'file', value: 'a.txt' }],
    });
    await handlers.idle();
    // The mentioned file's content reaches the model as a second block; the chat row stays clean.
    const sent = h.server.requests[1]?.body.messages?.[0] as { content: { text: string }[] };
    expect(sent.content[0]?.text).toBe('second');
    expect(sent.content[1]?.text).toMatch(
      /<mentioned_file path="a.txt">\n\s+1\tA\n<\/mentioned_file>/,
    );
    const view = await value<{ items: { type: string; text?: string }[] }>(
      'agent.getConversation',
      {
        conversationId: b.conversationId,
      },
    );
    expect(view.items.filter((i) => i.type === 'user').map((i) => i.text)).toEqual(['second']);
    const list = await value<{ id: string }[]>('agent.listConversations', {});
    expect(list.map((c) => c.id).sort()).toEqual([a.conversationId, b.conversationId].sort());
    // The search reads the person's prompts, not the mentioned file sent beside one.
    const found = await value<{ id: string; turns: number }[]>('agent.listConversations', {
      search: 'SECOND',
    });
    expect(found).toMatchObject([{ id: b.conversationId, turns: 1 }]);
    expect(await value('agent.listConversations', { search: 'mentioned_file' })).toEqual([]);
    expect((await call('agent.listConversations', { limit: 0 })).ok).toBe(false);
    const renamed = await value<{ title: string }>('agent.renameConversation', {
      conversationId: a.conversationId,
      title: 'Renamed',
    });
    expect(renamed.title).toBe('Renamed');
    expect(await value('agent.deleteConversation', { conversationId: a.conversationId })).toEqual({
      deleted: true,
    });
    expect(await value('agent.deleteConversation', { conversationId: a.conversationId })).toEqual({
      deleted: false,
    });
    expect((await value<{ id: string }[]>('agent.listConversations', {})).map((c) => c.id)).toEqual(
      [b.conversationId],
    );
    const missing = await call('agent.getConversation', { conversationId: a.conversationId });
    expect(missing.ok === false && missing.error.message).toContain('no conversation');
  });
});
