import { describe, expect, it } from 'vitest';
import { migration0030ChangeSets } from '../../../../../src/main/core/store/migrations/0030-change-sets';
import { migration0070ChangeSetEvidence } from '../../../../../src/main/core/store/migrations/0070-change-set-evidence';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0070-change-set-evidence', () => {
  it('0070-change-set-evidence - existing sets read as never checked, new evidence is stored', () => {
    expect(runMigrations(database(), [migration0030ChangeSets]).applied).toEqual([30]);
    const db = database();
    const insertSet = db.prepare(
      `INSERT INTO change_sets (id, project_id, project_root, prompt, status, model, timeout_ms,
         created_at, updated_at) VALUES (?, 'p', '/r', 'x', 'proposed', 'm', 1000, 1, 1)`,
    );
    insertSet.run('old');
    expect(
      runMigrations(db, [migration0030ChangeSets, migration0070ChangeSetEvidence]).applied,
    ).toEqual([70]);
    expect(db.prepare("SELECT evidence_json FROM change_sets WHERE id = 'old'").get()).toEqual({
      evidence_json: null,
    });
    insertSet.run('new');
    db.prepare(
      'UPDATE change_sets SET evidence_json = \'{"state":"checked"}\' WHERE id = \'new\'',
    ).run();
    expect(db.prepare("SELECT evidence_json FROM change_sets WHERE id = 'new'").get()).toEqual({
      evidence_json: '{"state":"checked"}',
    });
  });
});
