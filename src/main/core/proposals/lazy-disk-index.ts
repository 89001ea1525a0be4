// The project's index on disk for a run or session that works on an overlay: opened in memory
// (no index DB is written) only when a symbol tool first asks, closed when the run ends. The
// overlay's own symbols come from overlaySymbolIndex on top of it.
import { SymbolIndex } from '../index/symbol-index';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { Workspace } from '../workspace/workspace';

export interface LazyDiskIndex {
  readonly port: SymbolIndexPort;
  close(): Promise<void>;
}

export function lazyDiskIndex(workspace: Workspace): LazyDiskIndex {
  let index: SymbolIndex | null = null;
  const get = (): SymbolIndex => (index ??= SymbolIndex.open({ source: workspace, home: null }));
  return {
    port: {
      ensureBuilt: () => get().ensureBuilt(),
      refreshFile: (relative) => get().refreshFile(relative),
      status: () => get().status(),
      findDefinition: (name, kind) => get().findDefinition(name, kind),
      findDefinitionFrom: (name, from) => get().findDefinitionFrom(name, from),
      findImporters: (target) => get().findImporters(target),
      outline: (file) => get().outline(file),
      searchFiles: (query, limit) => get().searchFiles(query, limit),
      hasFile: (file) => get().hasFile(file),
      relativePath: (file) => get().relativePath(file),
    },
    close: async () => {
      await index?.close();
    },
  };
}
