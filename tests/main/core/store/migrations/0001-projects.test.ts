import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { migration0001Projects } from '../../../../../src/main/core/store/migrations/0001-projects';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { openSqliteWritable } from '../../../../../src/main/core/store/sqlite-connection';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import { makeTempHome } from '../temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openSqliteWritable(path.join(temp.home, 'm.db'));
  runMigrations(db, [migration0001Projects]);
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('0001-projects', () => {
  it('creates projects with id, root, name, last_opened_at', () => {
    const columns = (
      db.prepare('PRAGMA table_info(projects)').all() as {
        name: string;
        notnull: number;
        pk: number;
      }[]
    ).map((c) => [c.name, c.notnull, c.pk]);
    expect(columns).toEqual([
      ['id', 0, 1],
      ['root', 1, 0],
      ['name', 1, 0],
      ['last_opened_at', 1, 0],
    ]);
  });

  it('refuses two rows with the same root', () => {
    db.prepare("INSERT INTO projects VALUES ('a', '/r', 'r', 1)").run();
    expect(() => db.prepare("INSERT INTO projects VALUES ('b', '/r', 'r', 2)").run()).toThrow(
      /UNIQUE/,
    );
  });

  it('indexes last_opened_at for the recent list', () => {
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM projects ORDER BY last_opened_at DESC LIMIT 5')
      .all() as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/projects_last_opened/);
  });
});
