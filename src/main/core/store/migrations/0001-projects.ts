import type { Migration } from './migration';

/** Recent projects. `id` is derived from the real path (see project-id.ts), so re-opening upserts. */
export const migration0001Projects: Migration = {
  version: 1,
  name: 'projects',
  up(db) {
    db.exec(`
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        root TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        last_opened_at INTEGER NOT NULL
      );
      CREATE INDEX projects_last_opened ON projects (last_opened_at DESC);
    `);
  },
};
