// A table of one project's rules (approval rules, command rules, network rules): listed in the
// order they were added, added once (adding a rule that is already there returns the stored
// one), capped per project, removed by id. Each repository checks and normalises a rule
// before adding it, and turns its rows into records.
import { randomUUID } from 'node:crypto';
import type { WritableDb } from './database-handles';

export interface ProjectRuleTable<Row extends { id: string }> {
  /** The project's rows, oldest first. */
  list(projectId: string): Row[];
  /**
   * The stored row with exactly these values, or a new one. Throws the table's own error when
   * the project already holds as many rules as allowed.
   */
  add(projectId: string, values: Omit<Row, 'id'>): Row;
  remove(projectId: string, id: string): boolean;
}

export interface ProjectRuleTableSpec<Row extends { id: string }> {
  readonly table: string;
  /** The rule's own columns, besides id, project_id and created_at. */
  readonly columns: readonly (keyof Omit<Row, 'id'> & string)[];
  /** A new rule's id: this prefix and a UUID (unless the options give `newId`). */
  readonly idPrefix: string;
  /** Rules a project may hold; adding beyond it throws `refusal` saying how many it holds. */
  readonly limit: number;
  /** What the rules are called in that message: "command rules". */
  readonly noun: string;
  readonly refusal: new (message: string) => Error;
}

/** Injected clock and ids (tests). */
export interface ProjectRuleTableOptions {
  readonly now?: () => number;
  readonly newId?: () => string;
}

export function createProjectRuleTable<Row extends { id: string }>(
  db: WritableDb,
  spec: ProjectRuleTableSpec<Row>,
  options: ProjectRuleTableOptions = {},
): ProjectRuleTable<Row> {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `${spec.idPrefix}${randomUUID()}`);
  const { table, columns } = spec;
  const selected = ['id', ...columns].join(', ');
  const select = db.prepare(
    `SELECT ${selected} FROM ${table} WHERE project_id = ? ORDER BY created_at, rowid`,
  );
  // IS, not =: a NULL column (a network rule without a prefix) matches a NULL value.
  const findSame = db.prepare(
    `SELECT ${selected} FROM ${table} WHERE project_id = ? AND ${columns.map((c) => `${c} IS ?`).join(' AND ')}`,
  );
  const count = db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE project_id = ?`);
  const insert = db.prepare(
    `INSERT INTO ${table} (id, project_id, ${columns.join(', ')}, created_at) VALUES (?, ?, ${columns.map(() => '?').join(', ')}, ?)`,
  );
  const remove = db.prepare(`DELETE FROM ${table} WHERE project_id = ? AND id = ?`);
  return {
    list: (projectId) => select.all(projectId) as Row[],
    add(projectId, values) {
      const ordered = columns.map((column) => values[column]);
      const same = findSame.get(projectId, ...ordered) as Row | undefined;
      if (same) return same;
      const { n } = count.get(projectId) as { n: number };
      if (n >= spec.limit) {
        throw new spec.refusal(
          `This project already has ${n} ${spec.noun} (limit ${spec.limit}); remove some first.`,
        );
      }
      const id = newId();
      insert.run(id, projectId, ...ordered, now());
      return { id, ...values } as Row;
    },
    remove: (projectId, id) => remove.run(projectId, id).changes > 0,
  };
}
