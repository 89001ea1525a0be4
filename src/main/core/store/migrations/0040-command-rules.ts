import type { Migration } from './migration';

/**
 * run_command's rules per project: `{prefix, allow|ask|deny}`, the prefix stored
 * as a JSON array of words. In the app DB, so nothing inside the project can add one.
 */
export const migration0040CommandRules: Migration = {
  version: 40,
  name: 'command-rules',
  up(db) {
    db.exec(`
      CREATE TABLE command_rules (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        prefix_json TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('allow', 'ask', 'deny')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX command_rules_project ON command_rules (project_id, created_at);
    `);
  },
};
