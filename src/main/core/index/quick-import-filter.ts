// Which of the prefilter's TypeScript/JavaScript files can import one of the files searched so
// far, before the full parse: the index reads a module reference only from a
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
const WORD_CHAR = /\w/;

/** The prefilter's premise: the word is whole, a non-word character or a quote on each side. */
function wholeAt(text: string, at: number, length: number): boolean {
  const before = text[at - 1];
  const after = text[at + length];
  return (
    (before === undefined || !WORD_CHAR.test(before)) &&
    (after === undefined || !WORD_CHAR.test(after))
  );
}

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
      if (!wholeAt(text, at, word.length)) continue;
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

export interface ImportFilterOptions {
  readonly root: string;
  readonly maxFileBytes: number;
  readonly resolve: Resolve;
}

export interface ImportSearch {
  /** Words that name a searched file inside a string literal (quick-importer-words.ts). */
  readonly words: readonly string[];
  /** The prefilter's other string patterns for them (`'.'`, `'..'` for an index file). */
  readonly patterns: readonly RegExp[];
  /** The files searched so far: the target and every file the traversal walked through. */
  readonly searched: ReadonlySet<string>;
}

export interface ImportFilter {
  /** Whether the file may hold a module reference that resolves to a searched file. */
  mayImport(file: string, search: ImportSearch): boolean;
}

/** One quick search's filter: each file is read once, each specifier resolved once. */
export function createImportFilter(options: ImportFilterOptions): ImportFilter {
  /** A file's text; null when the parse job decides (over the limit, unreadable). */
  const texts = new Map<string, string | null>();
  const resolved = new Map<string, string | undefined>();
  const textOf = (file: string): string | null => {
    if (texts.has(file)) return texts.get(file) ?? null;
    const absolute = path.join(options.root, ...file.split('/'));
    let text: string | null;
    try {
      text = statSync(absolute).size > options.maxFileBytes ? null : readFileSync(absolute, 'utf8');
    } catch {
      text = null;
    }
    texts.set(file, text);
    return text;
  };
  return {
    mayImport(file, search) {
      const text = textOf(file);
      if (text === null) return true;
      for (const candidate of specifierCandidates(text, search.words, search.patterns)) {
        const key = `${file}\n${candidate}`;
        if (!resolved.has(key)) {
          try {
            resolved.set(key, options.resolve(file, candidate));
          } catch {
            return true;
          }
        }
        const target = resolved.get(key);
        if (target !== undefined && search.searched.has(target)) return true;
      }
      return false;
    },
  };
}
