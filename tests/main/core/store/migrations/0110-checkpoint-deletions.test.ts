import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { migration0021Checkpoints } from '../../../../../src/main/core/store/migrations/0021-checkpoints';
import { migration0110CheckpointDeletions } from '../../../../../src/main/core/store/migrations/0110-checkpoint-deletions';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { openSqliteWritable } from '../../../../../src/main/core/store/sqlite-connection';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import { makeTempHome } from '../temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openSqliteWritable(path.join(temp.home, 'm.db'));
  runMigrations(db, [migration0021Checkpoints]);
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

const insert = (id: string, change: string, after: Buffer | null) =>
  db
    .prepare(
      `INSERT INTO checkpoints (id, project_id, path, change, before_bytes, after_bytes, before_hash, after_hash, mode, created_at)
       VALUES (?, 'p', 'a.txt', ?, x'6f6c64', ?, 'h0', ?, 420, 1)`,
    )
    .run(id, change, after, after ? 'h1' : 'absent');

describe('0110-checkpoint-deletions', () => {
  it('keeps existing checkpoints and their indexes', () => {
    insert('c1', 'modified', Buffer.from('new'));
    runMigrations(db, [migration0021Checkpoints, migration0110CheckpointDeletions]);
    const row = db.prepare('SELECT * FROM checkpoints').get() as Record<string, unknown>;
    expect(row).toMatchObject({ id: 'c1', change: 'modified', after_hash: 'h1' });
    expect(Buffer.from(row.after_bytes as Buffer).toString()).toBe('new');
    const indexes = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'checkpoints'")
        .all() as {
        name: string;
      }[]
    ).map((i) => i.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'checkpoints_project',
        'checkpoints_turn',
        'checkpoints_conversation',
      ]),
    );
  });

  it('accepts a deletion (no bytes after) and refuses bytes-less rows of any other kind', () => {
    expect(() => insert('c0', 'deleted', null)).toThrow(/NOT NULL|CHECK/);
    runMigrations(db, [migration0021Checkpoints, migration0110CheckpointDeletions]);
    insert('c1', 'deleted', null);
    expect(() => insert('c2', 'modified', null)).toThrow(/CHECK/);
    expect(() => insert('c3', 'deleted', Buffer.from('x'))).toThrow(/CHECK/);
  });
});
