import type { Migration } from './migration';

/**
 * Change sets of background runs that propose: one row per run, created as
 * `running` when the run starts (so a killed process leaves a row that the next open marks
 * failed), and one row per file the run changed in its overlay, saved as it changes.
 */
export const migration0030ChangeSets: Migration = {
  version: 30,
  name: 'change-sets',
  up(db) {
    db.exec(`
      CREATE TABLE change_sets (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        project_root TEXT NOT NULL,
        conversation_id TEXT,
        turn_id TEXT,
        prompt TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN
          ('running', 'proposed', 'accepted', 'partly-accepted', 'rejected', 'failed', 'superseded')),
        status_reason TEXT,
        summary TEXT NOT NULL DEFAULT '',
        model TEXT NOT NULL,
        needs_recheck TEXT,
        refines TEXT,
        pid INTEGER,
        timeout_ms INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        updated_at INTEGER NOT NULL,
        input_tokens INTEGER NOT NULL DEFAULT 0,
        output_tokens INTEGER NOT NULL DEFAULT 0,
        cache_read_tokens INTEGER NOT NULL DEFAULT 0,
        cache_write_tokens INTEGER NOT NULL DEFAULT 0,
        cost_usd REAL NOT NULL DEFAULT 0
      );
      CREATE INDEX change_sets_project ON change_sets (project_id, created_at);
      CREATE INDEX change_sets_status ON change_sets (status);
      CREATE TABLE change_set_files (
        change_set_id TEXT NOT NULL REFERENCES change_sets (id) ON DELETE CASCADE,
        path TEXT NOT NULL,
        is_new_file INTEGER NOT NULL,
        base_hash TEXT NOT NULL,
        base_text TEXT NOT NULL,
        final_text TEXT NOT NULL,
        format TEXT NOT NULL,
        hunks TEXT NOT NULL,
        unified_diff TEXT NOT NULL,
        protected_path INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN
          ('pending', 'applied', 'partly-applied', 'rejected', 'conflict', 'refused')),
        note TEXT,
        checkpoint_id TEXT,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (change_set_id, path)
      );
    `);
  },
};
