// Compaction as the shells see it: what `/compact` did (agent/conversation-compaction.ts), and
// the mark a compacted conversation shows after the turn where its summary begins to stand in.
// The words are here so the app and the terminal session say the same thing.
import { z } from 'zod';
import { usageSchema } from './usage';
import { compactTokens } from './usage-words';

export const summaryAuthorSchema = z.enum(['model', 'sluice']);

export const compactionResultSchema = z.object({
  /** The person's turns the summary now stands for (every one before the point). */
  turnsSummarised: z.number(),
  /** Estimated tokens of the history sent, before and after. */
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  draftedBy: summaryAuthorSchema,
  /** Why Sluice's own summary stands in although the model was asked. */
  fallbackReason: z.string().optional(),
  /** The drafting request's usage (counted in the conversation's cost), null when none. */
  usage: usageSchema.nullable(),
});
export type CompactionResultView = z.infer<typeof compactionResultSchema>;

/** A compaction as a transcript marks it: after the turn where the summary's point is. */
export const compactionMarkSchema = z.object({
  afterTurnId: z.string(),
  turnsSummarised: z.number(),
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  draftedBy: summaryAuthorSchema,
});
export type CompactionMark = z.infer<typeof compactionMarkSchema>;

/**
 * "Compacted: 6 earlier turns are now sent as a summary (≈41k → 3k tokens)", and who drafted
 * it when Sluice's own summary stood in for the model's.
 */
export function compactionWords(
  result: Pick<CompactionResultView, 'turnsSummarised' | 'tokensBefore' | 'tokensAfter'> & {
    readonly fallbackReason?: string | undefined;
  },
): string {
  const turns =
    result.turnsSummarised === 1
      ? '1 earlier turn is'
      : `${result.turnsSummarised} earlier turns are`;
  const line = `Compacted: ${turns} now sent as a summary (≈${compactTokens(result.tokensBefore)} → ${compactTokens(result.tokensAfter)} tokens)`;
  return result.fallbackReason
    ? `${line}. Sluice wrote the summary itself: ${result.fallbackReason.replace(/\.$/u, '')}.`
    : line;
}
