// Opens one better-sqlite3 connection with Sluice's pragmas. Shared by the app database and
// the per-project index databases so both load the same native build: under Node the
// package's default build; under Electron the Electron-ABI build passed as `nativeBinding`
// (scripts/rebuild-native-for-electron.mjs makes it).
import Database from 'better-sqlite3';
import type { ReadableDb, WritableDb } from './database-handles';

export interface SqliteOpenOptions {
  /** Absolute path of a better_sqlite3.node built for this runtime; omit under plain Node. */
  readonly nativeBinding?: string | undefined;
  /** How long a writer waits for another connection's lock before SQLITE_BUSY. */
  readonly busyTimeoutMs?: number;
}

export class NativeModuleError extends Error {
  override readonly name = 'NativeModuleError';
}

const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export function openSqliteWritable(file: string, options: SqliteOpenOptions = {}): WritableDb {
  const db = construct(file, { readonly: false, fileMustExist: false }, options);
  try {
    // WAL lets the CLI read while the app writes; NORMAL is durable across app crashes in
    // WAL mode (only an OS crash can lose the last commits, never corrupt the file).
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (typeof mode !== 'string' || mode.toLowerCase() !== 'wal') {
      throw new Error(`SQLite refused WAL mode for ${file} (got "${String(mode)}").`);
    }
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
  } catch (error) {
    db.close();
    throw error;
  }
  return db as WritableDb;
}

export function openSqliteReadOnly(file: string, options: SqliteOpenOptions = {}): ReadableDb {
  const db = construct(file, { readonly: true, fileMustExist: true }, options);
  db.pragma('foreign_keys = ON');
  return db as ReadableDb;
}

function construct(
  file: string,
  mode: { readonly: boolean; fileMustExist: boolean },
  options: SqliteOpenOptions,
): Database.Database {
  const timeout = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  try {
    return new Database(file, {
      ...mode,
      timeout,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
    });
  } catch (error) {
    throw explainOpenFailure(file, error, options.nativeBinding);
  }
}

/** An ABI mismatch or a missing .node file gets a message that says how to fix it. */
function explainOpenFailure(
  file: string,
  error: unknown,
  nativeBinding: string | undefined,
): Error {
  const message = error instanceof Error ? error.message : String(error);
  const nativeProblem =
    /NODE_MODULE_VERSION|was compiled against a different|invalid ELF header|not a valid Win32 application|Cannot find module|dlopen|wrong ELF class|mach-o/i.test(
      message,
    );
  if (nativeProblem) {
    const fix = nativeBinding
      ? `The Electron build at ${nativeBinding} is missing or was built for another Electron: run \`node scripts/rebuild-native-for-electron.mjs\`.`
      : 'The default build of better-sqlite3 does not match this Node: run `npm rebuild better-sqlite3`.';
    return new NativeModuleError(
      `Cannot load SQLite (better-sqlite3) for ${file}: ${message}. ${fix}`,
    );
  }
  return new Error(`Cannot open the database ${file}: ${message}`);
}
