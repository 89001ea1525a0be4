import type { Migration } from './migration';

/**
 * Deletions are checkpoints too: a file a command deletes is restorable by
 * undo like one it changed. `change` may be 'deleted', whose after_bytes is NULL and whose
 * after_hash is 'absent' (ABSENT_FILE_HASH). SQLite cannot alter a CHECK or a NOT NULL, so
 * the table is rebuilt with its rows and indexes.
 */
export const migration0110CheckpointDeletions: Migration = {
  version: 110,
  name: 'checkpoint-deletions',
  up(db) {
    db.exec(`
      CREATE TABLE checkpoints_new (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        approval_id TEXT,
        conversation_id TEXT,
        turn_id TEXT,
        path TEXT NOT NULL,
        change TEXT NOT NULL CHECK (change IN ('created', 'modified', 'deleted')),
        before_bytes BLOB,
        after_bytes BLOB,
        before_hash TEXT,
        after_hash TEXT NOT NULL,
        mode INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        undone_at INTEGER,
        CHECK ((change = 'deleted') = (after_bytes IS NULL))
      );
      INSERT INTO checkpoints_new SELECT id, project_id, approval_id, conversation_id, turn_id,
        path, change, before_bytes, after_bytes, before_hash, after_hash, mode, created_at, undone_at
        FROM checkpoints;
      DROP TABLE checkpoints;
      ALTER TABLE checkpoints_new RENAME TO checkpoints;
      CREATE INDEX checkpoints_project ON checkpoints (project_id, created_at);
      CREATE INDEX checkpoints_turn ON checkpoints (turn_id);
      CREATE INDEX checkpoints_conversation ON checkpoints (conversation_id);
    `);
  },
};
