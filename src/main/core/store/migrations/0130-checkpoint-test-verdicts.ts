import type { Migration } from './migration';

/**
 * A live edit's late test verdict: tests that were still running when the person
 * decided finish afterwards, and their verdict is kept with the edit's checkpoint, keyed by
 * the approval (the verdict may arrive before the checkpoint is written, or for an edit that
 * was rejected and has none). `verdict_json` is a `TestVerdict` (shared/test-verdict.ts).
 */
export const migration0130CheckpointTestVerdicts: Migration = {
  version: 130,
  name: 'checkpoint-test-verdicts',
  up(db) {
    db.exec(`
      CREATE TABLE checkpoint_test_verdicts (
        approval_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        verdict_json TEXT NOT NULL,
        recorded_at INTEGER NOT NULL
      );
    `);
  },
};
