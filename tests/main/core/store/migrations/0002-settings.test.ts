import { describe, expect, it } from 'vitest';
import { migration0001Projects } from '../../../../../src/main/core/store/migrations/0001-projects';
import { migration0002Settings } from '../../../../../src/main/core/store/migrations/0002-settings';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0002-settings', () => {
  it('applies on top of 0001 and creates settings and secrets', () => {
    runMigrations(database(), [migration0001Projects]);
    expect(
      runMigrations(database(), [migration0001Projects, migration0002Settings]).applied,
    ).toEqual([2]);
    const names = (
      database()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['projects', 'secrets', 'settings']));
  });

  it('keeps a secret blob byte for byte and one row per key', () => {
    runMigrations(database(), [migration0001Projects, migration0002Settings]);
    const blob = Buffer.from([0, 1, 2, 255, 254]);
    database().prepare("INSERT INTO secrets VALUES ('k', ?, 'safeStorage', 1)").run(blob);
    expect(
      (
        database().prepare("SELECT ciphertext FROM secrets WHERE name = 'k'").get() as {
          ciphertext: Buffer;
        }
      ).ciphertext,
    ).toEqual(blob);
    database().prepare("INSERT INTO settings VALUES ('model', '\"m\"', 1)").run();
    expect(() =>
      database().prepare("INSERT INTO settings VALUES ('model', '\"n\"', 2)").run(),
    ).toThrow(/UNIQUE|PRIMARY/);
  });
});
