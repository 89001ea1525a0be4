import { describe, expect, it } from 'vitest';
import type { Migration } from '../../../../src/main/core/store/migrations/migration';
import {
  MigrationError,
  runMigrations,
  validateMigrations,
} from '../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from './temp-home';

const table = (version: number, name: string): Migration => ({
  version,
  name,
  up(db) {
    db.exec(`CREATE TABLE t${version} (x INTEGER)`);
  },
});

const database = useTempDatabase();

const tables = () =>
  (
    database()
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 't%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);

describe('validateMigrations', () => {
  it('sorts by version', () => {
    expect(validateMigrations([table(20, 'b'), table(1, 'a')]).map((m) => m.version)).toEqual([
      1, 20,
    ]);
  });
  it('refuses duplicate versions - names both', () => {
    expect(() => validateMigrations([table(1, 'a'), table(1, 'b')])).toThrow(
      /"a" and "b" share version 1/,
    );
  });
  it('refuses a non-kebab name and a non-positive version', () => {
    expect(() => validateMigrations([table(1, 'Bad Name')])).toThrow(/kebab-case/);
    expect(() => validateMigrations([table(0, 'zero')])).toThrow(/invalid version/);
  });
});

describe('runMigrations', () => {
  it('runs a lower number added after a higher one was applied - ranges are independent', () => {
    runMigrations(database(), [table(1, 'a'), table(20, 'c')]);
    const outcome = runMigrations(database(), [table(1, 'a'), table(3, 'b'), table(20, 'c')]);
    expect(outcome.applied).toEqual([3]);
    expect(outcome.schemaVersion).toBe(20);
    expect(tables()).toEqual(['t1', 't20', 't3']);
  });

  it('a failing migration leaves the database unchanged - names the migration', () => {
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE t2 (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => runMigrations(database(), [table(1, 'a'), broken])).toThrow(MigrationError);
    expect(() => runMigrations(database(), [table(1, 'a'), broken])).toThrow(
      /0002-broken failed.*boom.*Nothing was changed/,
    );
    expect(tables()).toEqual([]);
    expect(database().prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: 0,
    });
  });
});
