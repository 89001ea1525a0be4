// What a quick answer is: an answer the index itself would give, found before the
// index is complete; a partial one that says what it may miss; or no answer, with the reason
// the caller must wait for the index instead.
export type QuickAnswer<T> =
  | { readonly kind: 'answer'; readonly value: T; readonly parsed: number }
  | { readonly kind: 'partial'; readonly value: T; readonly parsed: number; readonly why: string }
  | { readonly kind: 'wait'; readonly why: string };

/** What the person and the model read beside an answer from the quick search. */
export const QUICK_ANSWER_NOTE = 'answered from a quick search; the index is still being built';

/** What they read beside a partial one. */
export function partialNote(why: string): string {
  return `partial: the index is still being built (${why})`;
}

/** Most files one quick answer parses; more means the index is the faster way. */
export const QUICK_MAX_PARSED_FILES = 1500;
