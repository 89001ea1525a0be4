import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentService, type ConversationView } from '../../../../src/shared/contract/agent-service';
import { defineContract } from '../../../../src/shared/contract/define';
import { createDispatcher, type Dispatcher } from '../../../../src/shared/contract/dispatch';
import { createConversationRunner } from '../../../../src/main/core/agent/conversation-runner';
import { createAgentHandlers } from '../../../../src/main/core/services/agent-handlers';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { reply, stallAfterText } from '../../../support/fake-anthropic-server';
import { readFileTool, startHarness, type Harness } from '../agent/agent-harness';

let h: Harness;
let home: string;
let db: WritableDb;
let handlers: ReturnType<typeof createAgentHandlers>;
let call: Dispatcher;

function dispatcher(withDb: boolean): ReturnType<typeof createAgentHandlers> {
  const repository = createConversationRepository(db);
  const runner = createConversationRunner({
    repository,
    projectId: 'proj',
    createClient: () => h.client,
    tools: [readFileTool],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
  });
  return createAgentHandlers({
    repository,
    currentProject: () => ({ projectId: 'proj', runner }),
    emit: () => undefined,
    ...(withDb ? { appDb: db, createClient: () => h.client } : {}),
  });
}

beforeEach(async () => {
  h = await startHarness({ 'a.txt': 'A' }, 0);
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-compact-handler-'));
  db = openAppDatabase({ home });
  handlers = dispatcher(true);
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

const long = (topic: string) => `On ${topic}: ${'each line carries its own tax. '.repeat(60)}`;

async function twoTurns(): Promise<string> {
  h.server.enqueue(reply(long('the cart')), reply(long('the tax')));
  const { conversationId } = await value<{ conversationId: string }>('agent.send', {
    text: 'How does the cart work?',
  });
  await handlers.idle();
  await value('agent.send', { conversationId, text: 'And the tax?' });
  await handlers.idle();
  return conversationId;
}

describe('agent.compact', () => {
  it('compact - through the contract; the view marks it and the context it saved', async () => {
    const conversationId = await twoTurns();
    const before = await value<ConversationView>('agent.getConversation', { conversationId });
    expect(before.turnUsage).toHaveLength(2);
    expect(before.contextWindow).toBe(200_000);
    expect(before.latestUsage?.inputTokens).toBeGreaterThan(0);
    expect(before.contextSavedTokens).toBe(0);
    expect(before.compactions).toEqual([]);

    h.server.enqueue(reply('- The cart and its tax, explained.'));
    const result = await value<{ turnsSummarised: number; draftedBy: string }>('agent.compact', {
      conversationId,
    });
    expect(result).toMatchObject({ turnsSummarised: 2, draftedBy: 'model' });

    const after = await value<ConversationView>('agent.getConversation', { conversationId });
    const lastTurn = after.items.at(-1);
    expect(after.compactions).toEqual([
      expect.objectContaining({
        turnsSummarised: 2,
        draftedBy: 'model',
        afterTurnId: lastTurn && 'turnId' in lastTurn ? lastTurn.turnId : '',
      }),
    ]);
    expect(after.contextSavedTokens).toBeGreaterThan(0);
    expect(after.items).toEqual(before.items);
    expect(after.usage.costUsd).toBeGreaterThan(before.usage.costUsd);
  });

  it('compact - refused in words while a turn runs', async () => {
    const conversationId = await twoTurns();
    h.server.enqueue(stallAfterText('Working'));
    await value('agent.send', { conversationId, text: 'more' });
    const result = await call('agent.compact', { conversationId });
    expect(result).toMatchObject({
      ok: false,
      error: {
        name: 'CompactionRefusedError',
        message: expect.stringMatching(/A turn is running in this conversation/u),
      },
    });
    await value('agent.abort', { conversationId });
  });

  it('compact - refused for a conversation of another project, and where no app database is given', async () => {
    const other = createConversationRepository(db).create({
      projectId: 'elsewhere',
      title: 't',
      model: 'm',
    });
    const result = await call('agent.compact', { conversationId: other.id });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/belongs to another project/u) },
    });
    const bare = dispatcher(false);
    await expect(bare.compact({ conversationId: other.id })).rejects.toThrow(
      'This session cannot compact conversations.',
    );
  });
});
