import type { Migration } from './migration';

/**
 * Background runs that test their own work. `change_set_runs`: one row per propose
 * run beside its change set (what the person allowed when starting it, its place in the
 * queue, when the run last edited a file, a Stop asked from another process, and the changes a set
 * cannot carry such as deletions);
 * `change_set_commands`: every command the run ran or was refused, in order, with its result.
 * Kept out of `change_sets` itself so that table's own migration stays as it is.
 */
export const migration0080BackgroundRuns: Migration = {
  version: 80,
  name: 'background-runs',
  up(db) {
    db.exec(`
      CREATE TABLE change_set_runs (
        change_set_id TEXT PRIMARY KEY REFERENCES change_sets (id) ON DELETE CASCADE,
        allowed_commands TEXT NOT NULL DEFAULT '[]',
        allow_network INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'ended')),
        queued_at INTEGER NOT NULL,
        started_at INTEGER,
        last_edit_at INTEGER,
        stop_requested INTEGER NOT NULL DEFAULT 0,
        unapplied TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX change_set_runs_state ON change_set_runs (state, queued_at);
      CREATE TABLE change_set_commands (
        change_set_id TEXT NOT NULL REFERENCES change_sets (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        command TEXT NOT NULL,
        cwd TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ran', 'refused')),
        decided_by TEXT NOT NULL,
        reason TEXT,
        end_kind TEXT,
        exit_code INTEGER,
        end_text TEXT,
        duration_ms INTEGER,
        head TEXT NOT NULL DEFAULT '',
        tail TEXT NOT NULL DEFAULT '',
        total_lines INTEGER NOT NULL DEFAULT 0,
        lines_cut INTEGER NOT NULL DEFAULT 0,
        log_id TEXT,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        PRIMARY KEY (change_set_id, seq)
      );
    `);
  },
};
