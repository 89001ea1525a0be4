// Recall of the quick definitions' line filter over a whole corpus, not a sample: every
// symbol the index's extractors record in every file, and every `export { local as NAME }`,
// must leave a line of its file that the filter keeps for the name's last segment (among the
// lines holding the word, as ripgrep prints them). A miss is a definition the quick answer
// could not see: it is listed. A TypeScript file's second look (quick-definition-context.ts)
// is checked with it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runParseJobSync } from '../src/main/core/index/parse-job';
import { prepareGrammarsFor } from '../src/main/core/index/languages/tree-sitter-runtime';
import { definitionLineFilter } from '../src/main/core/index/quick-definition-filter';
import { fileMayDefine, isContextJudged } from '../src/main/core/index/quick-definition-context';
import { shortNameOf } from '../src/main/core/index/index-store';

export interface LineRecall {
  /** Definitions checked (symbols and aliases whose word the patterns take). */
  readonly checked: number;
  /** Of those, in files whose kept lines would not list them. */
  readonly missed: string[];
  /** Files kept per sampled word, against files holding the word, summed over the words. */
  readonly keptFiles: number;
  readonly wordFiles: number;
  readonly sampledWords: number;
}

const NOT_WORD = String.raw`[^\p{L}\p{N}\p{M}\p{Pc}]`;

function linesWithWord(text: string, word: string): string[] {
  const escaped = word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  const pattern = new RegExp(`(?:^|${NOT_WORD})${escaped}(?:$|${NOT_WORD})`, 'u');
  return text.split('\n').filter((line) => pattern.test(line));
}

export async function definitionLineRecall(
  dir: string,
  files: readonly string[],
  sampleWords = 300,
  maxBytes = 1024 * 1024,
): Promise<LineRecall> {
  await prepareGrammarsFor(files);
  const texts = new Map<string, string>();
  const definitions: { path: string; word: string; what: string }[] = [];
  for (const file of files) {
    const parsed = runParseJobSync({ path: file, absolute: path.join(dir, file), maxBytes });
    if ('unchanged' in parsed || parsed.outcome.status !== 'ok') continue;
    texts.set(file, readFileSync(path.join(dir, file), 'utf8'));
    const { symbols, exports } = parsed.outcome.extraction;
    for (const s of symbols)
      definitions.push({ path: file, word: shortNameOf(s.name), what: `${s.kind} ${s.name}` });
    for (const e of exports)
      if (e.local !== null && e.local !== e.exported)
        definitions.push({
          path: file,
          word: shortNameOf(e.exported),
          what: `export ${e.local} as ${e.exported}`,
        });
  }
  const byWord = new Map<string, { path: string; what: string }[]>();
  for (const d of definitions) {
    const list = byWord.get(d.word);
    if (list) list.push(d);
    else byWord.set(d.word, [d]);
  }
  const words = [...byWord.keys()].filter((w) => definitionLineFilter(w)).sort();
  const every = Math.max(1, Math.floor(words.length / sampleWords));
  let checked = 0;
  const missed: string[] = [];
  let keptFiles = 0;
  let wordFiles = 0;
  let sampledWords = 0;
  // One word at a time: a filter compiles its patterns for that word only.
  words.forEach((word, i) => {
    const filter = definitionLineFilter(word);
    if (!filter) return;
    // The lines, then (TypeScript) the file's second look, as the quick answer judges it.
    const judged = new Map<string, boolean>();
    const kept = (file: string): boolean => {
      const known = judged.get(file);
      if (known !== undefined) return known;
      const result = keptNow(file);
      judged.set(file, result);
      return result;
    };
    const keptNow = (file: string): boolean => {
      const text = texts.get(file) ?? '';
      if (!linesWithWord(text, word).some((line) => filter.keepLine(file, line))) return false;
      if (!isContextJudged(file)) return true;
      return fileMayDefine(text, word, (line) => filter.keepLine(file, line));
    };
    for (const d of byWord.get(word) ?? []) {
      checked++;
      if (!kept(d.path)) missed.push(`${d.path}: ${d.what}`);
    }
    // Precision over a sample of the words: files kept against files holding the word.
    if (i % every !== 0) return;
    sampledWords++;
    for (const [file, text] of texts) {
      if (!text.includes(word) || !linesWithWord(text, word).length) continue;
      wordFiles++;
      if (kept(file)) keptFiles++;
    }
  });
  return { checked, missed, keptFiles, wordFiles, sampledWords };
}
