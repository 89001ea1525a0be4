import { describe, expect, it } from 'vitest';
import { createConversationRepository } from '../../../../../src/main/core/store/conversation-repository';
import {
  latestCompaction,
  listCompactions,
  recordCompaction,
  tokensSavedSinceLatestRequest,
} from '../../../../../src/main/core/store/conversation-compactions';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

const usage = {
  inputTokens: 900,
  outputTokens: 100,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0.01,
};

function conversation() {
  const repo = createConversationRepository(database());
  const c = repo.create({ projectId: 'p1', title: 'cart', model: 'm' });
  repo.startTurn(c.id, 'hi', 't1');
  repo.recorder(c.id).usage(usage, 'm', 't1');
  return { repo, id: c.id };
}

function compaction(id: string, throughSeq: number, drafted = false) {
  return recordCompaction(database(), {
    conversationId: id,
    throughSeq,
    throughTurnId: 't1',
    turnsSummarised: 1,
    summary: `summary through ${throughSeq}`,
    draftedBy: drafted ? 'model' : 'sluice',
    tokensBefore: 4000,
    tokensAfter: 500,
    createdAt: 1,
    drafting: drafted ? { usage, model: 'm' } : null,
  });
}

describe('0200-conversation-compactions', () => {
  it('keeps every compaction; the one with the latest point is in force', () => {
    const { id } = conversation();
    compaction(id, 2);
    compaction(id, 6);
    expect(listCompactions(database(), id).map((c) => c.throughSeq)).toEqual([2, 6]);
    expect(latestCompaction(database(), id)).toMatchObject({
      throughSeq: 6,
      summary: 'summary through 6',
      draftedBy: 'sluice',
      usageIdBefore: 1,
    });
  });

  it('counts a drafting request in the cost, under a turn of its own', () => {
    const { repo, id } = conversation();
    const made = compaction(id, 2, true);
    expect(repo.usageTotals(id).costUsd).toBeCloseTo(0.02);
    const rows = database()
      .prepare('SELECT turn_id FROM conversation_usage WHERE conversation_id = ? ORDER BY id')
      .all(id);
    expect(rows).toEqual([{ turn_id: 't1' }, { turn_id: `compaction:${made.id}` }]);
  });

  it('tokens saved - until the next request of a turn', () => {
    const { repo, id } = conversation();
    expect(tokensSavedSinceLatestRequest(database(), id)).toBe(0);
    compaction(id, 2, true);
    expect(tokensSavedSinceLatestRequest(database(), id)).toBe(3500);
    repo.startTurn(id, 'again', 't2');
    repo.recorder(id).usage(usage, 'm', 't2');
    expect(tokensSavedSinceLatestRequest(database(), id)).toBe(0);
  });

  it('refuses an unknown author and goes with its conversation', () => {
    const { repo, id } = conversation();
    expect(() =>
      database()
        .prepare(
          `INSERT INTO conversation_compactions (conversation_id, through_seq, through_turn_id,
             turns_summarised, summary, drafted_by, tokens_before, tokens_after, created_at)
           VALUES (?, 1, 't1', 1, 's', 'someone', 1, 1, 1)`,
        )
        .run(id),
    ).toThrow(/CHECK/u);
    compaction(id, 2);
    repo.delete(id);
    expect(listCompactions(database(), id)).toEqual([]);
  });
});
