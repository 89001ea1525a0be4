import type { Migration } from './migration';

/**
 * Evidence on change sets: the errors a set introduces and fixes over all its
 * files, as one JSON document (ProposalEvidence), written by the end of its run and by the
 * inbox's re-check when the disk moved. NULL: never checked (older sets, checks off).
 */
export const migration0070ChangeSetEvidence: Migration = {
  version: 70,
  name: 'change-set-evidence',
  up(db) {
    db.exec(`ALTER TABLE change_sets ADD COLUMN evidence_json TEXT;`);
  },
};
