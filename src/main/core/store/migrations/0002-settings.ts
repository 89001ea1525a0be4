import type { Migration } from './migration';

/**
 * App settings as key → JSON value, and secrets as opaque blobs. A secret row holds only
 * what the SecretStore produced (safeStorage ciphertext) plus which backend made it, so a
 * blob written with the weak basic_text backend can be reported as such.
 */
export const migration0002Settings: Migration = {
  version: 2,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        ciphertext BLOB NOT NULL,
        backend TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `);
  },
};
