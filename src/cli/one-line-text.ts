// Stored text (a rule's glob, prefix or hosts, an audited path or command) printed on one
// line of a listing: hidden and control characters made visible as visibleUntrusted does, and
// newlines and tabs too, so one entry can never look like two or repaint the terminal.
import { visibleUntrusted } from '../shared/untrusted-text';

export function oneLine(text: string): string {
  return visibleUntrusted(text).replace(
    /[\n\t]/gu,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A word list as typed on a command line: words with blanks or quotes are JSON-quoted. */
export function wordsLine(words: readonly string[]): string {
  return words
    .map((w) => (/^[^\s"'\\]+$/u.test(w) ? oneLine(w) : oneLine(JSON.stringify(w))))
    .join(' ');
}
