// What a terminal session recalls of a project from the app DB: the person's earlier prompts
// (↑ at the prompt walks them) and the latest request of a conversation taken up again (how
// full its context is).
import type { Usage } from '../../../shared/usage';
import { TURN_USAGE_ONLY } from './conversation-compactions';
import type { ReadableDb } from './database-handles';

/** Most earlier prompts recalled. */
export const RECALLED_PROMPTS = 200;

/** The project's prompts, oldest first, each once (its latest use), at most RECALLED_PROMPTS. */
export function earlierPrompts(db: ReadableDb, projectId: string): string[] {
  const rows = db
    .prepare(
      `SELECT t.user_text AS text, MAX(t.started_at) AS at FROM conversation_turns t
       JOIN conversations c ON c.id = t.conversation_id
       WHERE c.project_id = ? AND t.user_text <> ''
       GROUP BY t.user_text ORDER BY at DESC LIMIT ?`,
    )
    .all(projectId, RECALLED_PROMPTS) as { text: string }[];
  return rows.map((row) => row.text).reverse();
}

/**
 * The conversation's latest request's usage, or null when it sent none. A compaction's
 * drafting request is not one of its requests here: it did not send the conversation.
 */
export function latestUsage(db: ReadableDb, conversationId: string): Usage | null {
  const row = db
    .prepare(
      `SELECT input_tokens AS i, output_tokens AS o, cache_read_tokens AS r, cache_write_tokens AS w,
         cost_usd AS c FROM conversation_usage WHERE conversation_id = ? AND ${TURN_USAGE_ONLY}
       ORDER BY id DESC LIMIT 1`,
    )
    .get(conversationId) as { i: number; o: number; r: number; w: number; c: number } | undefined;
  if (!row) return null;
  return {
    inputTokens: row.i,
    outputTokens: row.o,
    cacheReadTokens: row.r,
    cacheWriteTokens: row.w,
    costUsd: row.c,
  };
}
