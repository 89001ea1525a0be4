import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import {
  appDatabasePath,
  openAppDatabase,
  openAppDatabaseReadOnly,
} from '../../../../src/main/core/store/app-database';
import type { Migration } from '../../../../src/main/core/store/migrations/migration';
import { appMigrations } from '../../../../src/main/core/store/migrations';
import { SchemaVersionError } from '../../../../src/main/core/store/migration-runner';
import { NativeModuleError } from '../../../../src/main/core/store/sqlite-connection';
import { makeTempHome } from './temp-home';

let temp: ReturnType<typeof makeTempHome>;
beforeEach(() => {
  temp = makeTempHome();
});
afterEach(() => temp.cleanup());

const newerMigration: Migration = {
  version: 9_999,
  name: 'from-the-future',
  up(db) {
    db.exec('CREATE TABLE future (x INTEGER)');
  },
};

describe('openAppDatabase', () => {
  it('creates app.db in WAL mode with foreign keys and a busy timeout, owner-only', () => {
    const db = openAppDatabase({ home: temp.home });
    try {
      expect(db.name).toBe(appDatabasePath(temp.home));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      if (process.platform !== 'win32') expect(statSync(db.name).mode & 0o777).toBe(0o600);
    } finally {
      db.close();
    }
  });

  it('applies every registered migration and records it', () => {
    const db = openAppDatabase({ home: temp.home });
    try {
      const versions = (
        db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as {
          version: number;
        }[]
      ).map((r) => r.version);
      expect(versions).toEqual(appMigrations.map((m) => m.version).sort((a, b) => a - b));
      expect(db.pragma('user_version', { simple: true })).toBe(Math.max(...versions));
    } finally {
      db.close();
    }
  });

  it('opens again without re-running migrations', () => {
    openAppDatabase({ home: temp.home }).close();
    const db = openAppDatabase({ home: temp.home });
    try {
      const count = db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as {
        n: number;
      };
      expect(count.n).toBe(appMigrations.length);
    } finally {
      db.close();
    }
  });

  it('refuses a database from a newer Sluice - clear message, nothing changed', () => {
    openAppDatabase({ home: temp.home, migrations: [...appMigrations, newerMigration] }).close();
    expect(() => openAppDatabase({ home: temp.home })).toThrow(SchemaVersionError);
    expect(() => openAppDatabase({ home: temp.home })).toThrow(
      /newer Sluice.*9999-from-the-future.*Update Sluice/,
    );
  });

  it('explains a native binding that cannot be loaded - names the rebuild script', () => {
    expect(() =>
      openAppDatabase({
        home: temp.home,
        nativeBinding: `${temp.home}/missing/better_sqlite3.node`,
      }),
    ).toThrow(NativeModuleError);
    expect(() =>
      openAppDatabase({
        home: temp.home,
        nativeBinding: `${temp.home}/missing/better_sqlite3.node`,
      }),
    ).toThrow(/rebuild-native-for-electron/);
  });
});

describe('openAppDatabaseReadOnly', () => {
  it('reads a current database and cannot write', () => {
    openAppDatabase({ home: temp.home }).close();
    const db = openAppDatabaseReadOnly({ home: temp.home });
    try {
      expect(db.readonly).toBe(true);
      expect(() => db.exec("INSERT INTO settings VALUES ('x', '1', 1)")).toThrow(/readonly/i);
    } finally {
      db.close();
    }
  });

  it('refuses a database older than the code - asks to open it for writing', () => {
    openAppDatabase({ home: temp.home, migrations: appMigrations.slice(0, 1) }).close();
    expect(() => openAppDatabaseReadOnly({ home: temp.home })).toThrow(
      /older than this Sluice.*0002-settings/,
    );
  });

  it('refuses a missing database file', () => {
    expect(() => openAppDatabaseReadOnly({ home: temp.home })).toThrow(/Cannot open the database/);
  });
});
