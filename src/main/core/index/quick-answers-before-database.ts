// Quick answers for a project whose index database does not exist yet: with no
// database there is no build to answer from, so nothing is opened, created or migrated before
// the answer (the first `sluice def` is timed against rg + node). The files the
// answers parse are kept, to warm the index if the caller opens one after all.
import { existsSync } from 'node:fs';
import { locateBundledRipgrep } from '../search/create-search-engine';
import { indexDatabasePath } from './index-database';
import type { ParsedFile } from './index-types';
import type { IndexFileSource } from './project-scan';
import { createQuickAnswers, type QuickAnswers } from './quick-answers';
import { DEFAULT_MAX_FILE_BYTES, defaultCodeCacheDir } from './symbol-index-options';
import { useTypeScriptCodeCache } from './typescript-runtime';

export interface QuickAnswersBeforeDatabase {
  readonly quick: QuickAnswers;
  /** Every file the answers parsed so far. */
  parsed(): ParsedFile[];
}

/**
 * The quick answers a SymbolIndex opened on `home` would give, without opening it; undefined
 * when its database exists (then the index itself tells whether it is complete).
 */
export function quickAnswersBeforeDatabase(
  home: string,
  source: IndexFileSource,
): QuickAnswersBeforeDatabase | undefined {
  if (existsSync(indexDatabasePath(home, source.root))) return undefined;
  // The compiler's code cache the index would use (index-refresher.ts).
  useTypeScriptCodeCache(defaultCodeCacheDir(home));
  const parsed = new Map<string, ParsedFile>();
  const quick = createQuickAnswers({
    source,
    maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    locateRipgrep: locateBundledRipgrep,
    warm: (files) => {
      for (const file of files) parsed.set(file.path, file);
    },
    onAnswered: () => undefined,
  });
  return { quick, parsed: () => [...parsed.values()] };
}
