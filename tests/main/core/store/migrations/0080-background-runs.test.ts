import { describe, expect, it } from 'vitest';
import { migration0030ChangeSets } from '../../../../../src/main/core/store/migrations/0030-change-sets';
import { migration0080BackgroundRuns } from '../../../../../src/main/core/store/migrations/0080-background-runs';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0080-background-runs', () => {
  it('creates the run and command tables beside change sets, refusing unknown states', () => {
    const db = database();
    expect(
      runMigrations(db, [migration0030ChangeSets, migration0080BackgroundRuns]).applied,
    ).toEqual([30, 80]);
    db.prepare(
      `INSERT INTO change_sets (id, project_id, project_root, prompt, status, model, timeout_ms,
         created_at, updated_at) VALUES ('s1', 'p', '/p', 'x', 'running', 'm', 1, 1, 1)`,
    ).run();
    db.prepare(
      "INSERT INTO change_set_runs (change_set_id, state, queued_at) VALUES ('s1', 'queued', 1)",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO change_set_runs (change_set_id, state, queued_at) VALUES ('s2', 'paused', 1)",
        )
        .run(),
    ).toThrow(/CHECK/u);
    db.prepare(
      `INSERT INTO change_set_commands (change_set_id, seq, command, cwd, outcome, decided_by,
         started_at) VALUES ('s1', 1, 'npm test', '', 'ran', 'a rule of yours', 1)`,
    ).run();
    expect(() =>
      db
        .prepare(
          `INSERT INTO change_set_commands (change_set_id, seq, command, cwd, outcome, decided_by,
             started_at) VALUES ('s1', 2, 'x', '', 'asked', 'x', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/u);
    expect(
      db
        .prepare("SELECT unapplied, stop_requested FROM change_set_runs WHERE change_set_id = 's1'")
        .get(),
    ).toEqual({ unapplied: '[]', stop_requested: 0 });
  });
});
