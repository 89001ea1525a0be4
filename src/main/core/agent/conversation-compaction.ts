// Compacting a conversation on the person's request (`/compact` in the app and the terminal
// session): from now on the turns before the point are sent as one summary, the model's draft
// or Sluice's own. The point is stored (store/conversation-compactions.ts), so it holds after a
// restart; the stored messages are never touched, so the transcript keeps every turn.
//
// The point is the end of the latest finished exchange: an assistant message followed by the
// person's next message or by nothing, in a turn that ended. A turn that ends with the person's
// side (stopped at the round limit, failed, interrupted) stays whole after the point, so
// Continue and Retry still send what they would have.
import type Anthropic from '@anthropic-ai/sdk';
import type { Usage } from '../../../shared/usage';
import { estimateTokens } from '../../../shared/token-estimate';
import { compactTokens } from '../../../shared/usage-words';
import type { ChatMessage } from './chat-message';
import { draftSummary, localSummary } from './compaction-summary';
import {
  latestCompaction,
  recordCompaction,
  sentHistory,
  type SeqMessage,
} from '../store/conversation-compactions';
import { readMessages } from '../store/conversation-reads';
import { prepareConversationStatements } from '../store/conversation-statements';
import type { WritableDb } from '../store/database-handles';

/** A compaction that cannot be made now; the message says why and what to do. */
export class CompactionRefusedError extends Error {
  override readonly name = 'CompactionRefusedError';
}

export interface CompactConversationOptions {
  readonly db: WritableDb;
  readonly conversationId: string;
  /** Whether a turn of the conversation runs now (the shell's runner knows). */
  readonly isRunning: (conversationId: string) => boolean;
  /** Makes the client that drafts the summary; absent: Sluice's own summary, no request. */
  readonly createClient?: (() => Anthropic) | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly now?: () => number;
}

export interface CompactionResult {
  /** The person's turns the summary now stands for (every one before the point). */
  readonly turnsSummarised: number;
  /** Estimated tokens of the history sent before and after (shared/token-estimate). */
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly draftedBy: 'model' | 'sluice';
  /** Why Sluice's own summary stands in although a client was given. */
  readonly fallbackReason?: string;
  /** The drafting request's usage (counted in the conversation's cost), null when none. */
  readonly usage: Usage | null;
}

export interface CompactionPoint {
  readonly throughSeq: number;
  readonly throughTurnId: string;
  readonly turnsSummarised: number;
}

/** The person's message that starts a turn (text, no tool results). */
function startsTurn(message: ChatMessage): boolean {
  return (
    message.role === 'user' &&
    message.content.some((block) => block.type === 'text') &&
    !message.content.some((block) => block.type === 'tool_result')
  );
}

/** The end of the latest finished exchange, or null when there is none. */
export function findCompactionPoint(
  messages: readonly SeqMessage[],
  openTurns: ReadonlySet<string>,
): CompactionPoint | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const candidate = messages[index];
    if (!candidate || candidate.message.role !== 'assistant') continue;
    const next = messages[index + 1];
    if (next ? !startsTurn(next.message) : openTurns.has(candidate.turnId)) continue;
    const turnsSummarised = messages
      .slice(0, index + 1)
      .filter((stored) => startsTurn(stored.message)).length;
    return { throughSeq: candidate.seq, throughTurnId: candidate.turnId, turnsSummarised };
  }
  return null;
}

function openTurnIds(db: WritableDb, conversationId: string): Set<string> {
  const rows = db
    .prepare('SELECT id FROM conversation_turns WHERE conversation_id = ? AND end_reason IS NULL')
    .all(conversationId) as { id: string }[];
  return new Set(rows.map((row) => row.id));
}

function conversationModel(db: WritableDb, conversationId: string): string | null {
  const row = db.prepare('SELECT model FROM conversations WHERE id = ?').get(conversationId) as
    { model: string } | undefined;
  return row?.model ?? null;
}

/**
 * Compacts the conversation: its finished turns are sent as one summary from the next request
 * on. Refuses (CompactionRefusedError) while a turn runs, for an unknown conversation, and
 * when no turn finished since the last compaction or a summary would not be shorter.
 */
export async function compactConversation(
  options: CompactConversationOptions,
): Promise<CompactionResult> {
  const { db, conversationId } = options;
  const model = conversationModel(db, conversationId);
  if (model === null)
    throw new CompactionRefusedError(`There is no conversation ${conversationId}.`);
  if (options.isRunning(conversationId)) {
    throw new CompactionRefusedError(
      'A turn is running in this conversation: let it finish or stop it, then compact.',
    );
  }
  const messages = readMessages(prepareConversationStatements(db), conversationId);
  const previous = latestCompaction(db, conversationId);
  const point = findCompactionPoint(messages, openTurnIds(db, conversationId));
  if (!point) {
    throw new CompactionRefusedError(
      'Nothing to compact: no turn of this conversation has finished with a reply yet.',
    );
  }
  if (previous && point.throughSeq <= previous.throughSeq) {
    throw new CompactionRefusedError(
      'Nothing to compact: no turn has finished since the last compaction, so every earlier turn is already sent as a summary.',
    );
  }
  const upTo = messages.filter((stored) => stored.seq <= point.throughSeq);
  const tokensBefore = estimateTokens(sentHistory(messages, previous));
  const tokensWith = (summary: string) =>
    estimateTokens(sentHistory(messages, { throughSeq: point.throughSeq, summary }));
  const local = localSummary(upTo.map((stored) => stored.message));
  if (tokensWith(local) >= tokensBefore) {
    throw new CompactionRefusedError(
      `Nothing to compact: the earlier turns are already about as short as a summary of them (≈${compactTokens(tokensBefore)} tokens).`,
    );
  }
  const drafted = await draftSummary({
    createClient: options.createClient,
    model,
    previousSummary: previous?.summary ?? null,
    newMessages: upTo
      .filter((stored) => !previous || stored.seq > previous.throughSeq)
      .map((stored) => stored.message),
    local,
    shortEnough: (text) => tokensWith(text) < tokensBefore,
    signal: options.signal,
  });
  const tokensAfter = tokensWith(drafted.text);
  recordCompaction(db, {
    conversationId,
    throughSeq: point.throughSeq,
    throughTurnId: point.throughTurnId,
    turnsSummarised: point.turnsSummarised,
    summary: drafted.text,
    draftedBy: drafted.draftedBy,
    tokensBefore,
    tokensAfter,
    createdAt: (options.now ?? Date.now)(),
    drafting: drafted.usage ? { usage: drafted.usage, model } : null,
  });
  return {
    turnsSummarised: point.turnsSummarised,
    tokensBefore,
    tokensAfter,
    draftedBy: drafted.draftedBy,
    ...(drafted.fallbackReason ? { fallbackReason: drafted.fallbackReason } : {}),
    usage: drafted.usage,
  };
}
