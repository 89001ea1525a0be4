import { describe, expect, it } from 'vitest';
import { migration0040CommandRules } from '../../../../../src/main/core/store/migrations/0040-command-rules';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0040-command-rules', () => {
  it('creates command_rules and refuses unknown actions', () => {
    expect(runMigrations(database(), [migration0040CommandRules]).applied).toEqual([40]);
    database()
      .prepare("INSERT INTO command_rules VALUES ('r1', 'p', '[\"npm\",\"test\"]', 'allow', 1)")
      .run();
    expect(() =>
      database()
        .prepare("INSERT INTO command_rules VALUES ('r2', 'p', '[\"x\"]', 'maybe', 1)")
        .run(),
    ).toThrow(/CHECK/u);
  });
});
