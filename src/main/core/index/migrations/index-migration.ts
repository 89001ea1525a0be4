import type Database from 'better-sqlite3';

/** One numbered step of the index database schema; `up` runs inside the migration transaction. */
export interface IndexMigration {
  readonly version: number;
  /** kebab-case, matches the file name `NNNN-name.ts`. */
  readonly name: string;
  up(db: Database.Database): void;
}
