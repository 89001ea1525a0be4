// The app database (SLUICE_HOME/app.db): recent projects, settings, conversations,
// approvals, checkpoints. Opening for writing migrates; a database from a newer Sluice is
// refused untouched.
import path from 'node:path';
import { chmodSync } from 'node:fs';
import type { ReadableDb, WritableDb } from './database-handles';
import { appMigrations } from './migrations';
import type { Migration } from './migrations/migration';
import { assertSchemaCurrent, runMigrations } from './migration-runner';
import { ensureSluiceHome } from '../workspace/sluice-home';
import {
  openSqliteReadOnly,
  openSqliteWritable,
  type SqliteOpenOptions,
} from './sqlite-connection';

export const APP_DATABASE_FILE = 'app.db';

export interface AppDatabaseOptions extends SqliteOpenOptions {
  /** SLUICE_HOME (see resolveSluiceHome). Created when missing. */
  readonly home: string;
  /** Defaults to the registry in migrations/index.ts; tests pass their own lists. */
  readonly migrations?: readonly Migration[];
}

export function appDatabasePath(home: string): string {
  return path.join(home, APP_DATABASE_FILE);
}

export function openAppDatabase(options: AppDatabaseOptions): WritableDb {
  ensureSluiceHome(options.home);
  const file = appDatabasePath(options.home);
  const db = openSqliteWritable(file, options);
  try {
    restrictToOwner(file);
    runMigrations(db, options.migrations ?? appMigrations, `The Sluice database ${file}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** For readers that must not migrate (e.g. a second process inspecting history). */
export function openAppDatabaseReadOnly(options: AppDatabaseOptions): ReadableDb {
  const file = appDatabasePath(options.home);
  const db = openSqliteReadOnly(file, options);
  try {
    assertSchemaCurrent(db, options.migrations ?? appMigrations, `The Sluice database ${file}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function restrictToOwner(file: string): void {
  if (process.platform === 'win32') return;
  // The file holds conversations and the encrypted key blob: owner-only, like ~/.ssh.
  chmodSync(file, 0o600);
}
