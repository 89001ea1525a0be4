// The contract's `symbols` service over the open project's symbol index. Queries build the
// index first if this process has not yet (the symbol browser may ask before anyone indexed),
// except the symbol browser's search, which answers from what is indexed so far while the
// first build runs (its `index.status` says the index is still being built);
// `reindex` reports progress as `index.status` events through the injected emitter.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { IndexStatus, symbolService } from '../../../shared/contract/symbol-service';
import type { SymbolIndex } from '../index/symbol-index';
import type { DiagnosticsMemory } from '../diagnostics/diagnostics-port';

export interface SymbolHandlersDeps {
  /** The open project's index; throws a message when no project is open. */
  currentIndex(): SymbolIndex;
  /** `index.status` while indexing and when it ends. Contract: never throws. */
  emitStatus(status: IndexStatus): void;
  /**
   * The open project's diagnostics service, when the shell made one; absent or
   * undefined: no checker runs, so there is no memory to report.
   */
  currentDiagnostics?(): { memory(): DiagnosticsMemory } | undefined;
}

export type SymbolHandlers = ServiceHandlers<typeof symbolService>;

export function createSymbolHandlers(deps: SymbolHandlersDeps): SymbolHandlers {
  const ready = async (): Promise<SymbolIndex> => {
    const index = deps.currentIndex();
    if (!index.isBuilt) await index.refresh(undefined, deps.emitStatus);
    return index;
  };
  return {
    status() {
      return deps.currentIndex().status();
    },
    async reindex() {
      const index = deps.currentIndex();
      await index.refresh(undefined, deps.emitStatus);
      const status = index.status();
      deps.emitStatus(status);
      return status;
    },
    async search({ query, kind, limit }) {
      const index = deps.currentIndex();
      if (!index.isBuilt && index.isRefreshing) return index.searchSymbols(query, limit, kind);
      return (await ready()).searchSymbols(query, limit, kind);
    },
    async definition({ name, kind }) {
      const { definitions, suggestions } = (await ready()).findDefinition(name, kind);
      return { definitions, suggestions };
    },
    async importers({ target }) {
      return { importers: (await ready()).findImporters(target) };
    },
    async outline({ path }) {
      return (await ready()).outline(path);
    },
    diagnosticsMemory() {
      return deps.currentDiagnostics?.()?.memory() ?? { services: [] };
    },
    async searchFiles({ query, limit }) {
      return (await ready()).searchFiles(query, limit);
    },
  };
}
