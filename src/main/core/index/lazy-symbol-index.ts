// A project's symbol index opened only when a symbol query first needs it, closed with the run
// or session that made it: the CLI's one index per run (the persistent one
// under SLUICE_HOME) and a propose run's or `sluice mcp` session's index of the disk under its
// overlay (in memory, `home: null`). Until it is opened nothing is stale in this process, so
// a refresh is a no-op; the first query builds (or refreshes) everything.
import type { Workspace } from '../workspace/workspace';
import { SymbolIndex } from './symbol-index';
import type { SymbolIndexPort } from './symbol-index-port';

export interface LazySymbolIndex extends SymbolIndexPort {
  close(): Promise<void>;
}

export function openLazySymbolIndex(
  workspace: Workspace,
  /** Where the index database lives, asked on first use; null keeps it in memory. */
  home: () => string | null,
): LazySymbolIndex {
  let index: SymbolIndex | null = null;
  const get = (): SymbolIndex => (index ??= SymbolIndex.open({ source: workspace, home: home() }));
  return {
    ensureBuilt: () => get().ensureBuilt(),
    refreshFile: (relative) => (index ? index.refreshFile(relative) : Promise.resolve()),
    status: () => get().status(),
    findDefinition: (name, kind) => get().findDefinition(name, kind),
    findDefinitionFrom: (name, fromFile) => get().findDefinitionFrom(name, fromFile),
    findImporters: (target) => get().findImporters(target),
    outline: (file) => get().outline(file),
    searchFiles: (query, limit) => get().searchFiles(query, limit),
    hasFile: (file) => get().hasFile(file),
    relativePath: (file) => get().relativePath(file),
    // A never-indexed project answers its first query from a quick search.
    quickAnswers: () => get().quickAnswers(),
    close: async () => {
      await index?.close();
      index = null;
    },
  };
}
