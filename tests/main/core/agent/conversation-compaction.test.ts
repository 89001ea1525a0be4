import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compactConversation,
  CompactionRefusedError,
  type CompactConversationOptions,
} from '../../../../src/main/core/agent/conversation-compaction';
import { DRAFT_SYSTEM } from '../../../../src/main/core/agent/compaction-summary';
import {
  createConversationRunner,
  type ConversationRunner,
} from '../../../../src/main/core/agent/conversation-runner';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { latestCompaction } from '../../../../src/main/core/store/conversation-compactions';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { latestUsage } from '../../../../src/main/core/store/session-recall';
import { usageByTurn } from '../../../../src/main/core/store/turn-usage';
import {
  reply,
  serverError,
  stallAfterText,
  toolUse,
  type FakeRequestBody,
} from '../../../support/fake-anthropic-server';
import { collect, readFileTool, startHarness, type Harness } from './agent-harness';

let h: Harness;
let home: string;
const dbs: WritableDb[] = [];

function open(): { runner: ConversationRunner; db: WritableDb } {
  const db = openAppDatabase({ home });
  dbs.push(db);
  const runner = createConversationRunner({
    repository: createConversationRepository(db),
    projectId: 'p1',
    createClient: () => h.client,
    tools: [readFileTool],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
    maxRounds: () => 2,
  });
  return { runner, db };
}

/** A long answer, so the turns are worth compacting. */
const long = (topic: string) => `About ${topic}: ${'the cart adds the tax per line. '.repeat(80)}`;

async function turn(runner: ConversationRunner, text: string, conversationId?: string) {
  const started = runner.start({
    kind: 'send',
    text,
    ...(conversationId ? { conversationId } : {}),
  });
  await collect(started.events);
  return started.conversationId;
}

/** Three finished turns, the first reading a file. */
async function threeTurns(runner: ConversationRunner): Promise<string> {
  h.server.enqueue(
    reply([toolUse('read_file', { path: 'cart.ts' }, 'tu_cart')]),
    reply(long('the cart')),
    reply(long('the tax')),
    reply(long('the total')),
  );
  const id = await turn(runner, 'How does the cart work?');
  await turn(runner, 'And the tax?', id);
  await turn(runner, 'And the total?', id);
  return id;
}

function options(
  db: WritableDb,
  runner: ConversationRunner,
  conversationId: string,
  extra: Partial<CompactConversationOptions> = {},
): CompactConversationOptions {
  return { db, conversationId, isRunning: (id) => runner.isRunning(id), ...extra };
}

function texts(body: FakeRequestBody): string {
  return JSON.stringify(body.messages ?? []);
}

beforeEach(async () => {
  h = await startHarness({ 'cart.ts': 'export const cart = [];\n' }, 0);
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-compact-'));
});
afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

