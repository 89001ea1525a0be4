import type { Migration } from './migration';

/**
 * Hooks: the person's own commands around tool calls, and what the project's
 * `.sluice/hooks.json` may run.
 *
 * `person_hooks`: one row per hook the person added (Settings, `sluice hooks add`); `project_id`
 * NULL means every project. `id` is the hook's content hash (with its scope), so adding the same
 * hook twice is refused by the key.
 *
 * `project_hook_approvals`: one row per approved version of a project hook. `pin_hash` covers the
 * hook's text and the bytes of the project files its command names; a hook runs only while its
 * current pin hash has a row. `slot` (event, group and place in the file) and `hook_id` (its text
 * alone) tell a changed hook from a new one. Rows are never replaced: a version the person once
 * approved stays approved.
 *
 * `hook_runs`: the audit trail of every run (and every refusal to run), newest by `id`.
 */
export const migration0210Hooks: Migration = {
  version: 210,
  name: 'hooks',
  up(db) {
    db.exec(`
      CREATE TABLE person_hooks (
        id TEXT PRIMARY KEY,
        project_id TEXT,
        event TEXT NOT NULL
          CHECK (event IN ('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart')),
        matcher TEXT,
        command TEXT NOT NULL CHECK (length(command) > 0),
        timeout_seconds REAL NOT NULL CHECK (timeout_seconds > 0),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX person_hooks_project ON person_hooks (project_id);

      CREATE TABLE project_hook_approvals (
        project_id TEXT NOT NULL,
        pin_hash TEXT NOT NULL,
        hook_id TEXT NOT NULL,
        slot TEXT NOT NULL,
        approved_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, pin_hash)
      );

      CREATE TABLE hook_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id TEXT NOT NULL,
        conversation_id TEXT,
        hook_id TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('person', 'project')),
        event TEXT NOT NULL,
        command TEXT NOT NULL,
        tool_name TEXT,
        outcome TEXT NOT NULL
          CHECK (outcome IN ('passed', 'blocked', 'asked', 'failed', 'timed_out', 'not_run')),
        exit_code INTEGER,
        ms INTEGER NOT NULL,
        output TEXT NOT NULL,
        reason TEXT,
        at INTEGER NOT NULL
      );
      CREATE INDEX hook_runs_project ON hook_runs (project_id, id);
    `);
  },
};
