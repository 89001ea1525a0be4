// The per-project index database: `<home>/index/<sha256 of the project root>.db`, WAL mode,
// schema from the numbered migrations in ./migrations. It is a cache: one that cannot be
// opened or comes from a newer Sluice is deleted and rebuilt, never trusted half-way.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { indexMigrations } from './migrations';
import type { IndexMigration } from './migrations/index-migration';

export function indexDatabasePath(home: string, root: string): string {
  const digest = createHash('sha256').update(root).digest('hex').slice(0, 32);
  return path.join(home, 'index', `${digest}.db`);
}

export function migrateIndexDatabase(
  db: Database.Database,
  migrations: readonly IndexMigration[] = indexMigrations,
): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest)
    throw new Error(`index database version ${current} is newer than this Sluice (${latest})`);
  const pending = migrations
    .filter((m) => m.version > current)
    .sort((a, b) => a.version - b.version);
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

function openAt(file: string, nativeBinding: string | undefined): Database.Database {
  const db = new Database(file, nativeBinding ? { nativeBinding } : undefined);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -32000');
    migrateIndexDatabase(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (creating if needed) the project's index database; `:memory:` when home is null.
 * `nativeBinding`: better-sqlite3's Electron-ABI build, under Electron (see README).
 */
export function openIndexDatabase(
  home: string | null,
  root: string,
  nativeBinding?: string,
): Database.Database {
  if (home === null) return openAt(':memory:', nativeBinding);
  const file = indexDatabasePath(home, root);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    return openAt(file, nativeBinding);
  } catch {
    // Corrupt, foreign or from a newer version: the index is derived data, rebuild it.
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    return openAt(file, nativeBinding);
  }
}
