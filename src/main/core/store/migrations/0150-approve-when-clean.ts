import type { Migration } from './migration';

/**
 * "Approve when the evidence is clean", per project: a write whose complete evidence is in
 * and clean is applied without asking (with its checkpoint); anything else is asked. 0: off.
 */
export const migration0150ApproveWhenClean: Migration = {
  version: 150,
  name: 'approve-when-clean',
  up(db) {
    db.exec(
      `ALTER TABLE approval_policies ADD COLUMN approve_when_clean INTEGER NOT NULL DEFAULT 0;`,
    );
  },
};
