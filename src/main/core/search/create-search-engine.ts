// Picks the engine: ripgrep from @vscode/ripgrep when its binary is installed for this
// platform, otherwise the Node fallback. The locator is injectable so tests (and a
// platform without the binary) take the fallback path for real.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createNodeSearchEngine } from './node-engine';
import { createRipgrepEngine } from './ripgrep-engine';
import type { SearchEngine } from './search-engine';

export type RipgrepLocator = () => Promise<string | null>;

/** The @vscode/ripgrep binary path, or null when the package or its binary is missing. */
export const locateBundledRipgrep: RipgrepLocator = async () => {
  try {
    // The package throws at import time when the platform package is absent.
    const { rgPath } = await import('@vscode/ripgrep');
    // Inside a packaged Electron app the binary lives outside the asar archive.
    const unpacked = rgPath.replace(/\bapp\.asar([\\/])/, 'app.asar.unpacked$1');
    await access(unpacked, constants.X_OK);
    return unpacked;
  } catch {
    return null;
  }
};

/** Resolves the engine once, on first use. */
export function createSearchEngine(locate: RipgrepLocator = locateBundledRipgrep): SearchEngine {
  let chosen: Promise<SearchEngine> | null = null;
  const choose = () => {
    chosen ??= locate().then((rgPath) =>
      rgPath ? createRipgrepEngine(rgPath) : createNodeSearchEngine(),
    );
    return chosen;
  };
  return {
    name: 'auto',
    search: async (workspace, query, signal) => (await choose()).search(workspace, query, signal),
  };
}
