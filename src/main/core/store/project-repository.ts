// Recent projects. Opening a project upserts its row; the list is newest first.
import type { ProjectInfo } from '../../../shared/contract/project-service';
import type { ReadableDb, WritableDb } from './database-handles';

interface ProjectRow {
  id: string;
  root: string;
  name: string;
  last_opened_at: number;
}

export const RECENT_PROJECTS_LIMIT = 20;
/** Rows kept at most; older ones are dropped on each open so the table stays small. */
export const PROJECTS_KEPT = 200;

export interface ProjectRepository {
  /** Inserts or refreshes the project; returns the stored row. */
  recordOpened(project: { id: string; root: string; name: string; openedAt: number }): ProjectInfo;
  recent(limit?: number): ProjectInfo[];
  byId(id: string): ProjectInfo | null;
  remove(id: string): boolean;
}

export function createProjectRepository(db: WritableDb): ProjectRepository {
  const upsert = db.prepare(`
    INSERT INTO projects (id, root, name, last_opened_at) VALUES (@id, @root, @name, @openedAt)
    ON CONFLICT (id) DO UPDATE SET root = excluded.root, name = excluded.name, last_opened_at = excluded.last_opened_at
  `);
  const prune = db.prepare(`
    DELETE FROM projects WHERE id NOT IN (SELECT id FROM projects ORDER BY last_opened_at DESC, id LIMIT ?)
  `);
  const deleteOne = db.prepare('DELETE FROM projects WHERE id = ?');
  const record = db.transaction(
    (project: { id: string; root: string; name: string; openedAt: number }) => {
      upsert.run(project);
      prune.run(PROJECTS_KEPT);
    },
  );
  return {
    recordOpened(project) {
      record(project);
      const stored = findProject(db, project.id);
      if (!stored)
        throw new Error(`The project row ${project.id} vanished right after it was written.`);
      return stored;
    },
    recent: (limit = RECENT_PROJECTS_LIMIT) => listRecentProjects(db, limit),
    byId: (id) => findProject(db, id),
    remove: (id) => deleteOne.run(id).changes > 0,
  };
}

export function listRecentProjects(db: ReadableDb, limit = RECENT_PROJECTS_LIMIT): ProjectInfo[] {
  const safeLimit = Math.max(1, Math.min(Math.trunc(limit), PROJECTS_KEPT));
  const rows = db
    .prepare(
      'SELECT id, root, name, last_opened_at FROM projects ORDER BY last_opened_at DESC, id LIMIT ?',
    )
    .all(safeLimit) as ProjectRow[];
  return rows.map(toInfo);
}

export function findProject(db: ReadableDb, id: string): ProjectInfo | null {
  const row = db
    .prepare('SELECT id, root, name, last_opened_at FROM projects WHERE id = ?')
    .get(id) as ProjectRow | undefined;
  return row ? toInfo(row) : null;
}

function toInfo(row: ProjectRow): ProjectInfo {
  return { id: row.id, root: row.root, name: row.name, lastOpenedAt: row.last_opened_at };
}
