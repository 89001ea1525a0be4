// better-sqlite3 under Electron. One `npm install` builds the package for Node (tests, CLI);
// Electron has another ABI, so scripts/rebuild-native-for-electron.mjs builds a second copy
// into out/native/electron/ and the app passes it as better-sqlite3's `nativeBinding`.
// node_modules stays the Node build, so tests and the CLI keep working.
import path from 'node:path';

export const ELECTRON_NATIVE_DIR = path.join('out', 'native', 'electron');
export const ELECTRON_NATIVE_FILE = 'better_sqlite3.node';
export const ELECTRON_NATIVE_INFO = 'build-info.json';

export interface NativeBuildInfo {
  readonly electron: string;
  readonly betterSqlite3: string;
  readonly platform: string;
  readonly arch: string;
}

export interface NativeBindingInput {
  /** app.getAppPath(): the folder holding package.json. */
  readonly appPath: string;
  /** process.versions.electron */
  readonly electronVersion: string;
  readonly platform: string;
  readonly arch: string;
  readonly readText: (file: string) => string | null;
  readonly exists: (file: string) => boolean;
}

export class NativeBindingError extends Error {
  override readonly name = 'NativeBindingError';
}

const REBUILD =
  'Run `npm run rebuild:electron` (node scripts/rebuild-native-for-electron.mjs) and start again.';

/** The Electron build's path, or NativeBindingError saying exactly what is wrong and how to fix it. */
export function resolveElectronNativeBinding(input: NativeBindingInput): string {
  const dir = path.join(input.appPath, ELECTRON_NATIVE_DIR);
  const file = path.join(dir, ELECTRON_NATIVE_FILE);
  if (!input.exists(file)) {
    throw new NativeBindingError(
      `SQLite (better-sqlite3) has no build for Electron: ${file} is missing. ${REBUILD}`,
    );
  }
  const text = input.readText(path.join(dir, ELECTRON_NATIVE_INFO));
  const info = parseBuildInfo(text);
  if (!info)
    throw new NativeBindingError(
      `${path.join(dir, ELECTRON_NATIVE_INFO)} is missing or unreadable. ${REBUILD}`,
    );
  if (
    info.electron !== input.electronVersion ||
    info.platform !== input.platform ||
    info.arch !== input.arch
  ) {
    throw new NativeBindingError(
      `${file} was built for Electron ${info.electron} on ${info.platform}-${info.arch}, ` +
        `but this is Electron ${input.electronVersion} on ${input.platform}-${input.arch}. ${REBUILD}`,
    );
  }
  return file;
}

function parseBuildInfo(text: string | null): Partial<NativeBuildInfo> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<NativeBuildInfo>) : null;
  } catch {
    return null;
  }
}
