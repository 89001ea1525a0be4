// Compactions of a conversation (migration 0200): where the turns before a point are sent as
// one summary. The newest compaction is in force; the stored messages stay whole, so the
// transcript is unchanged and only the history sent (`sentHistory`) is shorter. The usage of a
// request that drafted a summary is kept in conversation_usage under a turn id of its own
// (`compactionUsageTurn`), so the conversation's cost counts it and no turn's does.
import type { Usage } from '../../../shared/usage';
import type { ChatMessage } from './conversation-records';
import type { ReadableDb, WritableDb } from './database-handles';

export type SummaryAuthor = 'model' | 'sluice';

export interface CompactionRecord {
  readonly id: number;
  readonly conversationId: string;
  /** The last stored message the summary stands for. */
  readonly throughSeq: number;
  readonly throughTurnId: string;
  readonly turnsSummarised: number;
  /** The text sent in place of the messages up to `throughSeq`. */
  readonly summary: string;
  readonly draftedBy: SummaryAuthor;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  /** The conversation's newest usage row when it was compacted (null: none yet). */
  readonly usageIdBefore: number | null;
  readonly createdAt: number;
}

/** A stored message with its place in the conversation. */
export interface SeqMessage {
  readonly seq: number;
  readonly turnId: string;
  readonly message: ChatMessage;
}

const PREFIX = 'compaction:';

/** The turn id a drafting request's usage is recorded under. */
export function compactionUsageTurn(compactionId: number): string {
  return `${PREFIX}${compactionId}`;
}

/** SQL condition: a usage row of a turn, not of a compaction's drafting request. */
export const TURN_USAGE_ONLY = `turn_id NOT LIKE '${PREFIX}%'`;

interface CompactionRow {
  id: number;
  conversation_id: string;
  through_seq: number;
  through_turn_id: string;
  turns_summarised: number;
  summary: string;
  drafted_by: SummaryAuthor;
  tokens_before: number;
  tokens_after: number;
  usage_id_before: number | null;
  created_at: number;
}

function toRecord(row: CompactionRow): CompactionRecord {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    throughSeq: row.through_seq,
    throughTurnId: row.through_turn_id,
    turnsSummarised: row.turns_summarised,
    summary: row.summary,
    draftedBy: row.drafted_by,
    tokensBefore: row.tokens_before,
    tokensAfter: row.tokens_after,
    usageIdBefore: row.usage_id_before,
    createdAt: row.created_at,
  };
}

/** Oldest first. */
export function listCompactions(db: ReadableDb, conversationId: string): CompactionRecord[] {
  const rows = db
    .prepare(
      'SELECT * FROM conversation_compactions WHERE conversation_id = ? ORDER BY through_seq, id',
    )
    .all(conversationId) as CompactionRow[];
  return rows.map(toRecord);
}

/** The compaction in force, or null when the conversation was never compacted. */
export function latestCompaction(db: ReadableDb, conversationId: string): CompactionRecord | null {
  const row = db
    .prepare(
      'SELECT * FROM conversation_compactions WHERE conversation_id = ? ORDER BY through_seq DESC, id DESC LIMIT 1',
    )
    .get(conversationId) as CompactionRow | undefined;
  return row ? toRecord(row) : null;
}

export type NewCompaction = Omit<CompactionRecord, 'id' | 'usageIdBefore'> & {
  /** The drafting request's usage and model, recorded with the conversation's usage. */
  readonly drafting: { readonly usage: Usage; readonly model: string } | null;
};

/** Records a compaction (and its drafting request's usage) in one transaction. */
export function recordCompaction(db: WritableDb, input: NewCompaction): CompactionRecord {
  const write = db.transaction((): CompactionRecord => {
    const before = db
      .prepare(
        `SELECT MAX(id) AS id FROM conversation_usage WHERE conversation_id = ? AND ${TURN_USAGE_ONLY}`,
      )
      .get(input.conversationId) as { id: number | null };
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO conversation_compactions (conversation_id, through_seq, through_turn_id,
           turns_summarised, summary, drafted_by, tokens_before, tokens_after, usage_id_before, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.conversationId,
        input.throughSeq,
        input.throughTurnId,
        input.turnsSummarised,
        input.summary,
        input.draftedBy,
        input.tokensBefore,
        input.tokensAfter,
        before.id,
        input.createdAt,
      );
    const id = Number(lastInsertRowid);
    if (input.drafting) {
      const { usage, model } = input.drafting;
      db.prepare(
        `INSERT INTO conversation_usage (conversation_id, turn_id, model, input_tokens, output_tokens,
           cache_read_tokens, cache_write_tokens, cost_usd, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        input.conversationId,
        compactionUsageTurn(id),
        model,
        usage.inputTokens,
        usage.outputTokens,
        usage.cacheReadTokens,
        usage.cacheWriteTokens,
        usage.costUsd,
        input.createdAt,
      );
    }
    const { drafting: _drafting, ...rest } = input;
    return { ...rest, id, usageIdBefore: before.id };
  });
  return write();
}

/** The summary as the message that stands for the turns it covers. */
export function summaryMessage(summary: string): ChatMessage {
  return { role: 'user', content: [{ type: 'text', text: summary }] };
}

/**
 * The history to send: with a compaction, its summary and then the messages after its point
 * (the next turn's message follows the summary as one user message once the loop merges
 * consecutive roles); without one, every message.
 */
export function sentHistory(
  messages: readonly SeqMessage[],
  compaction: Pick<CompactionRecord, 'throughSeq' | 'summary'> | null,
): ChatMessage[] {
  if (!compaction) return messages.map((m) => m.message);
  const after = messages.filter((m) => m.seq > compaction.throughSeq).map((m) => m.message);
  return [summaryMessage(compaction.summary), ...after];
}

/**
 * Tokens a compaction took off the history since the conversation's latest request (its
 * before minus after), 0 when a request was sent after it: the next request is that much
 * smaller than the latest one says.
 */
export function tokensSavedSinceLatestRequest(db: ReadableDb, conversationId: string): number {
  const compaction = latestCompaction(db, conversationId);
  if (!compaction) return 0;
  const latest = db
    .prepare(
      `SELECT MAX(id) AS id FROM conversation_usage WHERE conversation_id = ? AND ${TURN_USAGE_ONLY}`,
    )
    .get(conversationId) as { id: number | null };
  if (latest.id !== null && latest.id !== compaction.usageIdBefore) return 0;
  return Math.max(0, compaction.tokensBefore - compaction.tokensAfter);
}
