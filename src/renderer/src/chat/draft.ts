// The chat input's text and the @-mentions picked for it. A mention goes to the model only
// while its "@label" is still in the text.
import type { Mention } from '../../../shared/contract';

export interface DraftMention {
  /** What the text shows after "@". */
  label: string;
  mention: Mention;
}

export interface Draft {
  text: string;
  mentions: DraftMention[];
}

export const emptyDraft: Draft = { text: '', mentions: [] };

/** The mention being typed at the caret ("@que|"), if any. */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Replaces text[start, end) with "@label " and records the mention. */
export function insertMention(
  draft: Draft,
  mention: DraftMention,
  start: number,
  end: number,
): { draft: Draft; caret: number } {
  const token = `@${mention.label} `;
  const text = draft.text.slice(0, start) + token + draft.text.slice(end);
  const mentions = draft.mentions.some(
    (m) => m.label === mention.label && m.mention.value === mention.mention.value,
  )
    ? draft.mentions
    : [...draft.mentions, mention];
  return { draft: { text, mentions }, caret: start + token.length };
}

/** Appends a mention at the end of the text (symbol browser's "Ask about this"). */
export function appendMention(draft: Draft, mention: DraftMention): Draft {
  const separator = draft.text === '' || /\s$/.test(draft.text) ? '' : ' ';
  const start = draft.text.length + separator.length;
  return insertMention({ ...draft, text: draft.text + separator }, mention, start, start).draft;
}

export function mentionsToSend(draft: Draft): Mention[] {
  const seen = new Set<string>();
  const result: Mention[] = [];
  for (const { label, mention } of draft.mentions) {
    const key = `${mention.type}:${mention.value}`;
    if (seen.has(key) || !draft.text.includes(`@${label}`)) continue;
    seen.add(key);
    result.push(mention);
  }
  return result;
}
