// find_definition before the index is complete: every definition the index would find for
// NAME is in a file with a line where NAME's last segment stands as a definition (its
// declaration, or the `export { local as NAME }` beside the local's declaration), so ripgrep
// prints the lines holding the word, the files with such a line are kept
// (quick-definition-filter.ts; every file with the word, for a name the patterns cannot
// take), a TypeScript file's kept lines are looked at again in the context of the whole file
// as soon as ripgrep lists it, while the search goes on (quick-definition-context.ts: import
// lists and types broken over lines are no definitions), the files left are parsed (TypeScript
// and JavaScript with oxc's parser, quick-parse.ts, so the answer does not wait for
// TypeScript's compiler to load), and the index's own query (definition-query.ts, same ranking
// and kinds) answers over them. Most files that mention a frequent name only use it, so they
// are not parsed. A plain name (no kind asked) that files use and none of the files kept
// defines is answered as a miss, with how many files use it: every definition is in a kept
// file, so the index finds none either (a name from a package, a global, a re-export under
// another name). Any other miss waits for the index: its similar names, for a name nothing
// uses (a typo), need every name in the project.
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { findDefinitions, type DefinitionResult } from './definition-query';
import { shortNameOf } from './index-store';
import { createQuickStore, prewarmParsers } from './quick-parse';
import type { ParsedFile } from './index-types';
import { runPrefilter } from './quick-text-prefilter';
import { definitionLineFilter, type DefinitionLineFilter } from './quick-definition-filter';
import { fileMayDefine, isContextJudged } from './quick-definition-context';
import { QUICK_MAX_PARSED_FILES, type QuickAnswer } from './quick-answer';
import type { IndexFileSource } from './project-scan';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface QuickSearchDeps {
  readonly rgPath: string;
  readonly source: IndexFileSource;
  readonly maxFileBytes: number;
  readonly signal?: AbortSignal;
  /** Hands the parsed files over to warm the index (called once per answer). */
  readonly warm?: (files: readonly ParsedFile[]) => void;
}

export async function quickFindDefinitions(
  deps: QuickSearchDeps,
  name: string,
  kind?: SymbolKind,
): Promise<QuickAnswer<DefinitionResult>> {
  const query = name.trim();
  const word = shortNameOf(query);
  if (!word) return { kind: 'wait', why: 'no name to search for' };
  const lines = definitionLineFilter(word);
  // Each TypeScript file is judged in context as soon as ripgrep lists it, while it searches on.
  const judged = new Map<string, Promise<boolean>>();
  const judge = (file: string): Promise<boolean> => {
    let verdict = judged.get(file);
    if (!verdict && lines)
      judged.set(file, (verdict = mayDefineInContext(deps.source.root, file, word, lines)));
    return verdict ?? Promise.resolve(true);
  };
  const listed = await runPrefilter({
    rgPath: deps.rgPath,
    source: deps.source,
    // `export default`/`export =` define `default` without the word.
    words: word === 'default' ? ['default', 'export'] : [word],
    ...(lines ? { keepLine: lines.keepLine, onListed: (file) => void judge(file) } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
    meanwhile: () => prewarmParsers(deps.source.root, 'definitions'),
  });
  const where = lines ? 'may define' : 'mention';
  if (listed.unsure) return { kind: 'wait', why: listed.unsure };
  // A plain name files use: a miss is answered with how many, the index finds none either
  // (not `default`, whose search takes `export` too, so its count would not be its uses).
  const usedIn = lines && !kind && query === word && word !== 'default' ? (listed.matched ?? 0) : 0;
  const miss = (parsed: number): QuickAnswer<DefinitionResult> => ({
    kind: 'answer',
    value: { definitions: [], suggestions: [], usedIn },
    parsed,
  });
  if (!listed.files.length) {
    if (usedIn) return miss(0);
    return { kind: 'wait', why: lines ? `no file may define ${word}` : `no file mentions ${word}` };
  }
  const verdicts = await Promise.all(listed.files.map(judge));
  const files = listed.files.filter((_, i) => verdicts[i]);
  if (files.length > QUICK_MAX_PARSED_FILES)
    return { kind: 'wait', why: `${files.length} files ${where} ${word}` };
  const quick = createQuickStore(
    deps.source.root,
    deps.maxFileBytes,
    () => undefined,
    'definitions',
  );
  try {
    await quick.add(files);
    const result = findDefinitions(quick.store, () => [], query, kind);
    deps.warm?.(quick.whole());
    if (!result.definitions.length)
      return usedIn
        ? miss(quick.parsed.size)
        : { kind: 'wait', why: `nothing named ${query} is defined in the files that ${where} it` };
    return { kind: 'answer', value: result, parsed: quick.parsed.size };
  } finally {
    quick.close();
  }
}

/**
 * Whether a listed file may still define `word` once read whole (TypeScript files; any other
 * is kept). A file that cannot be read is kept: its parse reports it.
 */
async function mayDefineInContext(
  root: string,
  file: string,
  word: string,
  lines: DefinitionLineFilter,
): Promise<boolean> {
  if (!isContextJudged(file)) return true;
  try {
    const text = await readFile(path.join(root, file), 'utf8');
    return fileMayDefine(text, word, (line) => lines.keepLine(file, line));
  } catch {
    return true;
  }
}
