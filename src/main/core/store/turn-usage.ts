// What each turn of a conversation cost: its requests' usage added up, for the line at the end
// of each turn in the chat. A compaction's drafting request belongs to no turn and is left out
// (the conversation's total counts it).
import type { Usage } from '../../../shared/usage';
import { TURN_USAGE_ONLY } from './conversation-compactions';
import type { ReadableDb } from './database-handles';

export interface TurnUsage {
  readonly turnId: string;
  readonly usage: Usage;
}

/** Turns with at least one request, in the order they first sent one. */
export function usageByTurn(db: ReadableDb, conversationId: string): TurnUsage[] {
  const rows = db
    .prepare(
      `SELECT turn_id AS turnId, SUM(input_tokens) AS i, SUM(output_tokens) AS o,
         SUM(cache_read_tokens) AS r, SUM(cache_write_tokens) AS w, SUM(cost_usd) AS c
       FROM conversation_usage WHERE conversation_id = ? AND ${TURN_USAGE_ONLY}
       GROUP BY turn_id ORDER BY MIN(id)`,
    )
    .all(conversationId) as {
    turnId: string;
    i: number;
    o: number;
    r: number;
    w: number;
    c: number;
  }[];
  return rows.map((row) => ({
    turnId: row.turnId,
    usage: {
      inputTokens: row.i,
      outputTokens: row.o,
      cacheReadTokens: row.r,
      cacheWriteTokens: row.w,
      costUsd: row.c,
    },
  }));
}
