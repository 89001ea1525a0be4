// One symbol index per CLI run (issue 23 item 4): the persistent one under SLUICE_HOME, as
// the app uses, shared by every tool of the run (`sluice ask`'s turn, `sluice tool`), and
// refreshed by every applied write and every command's changed files through the tool
// context. It is opened on first use, so a run that never touches symbols never opens it.
import { openLazySymbolIndex, type LazySymbolIndex } from '../main/core/index/lazy-symbol-index';
import { ensureSluiceHome } from '../main/core/workspace/sluice-home';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { sluiceHomeFor } from './project-context';

export type RunIndex = LazySymbolIndex;

export function openRunIndex(workspace: Workspace, io: CliIo): RunIndex {
  return openLazySymbolIndex(workspace, () => ensureSluiceHome(sluiceHomeFor(io)));
}
