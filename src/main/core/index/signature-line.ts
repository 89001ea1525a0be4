// The text rules of a one-line signature, shared by the extractors of both parsers
// (signature-text.ts over TypeScript's tree, oxc/oxc-source.ts over oxc's): the header is cut
// where its body begins, its trailing `{`/`;` dropped, whitespace collapsed and the whole
// capped at SIGNATURE_MAX, so a result line never carries a whole object literal.
import { SIGNATURE_MAX } from './index-types';

/** How far past a header's start its text is read at most. */
export const SIGNATURE_READ_MAX = SIGNATURE_MAX * 4;

export function oneLine(text: string): string {
  const head = text.length > SIGNATURE_MAX * 2 ? text.slice(0, SIGNATURE_MAX * 2) : text;
  const collapsed = (/\s\s|[\t\n\r]/.test(head) ? head.replace(/\s+/g, ' ') : head).trim();
  return collapsed.length <= SIGNATURE_MAX
    ? collapsed
    : `${collapsed.slice(0, SIGNATURE_MAX - 1)}…`;
}

/**
 * Drops trailing whitespace, `{` and `;`. A loop, not `/[\s{;]+$/`: the regex restarts at
 * every such character of the header, which showed in the worker profile.
 */
export function trimHeaderEnd(text: string): string {
  let end = text.length;
  while (end > 0) {
    const code = text.charCodeAt(end - 1);
    if (code === 123 /* { */ || code === 59 /* ; */ || /\s/.test(text[end - 1] as string)) end--;
    else break;
  }
  return end === text.length ? text : text.slice(0, end);
}

/** The signature of the header that starts at `start` and whose body begins at `end`. */
export function headerSignature(text: string, start: number, end: number): string {
  return oneLine(trimHeaderEnd(text.slice(start, Math.min(end, start + SIGNATURE_READ_MAX))));
}
