import type { Migration } from './migration';

/**
 * Plan mode. `approval_policies.mode` may be 'plan' (SQLite cannot alter a CHECK, so the table
 * is rebuilt with every column it had). `conversation_plans`: each plan the model submitted in
 * plan mode, kept with its conversation, turn and tool call so a reloaded chat shows the plan
 * and its decision: the outcome, the mode it went on in, the person's own text of it when they
 * edited it, their feedback when they rejected it. Outcome NULL: still waiting (or Sluice
 * stopped before it was decided).
 */
export const migration0190PlanMode: Migration = {
  version: 190,
  name: 'plan-mode',
  up(db) {
    db.exec(`
      CREATE TABLE approval_policies_with_plan (
        project_id TEXT PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('ask', 'auto-edit', 'read-only', 'plan')),
        updated_at INTEGER NOT NULL,
        approve_when_clean INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO approval_policies_with_plan (project_id, mode, updated_at, approve_when_clean)
        SELECT project_id, mode, updated_at, approve_when_clean FROM approval_policies;
      DROP TABLE approval_policies;
      ALTER TABLE approval_policies_with_plan RENAME TO approval_policies;

      CREATE TABLE conversation_plans (
        approval_id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        tool_use_id TEXT NOT NULL,
        plan_json TEXT NOT NULL,
        outcome TEXT CHECK (outcome IN ('approved', 'edited', 'rejected', 'aborted')),
        mode TEXT CHECK (mode IN ('ask', 'auto-edit')),
        edited_text TEXT,
        feedback TEXT,
        decided_by TEXT CHECK (decided_by IN ('person', 'rule', 'mode', 'abort')),
        created_at INTEGER NOT NULL,
        decided_at INTEGER
      );
      CREATE INDEX conversation_plans_conversation ON conversation_plans (conversation_id, created_at);
    `);
  },
};
