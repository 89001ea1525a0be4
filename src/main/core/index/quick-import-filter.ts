// Which of the prefilter's TypeScript/JavaScript files can import one of the files searched so
// far, before the full parse (issue 30 item 5): the index reads a module reference only from a
// string literal (an import, a re-export, `import x = require()`, `require()`, `import()`; see
// extract-module-refs.ts), and the prefilter listed the file because one of the searched
// files' words sits inside one. Each such string (from the quote before a word's occurrence to
// the quote after it, on its line) and each string the prefilter's own patterns match is
// resolved with the index's resolver; a file none of whose strings resolves to a searched file
// cannot add an importer, so it is not parsed. Only ever fewer files: a file that cannot be
// read here, or is over the size limit, is parsed as before and left to the parse job.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Resolve } from './index-store';

const QUOTES = new Set(["'", '"', '`']);

/** The text between the quotes around `at` on its line, or undefined when there are none. */
function stringAround(text: string, at: number, length: number): string | undefined {
  let left = at - 1;
  while (left >= 0 && !QUOTES.has(text[left] as string) && text[left] !== '\n') left--;
  if (left < 0 || text[left] === '\n') return undefined;
  let right = at + length;
  while (right < text.length && !QUOTES.has(text[right] as string) && text[right] !== '\n') right++;
  if (right >= text.length || text[right] === '\n') return undefined;
  return text.slice(left + 1, right);
}

/** Every string in `text` that holds one of the words or matches one of the patterns. */
export function specifierCandidates(
  text: string,
  words: readonly string[],
  patterns: readonly RegExp[],
): Set<string> {
  const found = new Set<string>();
  for (const word of words) {
    if (!word) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      const inside = stringAround(text, at, word.length);
      if (inside !== undefined) found.add(inside);
    }
  }
  for (const pattern of patterns) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    for (let match = global.exec(text); match; match = global.exec(text)) {
      // Quote, text, quote: the text is the candidate. Overlapping matches are tried too.
      found.add(match[0].slice(1, -1));
      global.lastIndex = match.index + 1;
    }
  }
  return found;
}

export interface ImportFilter {
  readonly root: string;
  readonly maxFileBytes: number;
  readonly resolve: Resolve;
  /** Words that name a searched file inside a string literal (quick-importer-words.ts). */
  readonly words: readonly string[];
  /** The prefilter's other string patterns for them (`'.'`, `'..'` for an index file). */
  readonly patterns: readonly RegExp[];
  /** The files searched so far: the target and every file the traversal walked through. */
  readonly searched: ReadonlySet<string>;
}

/** Whether the file may hold a module reference that resolves to a searched file. */
export function mayImportSearched(filter: ImportFilter, file: string): boolean {
  const absolute = path.join(filter.root, ...file.split('/'));
  let text: string;
  try {
    if (statSync(absolute).size > filter.maxFileBytes) return true;
    text = readFileSync(absolute, 'utf8');
  } catch {
    return true;
  }
  for (const candidate of specifierCandidates(text, filter.words, filter.patterns)) {
    let resolved: string | undefined;
    try {
      resolved = filter.resolve(file, candidate);
    } catch {
      return true;
    }
    if (resolved !== undefined && filter.searched.has(resolved)) return true;
  }
  return false;
}
