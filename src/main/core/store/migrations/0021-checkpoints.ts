import type { Migration } from './migration';

/**
 * Checkpoints: the exact bytes before (NULL when the change created the
 * file) and after every applied change, with their sha256, so undo can restore them and
 * refuse when the file changed since.
 */
export const migration0021Checkpoints: Migration = {
  version: 21,
  name: 'checkpoints',
  up(db) {
    db.exec(`
      CREATE TABLE checkpoints (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        approval_id TEXT,
        conversation_id TEXT,
        turn_id TEXT,
        path TEXT NOT NULL,
        change TEXT NOT NULL CHECK (change IN ('created', 'modified')),
        before_bytes BLOB,
        after_bytes BLOB NOT NULL,
        before_hash TEXT,
        after_hash TEXT NOT NULL,
        mode INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        undone_at INTEGER
      );
      CREATE INDEX checkpoints_project ON checkpoints (project_id, created_at);
      CREATE INDEX checkpoints_turn ON checkpoints (turn_id);
      CREATE INDEX checkpoints_conversation ON checkpoints (conversation_id);
    `);
  },
};
