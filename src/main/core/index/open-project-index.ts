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

/** SLUICE_HOME as the store resolves it for this environment, created if missing. */
export function projectIndexHome(input: Pick<OpenProjectIndexInput, 'env' | 'cwd'>): string {
  return ensureSluiceHome(
    resolveSluiceHome({
      env: input.env,
      platform: process.platform,
      homedir: os.homedir(),
      cwd: input.cwd,
    }),
  );
}

/** The index at its place under SLUICE_HOME, not refreshed yet (quick answers come first). */
export function openProjectIndexUnrefreshed(input: OpenProjectIndexInput): SymbolIndex {
  const home = projectIndexHome(input);
  return SymbolIndex.open({
    source: input.source,
    home,
    ...(input.onStatus ? { onStatus: input.onStatus } : {}),
  });
}

export async function openProjectIndex(
  input: OpenProjectIndexInput,
): Promise<{ index: SymbolIndex; summary: RefreshSummary }> {
  const index = openProjectIndexUnrefreshed(input);
  try {
    const summary = await index.refresh();
    return { index, summary };
  } catch (error) {
    await index.close();
    throw error;
  }
}
