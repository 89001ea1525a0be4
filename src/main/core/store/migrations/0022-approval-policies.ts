import type { Migration } from './migration';

/**
 * Approval policy per project: the mode and the rules. Kept in the app DB
 * so nothing inside the project folder can loosen it.
 */
export const migration0022ApprovalPolicies: Migration = {
  version: 22,
  name: 'approval-policies',
  up(db) {
    db.exec(`
      CREATE TABLE approval_policies (
        project_id TEXT PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('ask', 'auto-edit', 'read-only')),
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE approval_rules (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        path_glob TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('allow', 'ask', 'deny')),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX approval_rules_project ON approval_rules (project_id, created_at);
    `);
  },
};
