import type { Migration } from './migration';

/**
 * run_command's network rules per project: each allows a list of hosts
 * (`registry.npmjs.org:443`, `*.example.com`) that sandboxed commands reach through the
 * filtering proxy; with a prefix (`npm install`), only to command lines whose every command
 * starts with it. In the app DB, so nothing inside the project can add one.
 */
export const migration0041NetworkRules: Migration = {
  version: 41,
  name: 'network-rules',
  up(db) {
    db.exec(`
      CREATE TABLE network_rules (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        hosts_json TEXT NOT NULL,
        prefix_json TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX network_rules_project ON network_rules (project_id, created_at);
    `);
  },
};
