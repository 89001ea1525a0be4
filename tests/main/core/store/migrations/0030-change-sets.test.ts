import { describe, expect, it } from 'vitest';
import { migration0030ChangeSets } from '../../../../../src/main/core/store/migrations/0030-change-sets';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0030-change-sets', () => {
  it('creates the tables, refuses unknown statuses and removes files with their set', () => {
    expect(runMigrations(database(), [migration0030ChangeSets]).applied).toEqual([30]);
    const db = database();
    db.pragma('foreign_keys = ON');
    const insertSet = db.prepare(
      `INSERT INTO change_sets (id, project_id, project_root, prompt, status, model, timeout_ms,
         created_at, updated_at) VALUES (?, 'p', '/r', 'x', ?, 'm', 1000, 1, 1)`,
    );
    insertSet.run('s1', 'running');
    expect(() => insertSet.run('s2', 'maybe')).toThrow(/CHECK/u);
    const insertFile = db.prepare(
      `INSERT INTO change_set_files (change_set_id, path, is_new_file, base_hash, base_text,
         final_text, format, hunks, unified_diff, protected_path, state, updated_at)
       VALUES ('s1', ?, 0, 'h', 'a', 'b', '{}', '[]', '', 0, ?, 1)`,
    );
    insertFile.run('a.ts', 'pending');
    expect(() => insertFile.run('b.ts', 'half-done')).toThrow(/CHECK/u);
    db.prepare("DELETE FROM change_sets WHERE id = 's1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM change_set_files').get()).toEqual({ n: 0 });
  });
});
