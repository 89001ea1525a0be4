import type { IndexMigration } from './index-migration';

/**
 * Files with their change fingerprints, and what each defines, imports and exports.
 * Imports keep the resolved target path (null when external) so importer queries are one
 * indexed lookup; paths, not ids, so a deleted-and-recreated file keeps its importers.
 */
export const migration0001IndexSchema: IndexMigration = {
  version: 1,
  name: 'index-schema',
  up(db) {
    db.exec(`
      CREATE TABLE files (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        hash TEXT NOT NULL,
        status TEXT NOT NULL,
        error TEXT
      );
      CREATE TABLE symbols (
        file_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        short_name TEXT NOT NULL,
        kind TEXT NOT NULL,
        line INTEGER NOT NULL,
        col INTEGER NOT NULL,
        exported INTEGER NOT NULL,
        signature TEXT NOT NULL
      );
      CREATE INDEX symbols_name ON symbols (name);
      CREATE INDEX symbols_short_name ON symbols (short_name);
      CREATE INDEX symbols_file ON symbols (file_id);
      CREATE TABLE imports (
        file_id INTEGER NOT NULL,
        specifier TEXT NOT NULL,
        kind TEXT NOT NULL,
        line INTEGER NOT NULL,
        col INTEGER NOT NULL,
        type_only INTEGER NOT NULL,
        imported TEXT NOT NULL,
        local TEXT,
        exported_as TEXT,
        target TEXT
      );
      CREATE INDEX imports_target ON imports (target);
      CREATE INDEX imports_file ON imports (file_id);
      CREATE TABLE exports (
        file_id INTEGER NOT NULL,
        exported TEXT NOT NULL,
        local TEXT,
        line INTEGER NOT NULL
      );
      CREATE INDEX exports_file ON exports (file_id);
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `);
  },
};
