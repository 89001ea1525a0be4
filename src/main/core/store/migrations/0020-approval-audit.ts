import type { Migration } from './migration';

/**
 * The approval audit trail: one row per proposal, filled in with its
 * decision (who decided, outcome, the final text's hash) and whether it reached disk.
 */
export const migration0020ApprovalAudit: Migration = {
  version: 20,
  name: 'approval-audit',
  up(db) {
    db.exec(`
      CREATE TABLE approval_audit (
        approval_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        conversation_id TEXT,
        turn_id TEXT,
        tool_use_id TEXT,
        tool TEXT NOT NULL,
        path TEXT NOT NULL,
        base_hash TEXT NOT NULL,
        proposal_hash TEXT NOT NULL,
        after_hash TEXT NOT NULL,
        description TEXT NOT NULL,
        unified_diff TEXT NOT NULL,
        policy_action TEXT NOT NULL CHECK (policy_action IN ('allow', 'ask', 'deny')),
        policy_reason TEXT NOT NULL,
        protected_path INTEGER NOT NULL,
        coarse_diff INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        outcome TEXT CHECK (outcome IN ('approved', 'partially_approved', 'edited', 'rejected', 'denied')),
        decided_by TEXT CHECK (decided_by IN ('person', 'rule', 'mode', 'abort')),
        decision_json TEXT,
        final_hash TEXT,
        decided_at INTEGER,
        applied INTEGER,
        apply_detail TEXT,
        checkpoint_id TEXT
      );
      CREATE INDEX approval_audit_conversation ON approval_audit (conversation_id, created_at);
      CREATE INDEX approval_audit_project ON approval_audit (project_id, created_at);
    `);
  },
};
