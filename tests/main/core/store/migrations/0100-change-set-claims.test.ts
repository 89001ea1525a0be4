import { describe, expect, it } from 'vitest';
import { migration0030ChangeSets } from '../../../../../src/main/core/store/migrations/0030-change-sets';
import { migration0100ChangeSetClaims } from '../../../../../src/main/core/store/migrations/0100-change-set-claims';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0100-change-set-claims', () => {
  it('0100-change-set-claims - existing sets start unclaimed', () => {
    runMigrations(database(), [migration0030ChangeSets]);
    database()
      .prepare(
        "INSERT INTO change_sets (id, project_id, project_root, prompt, status, model, timeout_ms, created_at, updated_at) VALUES ('s', 'p', '/r', 'x', 'proposed', 'm', 1, 1, 1)",
      )
      .run();
    expect(
      runMigrations(database(), [migration0030ChangeSets, migration0100ChangeSetClaims]).applied,
    ).toEqual([100]);
    expect(database().prepare('SELECT applying_pid FROM change_sets').get()).toEqual({
      applying_pid: null,
    });
  });
});
