import type { Migration } from './migration';

/**
 * A change set being applied is claimed by the applying process: while
 * `applying_pid` is set, the set takes no new file and no other status change (a reject or an
 * MCP edit arriving mid-apply fails instead of racing the writes). A claim left by a process
 * that died is released by recoverAbandoned.
 */
export const migration0100ChangeSetClaims: Migration = {
  version: 100,
  name: 'change-set-claims',
  up(db) {
    db.exec(`ALTER TABLE change_sets ADD COLUMN applying_pid INTEGER;`);
  },
};
