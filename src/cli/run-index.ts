// One symbol index per CLI run (issue 23 item 4): the persistent one under SLUICE_HOME, as
// the app uses, shared by every tool of the run (`sluice ask`'s turn, `sluice tool`), and
// refreshed by every applied write and every command's changed files through the tool
// context. It is opened on first use, so a run that never touches symbols never opens it.
import { SymbolIndex } from '../main/core/index/symbol-index';
import type { SymbolIndexPort } from '../main/core/index/symbol-index-port';
import { ensureSluiceHome } from '../main/core/workspace/sluice-home';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { sluiceHomeFor } from './project-context';

export interface RunIndex extends SymbolIndexPort {
  close(): Promise<void>;
}

export function openRunIndex(workspace: Workspace, io: CliIo): RunIndex {
  let index: SymbolIndex | null = null;
  const get = (): SymbolIndex =>
    (index ??= SymbolIndex.open({
      source: workspace,
      home: ensureSluiceHome(sluiceHomeFor(io)),
    }));
  return {
    ensureBuilt: () => get().ensureBuilt(),
    // Not opened yet: nothing is stale in this process; the first build refreshes everything.
    refreshFile: (relative) => (index ? index.refreshFile(relative) : Promise.resolve()),
    status: () => get().status(),
    findDefinition: (name, kind) => get().findDefinition(name, kind),
    findDefinitionFrom: (name, fromFile) => get().findDefinitionFrom(name, fromFile),
    findImporters: (target) => get().findImporters(target),
    outline: (file) => get().outline(file),
    searchFiles: (query, limit) => get().searchFiles(query, limit),
    hasFile: (file) => get().hasFile(file),
    relativePath: (file) => get().relativePath(file),
    close: async () => {
      await index?.close();
      index = null;
    },
  };
}
