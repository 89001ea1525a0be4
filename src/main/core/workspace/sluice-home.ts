// Where Sluice keeps its databases. One rule for every shell so the CLI, browser mode and
// the app agree when they can: SLUICE_HOME wins; the Electron app passes its userData
// folder; otherwise the OS data folder. Pure: every input is a parameter, so each platform's
// answer is testable on any platform.
import path from 'node:path';
import { existsSync, mkdirSync } from 'node:fs';

export interface SluiceHomeInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  /** Electron's app.getPath('userData'); absent under the CLI. */
  readonly electronUserData?: string | undefined;
  /** Base for a relative SLUICE_HOME; defaults to process.cwd(). */
  readonly cwd?: string;
}

export class SluiceHomeError extends Error {
  override readonly name = 'SluiceHomeError';
}

const MAX_HOME_LENGTH = 1024;

export function resolveSluiceHome(input: SluiceHomeInput): string {
  const paths = input.platform === 'win32' ? path.win32 : path.posix;
  const fromEnv = input.env.SLUICE_HOME?.trim();
  if (fromEnv) {
    if (fromEnv.includes('\0')) throw new SluiceHomeError('SLUICE_HOME contains a NUL byte.');
    if (fromEnv.length > MAX_HOME_LENGTH) {
      throw new SluiceHomeError(`SLUICE_HOME is longer than ${MAX_HOME_LENGTH} characters.`);
    }
    return paths.resolve(input.cwd ?? process.cwd(), fromEnv);
  }
  if (input.electronUserData) return paths.resolve(input.electronUserData);
  if (!input.homedir) {
    throw new SluiceHomeError(
      'Cannot find a home folder for Sluice data: set SLUICE_HOME to a writable folder.',
    );
  }
  switch (input.platform) {
    case 'win32': {
      const appData = input.env.APPDATA?.trim();
      const base =
        appData && paths.isAbsolute(appData)
          ? appData
          : paths.join(input.homedir, 'AppData', 'Roaming');
      return paths.join(base, 'Sluice');
    }
    case 'darwin':
      return paths.join(input.homedir, 'Library', 'Application Support', 'Sluice');
    default: {
      // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
      const xdg = input.env.XDG_DATA_HOME?.trim();
      const base =
        xdg && paths.isAbsolute(xdg) ? xdg : paths.join(input.homedir, '.local', 'share');
      return paths.join(base, 'sluice');
    }
  }
}

/** Creates the folder (owner-only on POSIX: it holds conversations and the key blob). */
export function ensureSluiceHome(home: string): string {
  try {
    createMissingFolders(path.resolve(home));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SluiceHomeError(
      `Cannot create the Sluice data folder ${home}: ${reason}. Set SLUICE_HOME to a writable folder.`,
    );
  }
  return home;
}

// Not mkdirSync({recursive: true}): under a pseudo file system such as /proc it retries
// ENOENT forever. Creating one component at a time fails on the first refusal.
function createMissingFolders(folder: string): void {
  const missing: string[] = [];
  let current = folder;
  while (!existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of missing) mkdirSync(dir, { mode: 0o700 });
}