describe('compactConversation', () => {
  it('model summary - the earlier turns are sent as the drafted summary from the next request on', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(reply('- The person asked how the cart, its tax and its total work.'));

    const result = await compactConversation(
      options(db, runner, id, { createClient: () => h.client }),
    );

    expect(result).toMatchObject({ turnsSummarised: 3, draftedBy: 'model' });
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 5);
    const drafting = h.server.requests.at(-1)?.body;
    expect(drafting?.system).toBe(DRAFT_SYSTEM);
    expect(drafting?.tools).toBeUndefined();
    expect(texts(drafting ?? {})).toContain('Result of read_file');

    h.server.enqueue(reply('It is the sum of the lines.'));
    await turn(runner, 'Remind me of the total?', id);
    const sent = h.server.requests.at(-1)?.body.messages ?? [];
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('its tax and its total work');
    expect(JSON.stringify(sent[0])).toContain('Remind me of the total?');
    expect(JSON.stringify(sent)).not.toContain('How does the cart work?');
    expect(JSON.stringify(sent)).not.toContain('tu_cart');
  });

  it('stored history - every message and the transcript stay whole', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    const repository = createConversationRepository(db);
    const before = repository.history(id);
    const transcript = repository.transcript(id);
    await compactConversation(options(db, runner, id));
    expect(repository.history(id)).toEqual(before);
    expect(repository.transcript(id)).toEqual(transcript);
    expect(repository.sentHistory(id)).toHaveLength(1);
  });

  it('no client - Sluice’s own summary, with the person’s words and the tools used', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    const requests = h.server.requests.length;
    const result = await compactConversation(options(db, runner, id));
    expect(result.draftedBy).toBe('sluice');
    expect(result.usage).toBeNull();
    expect(h.server.requests).toHaveLength(requests);
    const summary = latestCompaction(db, id)?.summary ?? '';
    expect(summary).toMatch(/^Summary of the earlier conversation: the person compacted it/u);
    expect(summary).toContain('- Person: And the tax?');
    expect(summary).toContain('Tools used: read_file(cart.ts)');
  });

  it('draft fails - falls back to Sluice’s own summary and says why', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(serverError());
    const result = await compactConversation(
      options(db, runner, id, { createClient: () => h.client }),
    );
    expect(result.draftedBy).toBe('sluice');
    expect(result.fallbackReason).toMatch(/500|server/iu);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
  });

  it('draft cut off - a summary that hit max_tokens is not used', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(reply('- The person asked', { stopReason: 'max_tokens' }));
    const result = await compactConversation(
      options(db, runner, id, { createClient: () => h.client }),
    );
    expect(result.draftedBy).toBe('sluice');
    expect(result.fallbackReason).toContain('did not finish');
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
  });

  it('drafting cost - counted in the conversation, not as a turn nor as the latest request', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    const repository = createConversationRepository(db);
    const totalBefore = repository.usageTotals(id).costUsd;
    const latestBefore = latestUsage(db, id);
    h.server.enqueue(reply('- Cart, tax and total.'));
    const result = await compactConversation(
      options(db, runner, id, { createClient: () => h.client }),
    );
    expect(repository.usageTotals(id).costUsd).toBeCloseTo(
      totalBefore + (result.usage?.costUsd ?? 0),
    );
    expect(latestUsage(db, id)).toEqual(latestBefore);
    expect(usageByTurn(db, id)).toHaveLength(3);
  });

  it('while a turn runs - refused, and nothing is stored', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(stallAfterText('Thinking'));
    const started = runner.start({ kind: 'send', conversationId: id, text: 'one more' });
    const events = started.events[Symbol.asyncIterator]();
    await events.next();
    await expect(compactConversation(options(db, runner, id))).rejects.toThrow(
      CompactionRefusedError,
    );
    await expect(compactConversation(options(db, runner, id))).rejects.toThrow(
      /A turn is running in this conversation/u,
    );
    expect(latestCompaction(db, id)).toBeNull();
    runner.abort(id);
    await collect(started.events);
  });

  it('nothing to compact - no finished turn, or none since the last compaction', async () => {
    const { runner, db } = open();
    const repository = createConversationRepository(db);
    const empty = repository.create({ projectId: 'p1', title: 'new', model: 'm' });
    await expect(compactConversation(options(db, runner, empty.id))).rejects.toThrow(
      /Nothing to compact: no turn of this conversation has finished/u,
    );
    const id = await threeTurns(runner);
    await compactConversation(options(db, runner, id));
    await expect(compactConversation(options(db, runner, id))).rejects.toThrow(
      /Nothing to compact: no turn has finished since the last compaction/u,
    );
    await expect(compactConversation(options(db, runner, 'nope'))).rejects.toThrow(
      'There is no conversation nope.',
    );
  });

  it('a short conversation - refused when a summary would not be shorter', async () => {
    const { runner, db } = open();
    h.server.enqueue(reply('Hi.'));
    const id = await turn(runner, 'Hello');
    await expect(compactConversation(options(db, runner, id))).rejects.toThrow(
      /already about as short as a summary/u,
    );
  });

  it('survives reopening the database - the next session sends the same summary', async () => {
    const first = open();
    const id = await threeTurns(first.runner);
    await compactConversation(options(first.db, first.runner, id));
    const summary = latestCompaction(first.db, id)?.summary ?? '';
    first.db.close();

    const second = open();
    h.server.enqueue(reply('Yes.'));
    await turn(second.runner, 'Still there?', id);
    const sent = h.server.requests.at(-1)?.body.messages ?? [];
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain(JSON.stringify(summary).slice(1, 80));
    expect(JSON.stringify(sent)).not.toContain('tu_cart');
  });

  it('again later - the new summary covers the turns since, from the summary in force', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(reply('- Cart, tax and total explained.'));
    await compactConversation(options(db, runner, id, { createClient: () => h.client }));
    h.server.enqueue(reply(long('discounts')), reply(long('refunds')));
    await turn(runner, 'And discounts?', id);
    await turn(runner, 'And refunds?', id);

    h.server.enqueue(reply('- Cart, tax, total, discounts and refunds explained.'));
    const again = await compactConversation(
      options(db, runner, id, { createClient: () => h.client }),
    );
    expect(again.turnsSummarised).toBe(5);
    const source = texts(h.server.requests.at(-1)?.body ?? {});
    expect(source).toContain('Cart, tax and total explained.');
    expect(source).toContain('And refunds?');
    expect(source).not.toContain('How does the cart work?');
  });

  it('a turn at the round limit - stays whole after the point, so Continue sends it', async () => {
    const { runner, db } = open();
    const id = await threeTurns(runner);
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'cart.ts' })]),
      reply([toolUse('read_file', { path: 'cart.ts' })]),
    );
    await turn(runner, 'Keep reading the cart', id);
    const result = await compactConversation(options(db, runner, id));
    expect(result.turnsSummarised).toBe(3);

    h.server.enqueue(reply('Done reading.'));
    await collect(runner.start({ kind: 'continue', conversationId: id }).events);
    const sent = JSON.stringify(h.server.requests.at(-1)?.body.messages ?? []);
    expect(sent).toContain('Keep reading the cart');
    expect(sent).toContain('Summary of the earlier conversation: the person compacted it');
    expect(sent).not.toContain('tu_cart');
  });
});
