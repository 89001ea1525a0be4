import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import {
  createProjectRepository,
  listRecentProjects,
  PROJECTS_KEPT,
} from '../../../../src/main/core/store/project-repository';
import { projectIdFor } from '../../../../src/main/core/store/project-id';
import { makeTempHome } from './temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('createProjectRepository', () => {
  it('upserts on open and lists newest first', () => {
    const repo = createProjectRepository(db);
    repo.recordOpened({ id: 'a', root: '/a', name: 'a', openedAt: 1 });
    repo.recordOpened({ id: 'b', root: '/b', name: 'b', openedAt: 2 });
    const again = repo.recordOpened({ id: 'a', root: '/a', name: 'a', openedAt: 3 });
    expect(again).toEqual({ id: 'a', root: '/a', name: 'a', lastOpenedAt: 3 });
    expect(repo.recent().map((p) => p.id)).toEqual(['a', 'b']);
    expect(listRecentProjects(db, 1).map((p) => p.id)).toEqual(['a']);
  });

  it('keeps at most PROJECTS_KEPT rows - drops the oldest', () => {
    const repo = createProjectRepository(db);
    for (let i = 0; i < PROJECTS_KEPT + 5; i++)
      repo.recordOpened({ id: `p${i}`, root: `/p${i}`, name: `p${i}`, openedAt: i });
    expect((db.prepare('SELECT COUNT(*) AS n FROM projects').get() as { n: number }).n).toBe(
      PROJECTS_KEPT,
    );
    expect(repo.byId('p0')).toBeNull();
    expect(repo.byId(`p${PROJECTS_KEPT + 4}`)?.lastOpenedAt).toBe(PROJECTS_KEPT + 4);
  });

  it('removes a project', () => {
    const repo = createProjectRepository(db);
    repo.recordOpened({ id: 'a', root: '/a', name: 'a', openedAt: 1 });
    expect(repo.remove('a')).toBe(true);
    expect(repo.remove('a')).toBe(false);
    expect(repo.recent()).toEqual([]);
  });
});

describe('projectIdFor', () => {
  it('is stable per root and differs between roots', () => {
    expect(projectIdFor('/x/y')).toBe(projectIdFor('/x/y'));
    expect(projectIdFor('/x/y')).not.toBe(projectIdFor('/x/z'));
    expect(projectIdFor('/x/y')).toMatch(/^[0-9a-f]{16}$/);
  });
});
