// Reading change sets back: one set whole (its files and its run's evidence), the summaries
// the inbox lists, and the ids a typed prefix can stand for.
import type { ChangeSetSummary } from '../../../shared/change-sets';
import { idsStartingWith } from './id-prefix';
import type { ReadableDb } from './database-handles';
import {
  fileOf,
  summaryOf,
  type FileRow,
  type SetRow,
  type StoredChangeSet,
} from './change-set-rows';
import { readRunEvidence } from './background-run-repository';

/** The paths of a set's files, in order. */
export function changeSetPaths(db: ReadableDb, id: string): string[] {
  return (
    db
      .prepare('SELECT path FROM change_set_files WHERE change_set_id = ? ORDER BY path')
      .all(id) as { path: string }[]
  ).map((r) => r.path);
}

export function readChangeSet(db: ReadableDb, id: string): StoredChangeSet | null {
  const row = db.prepare('SELECT * FROM change_sets WHERE id = ?').get(id) as SetRow | undefined;
  if (!row) return null;
  const files = (
    db
      .prepare('SELECT * FROM change_set_files WHERE change_set_id = ? ORDER BY path')
      .all(id) as FileRow[]
  ).map(fileOf);
  return {
    ...summaryOf(
      row,
      files.map((f) => f.path),
      db,
    ),
    files,
    ...readRunEvidence(db, id),
    pid: row.pid,
    timeoutMs: row.timeout_ms,
  };
}

/** Newest first; one project's when given. */
export function listChangeSets(db: ReadableDb, projectId?: string): ChangeSetSummary[] {
  const rows = (
    projectId === undefined
      ? db.prepare('SELECT * FROM change_sets ORDER BY created_at DESC, rowid DESC').all()
      : db
          .prepare(
            'SELECT * FROM change_sets WHERE project_id = ? ORDER BY created_at DESC, rowid DESC',
          )
          .all(projectId)
  ) as SetRow[];
  return rows.map((row) => summaryOf(row, changeSetPaths(db, row.id), db));
}

/** Ids starting with `prefix` (hex digits and dashes only), at most `limit` of them. */
export function changeSetIdsStartingWith(db: ReadableDb, prefix: string, limit: number): string[] {
  return idsStartingWith(db, { table: 'change_sets' }, prefix, limit);
}
