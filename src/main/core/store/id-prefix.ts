// What a person types for an id: the whole id or an unambiguous start of it, as git takes a
// short hash. The rows of one table (and one project, where the table has one) whose id starts
// with the typed text, at most `limit`; text that no id could start with matches nothing, so
// no LIKE wildcard or quote reaches the query.
import type { ReadableDb } from './database-handles';

export interface IdTable {
  readonly table: 'change_sets' | 'checkpoints' | 'conversations';
  /** Only this project's rows (the table's `project_id`). */
  readonly projectId?: string | undefined;
  /** The id looked up: the row's own (default), or the turn a checkpoint was made in. */
  readonly column?: 'id' | 'turn_id';
}

export function idsStartingWith(db: ReadableDb, on: IdTable, prefix: string, limit = 10): string[] {
  if (!/^[0-9a-z-]{1,64}$/u.test(prefix)) return [];
  const column = on.column === 'turn_id' && on.table === 'checkpoints' ? 'turn_id' : 'id';
  const project = on.projectId === undefined ? '' : ' AND project_id = ?';
  const args: (string | number)[] = [prefix.length, prefix];
  if (on.projectId !== undefined) args.push(on.projectId);
  args.push(limit);
  return (
    db
      .prepare(
        `SELECT DISTINCT ${column} AS id FROM ${on.table} WHERE substr(${column}, 1, ?) = ?${project} ORDER BY ${column} LIMIT ?`,
      )
      .all(...args) as { id: string }[]
  ).map((row) => row.id);
}

/**
 * What a listing prints for an id: its first `min` characters, or more while another id of
 * the table starts the same (as git lengthens a short hash), so the printed text is always
 * one a person can type back. Read through the primary key's order, not a scan.
 */
export function shortestUniquePrefix(db: ReadableDb, on: IdTable, id: string, min = 8): string {
  const project = on.projectId === undefined ? '' : ' AND project_id = ?';
  const others = db.prepare(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${on.table} WHERE id >= ? AND id < ? AND id <> ?${project} LIMIT 1)`,
  );
  for (let length = Math.min(min, id.length); length < id.length; length++) {
    const prefix = id.slice(0, length);
    const args: string[] = [prefix, `${prefix}\uffff`, id];
    if (on.projectId !== undefined) args.push(on.projectId);
    if ((others.get(...args) as { n: number }).n === 0) return prefix;
  }
  return id;
}
