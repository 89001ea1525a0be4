// A conversation's title, made from the person's first prompt so a listing can be read and
// searched: its first line with words in it, blanks folded, cut at a word boundary to about
// 60 characters with an ellipsis. Never empty and never an id; "Untitled conversation" only
// when the prompt has no letter or digit at all. Hidden characters (zero-width, bidi) are
// dropped, since a title is shown on its own, away from the prompt it came from.
import { withoutHidden } from './untrusted-text';

export const TITLE_MAX_CHARS = 60;
export const UNTITLED_CONVERSATION = 'Untitled conversation';

const WORDS = /[\p{L}\p{N}]/u;
/** Left at the end of a cut title before its ellipsis: a dangling comma or dash says nothing. */
const TRAILING = /[\s,;:.\-–—([{]+$/u;

export function conversationTitle(prompt: string): string {
  const line = withoutHidden(prompt)
    .split(/\r\n|\r|\n/u)
    .map((l) => l.replace(/\s+/gu, ' ').trim())
    .find((l) => WORDS.test(l));
  if (line === undefined) return UNTITLED_CONVERSATION;
  const chars = [...line];
  if (chars.length <= TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, TITLE_MAX_CHARS).join('');
  const space = cut.lastIndexOf(' ');
  // A word longer than half the title is cut inside; otherwise at the last whole word.
  const kept = space >= TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : chars.slice(0, 59).join('');
  return `${kept.replace(TRAILING, '') || kept}…`;
}
