import type { Migration } from './migration';

/**
 * The evidence of exactly the text a decision wrote (the proposal as shown, the hunks the
 * person kept, their edited version), kept with the change's checkpoint by approval and
 * project: it may be recorded before the checkpoint exists and completed after, when a check
 * still running at the decision finishes. `evidence_json` is a `ProposalEvidence`
 * (shared/diagnostics.ts) trimmed to a bounded size; the counts and the one line beside it are
 * those of the whole evidence. `selection_json` is a `SelectionCount` (shared/hunk-selection.ts)
 * for a selection. `text_hash` is the sha256 of the text written.
 */
export const migration0160CheckpointEvidence: Migration = {
  version: 160,
  name: 'checkpoint-evidence',
  up(db) {
    db.exec(`
      CREATE TABLE checkpoint_evidence (
        approval_id TEXT NOT NULL,
        project_id TEXT NOT NULL,
        what TEXT NOT NULL CHECK (what IN ('proposal', 'selection', 'edited')),
        text_hash TEXT NOT NULL,
        evidence_json TEXT NOT NULL,
        introduced_count INTEGER NOT NULL,
        fixed_count INTEGER NOT NULL,
        newly_failing_count INTEGER NOT NULL,
        line TEXT NOT NULL,
        selection_json TEXT,
        complete INTEGER NOT NULL CHECK (complete IN (0, 1)),
        recorded_at INTEGER NOT NULL,
        PRIMARY KEY (approval_id, project_id)
      );
    `);
  },
};
