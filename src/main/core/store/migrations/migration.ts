import type { WritableDb } from '../database-handles';

/**
 * One numbered schema step. Contract: `up` only adds or reshapes; it runs inside the
 * migration transaction, must not open its own, and must not depend on a migration of
 * another number range (store 1–9, agent 10–19, approvals 20–29), because an older database
 * may receive a lower number after a higher one.
 */
export interface Migration {
  readonly version: number;
  /** kebab-case, matches the file name `NNNN-name.ts`. */
  readonly name: string;
  up(db: WritableDb): void;
}
