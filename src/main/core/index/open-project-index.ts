// Opens a project's persistent symbol index the way every shell does: under SLUICE_HOME
// (resolved by the store's rule), refreshed incrementally before it answers.
import os from 'node:os';
import { ensureSluiceHome, resolveSluiceHome } from '../workspace/sluice-home';
import type { IndexFileSource } from './project-scan';
import { SymbolIndex, type RefreshSummary, type SymbolIndexOptions } from './symbol-index';

export interface OpenProjectIndexInput {
  readonly source: IndexFileSource;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly onStatus?: SymbolIndexOptions['onStatus'];
}

export async function openProjectIndex(
  input: OpenProjectIndexInput,
): Promise<{ index: SymbolIndex; summary: RefreshSummary }> {
  const home = ensureSluiceHome(
    resolveSluiceHome({
      env: input.env,
      platform: process.platform,
      homedir: os.homedir(),
      cwd: input.cwd,
    }),
  );
  const index = SymbolIndex.open({
    source: input.source,
    home,
    ...(input.onStatus ? { onStatus: input.onStatus } : {}),
  });
  try {
    const summary = await index.refresh();
    return { index, summary };
  } catch (error) {
    await index.close();
    throw error;
  }
}
