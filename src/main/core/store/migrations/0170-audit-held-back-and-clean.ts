import type { WritableDb } from '../database-handles';
import type { Migration } from './migration';

const OUTCOME_CHECK =
  "CHECK (outcome IN ('approved', 'partially_approved', 'edited', 'rejected', 'denied'))";
const DECIDER_CHECK = "CHECK (decided_by IN ('person', 'rule', 'mode', 'abort'))";

/**
 * The audit trail tells what the evidence decided. A change the check held back (it introduced
 * errors or failing tests and went back to the model before the person saw it) is a row with
 * outcome 'held_back', decided by 'check', with the counts that held it back; a write applied
 * without asking because its evidence was clean says so in `decided_because`
 * ('clean_evidence'), and the rows an older Sluice wrote for it (approved by the mode where
 * the policy said ask: nothing else did that) are marked too.
 * SQLite cannot alter a CHECK, so the table is rebuilt from its own stored definition with the
 * two CHECKs widened: every column and index any earlier migration gave it is kept.
 */
export const migration0170AuditHeldBackAndClean: Migration = {
  version: 170,
  name: 'audit-held-back-and-clean',
  up(db) {
    widenAuditChecks(db);
    db.exec(`
      ALTER TABLE approval_audit ADD COLUMN decided_because TEXT
        CHECK (decided_because IN ('clean_evidence', 'introduced_errors', 'newly_failing_tests'));
      ALTER TABLE approval_audit ADD COLUMN held_back_errors INTEGER;
      ALTER TABLE approval_audit ADD COLUMN held_back_failing_tests INTEGER;
      UPDATE approval_audit SET decided_because = 'clean_evidence'
        WHERE kind = 'file' AND policy_action = 'ask' AND decided_by = 'mode' AND outcome = 'approved';
    `);
  },
};

function widenAuditChecks(db: WritableDb): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'approval_audit'")
    .get() as { sql: string } | undefined;
  if (!table) throw new Error('the approval_audit table is missing');
  if (!table.sql.includes(OUTCOME_CHECK) || !table.sql.includes(DECIDER_CHECK))
    throw new Error("approval_audit's outcome and decided_by checks are not the expected ones");
  const indexes = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'approval_audit' AND sql IS NOT NULL",
    )
    .all() as { sql: string }[];
  const widened = table.sql
    .replace(
      OUTCOME_CHECK,
      "CHECK (outcome IN ('approved', 'partially_approved', 'edited', 'rejected', 'denied', 'held_back'))",
    )
    .replace(DECIDER_CHECK, "CHECK (decided_by IN ('person', 'rule', 'mode', 'abort', 'check'))")
    .replace(/^CREATE TABLE\s+"?approval_audit"?\s*\(/u, 'CREATE TABLE approval_audit_next (');
  if (!widened.startsWith('CREATE TABLE approval_audit_next ('))
    throw new Error("approval_audit's stored definition does not start as expected");
  db.exec(widened);
  db.exec(`
    INSERT INTO approval_audit_next SELECT * FROM approval_audit;
    DROP TABLE approval_audit;
    ALTER TABLE approval_audit_next RENAME TO approval_audit;
  `);
  for (const index of indexes) db.exec(index.sql);
}
