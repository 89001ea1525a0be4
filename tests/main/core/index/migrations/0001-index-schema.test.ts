import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  migrateIndexDatabase,
  openIndexDatabase,
  indexDatabasePath,
} from '../../../../../src/main/core/index/index-database';
import { migration0001IndexSchema } from '../../../../../src/main/core/index/migrations/0001-index-schema';

describe('migration 0001 index-schema', () => {
  it('creates the tables and indexes - and sets user_version 1', () => {
    const db = new Database(':memory:');
    migrateIndexDatabase(db, [migration0001IndexSchema]);
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all();
    expect(tables).toEqual(['exports', 'files', 'imports', 'meta', 'symbols']);
    const indexes = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all();
    expect(indexes).toEqual([
      'exports_file',
      'imports_file',
      'imports_target',
      'symbols_file',
      'symbols_name',
      'symbols_short_name',
    ]);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    migrateIndexDatabase(db, [migration0001IndexSchema]);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
  });
});

describe('openIndexDatabase', () => {
  it('opens in WAL mode under <home>/index - and rebuilds a corrupt or newer file', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-indexdb-'));
    try {
      const file = indexDatabasePath(home, '/some/project');
      expect(path.dirname(file)).toBe(path.join(home, 'index'));
      const db = openIndexDatabase(home, '/some/project');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.pragma('user_version = 99');
      db.close();
      const rebuilt = openIndexDatabase(home, '/some/project');
      expect(rebuilt.pragma('user_version', { simple: true })).toBe(1);
      rebuilt.close();
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
      writeFileSync(file, 'not a database');
      const again = openIndexDatabase(home, '/some/project');
      expect(again.prepare('SELECT COUNT(*) FROM files').pluck().get()).toBe(0);
      again.close();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
