import { describe, expect, it } from 'vitest';
import { migration0020ApprovalAudit } from '../../../../../src/main/core/store/migrations/0020-approval-audit';
import { migration0021Checkpoints } from '../../../../../src/main/core/store/migrations/0021-checkpoints';
import { migration0022ApprovalPolicies } from '../../../../../src/main/core/store/migrations/0022-approval-policies';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

const tables = () =>
  (
    database().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('0022-approval-policies', () => {
  it('applies after the others and refuses unknown modes and actions', () => {
    runMigrations(database(), [migration0020ApprovalAudit, migration0021Checkpoints]);
    expect(
      runMigrations(database(), [
        migration0020ApprovalAudit,
        migration0021Checkpoints,
        migration0022ApprovalPolicies,
      ]).applied,
    ).toEqual([22]);
    expect(tables()).toEqual(expect.arrayContaining(['approval_policies', 'approval_rules']));
    expect(() =>
      database().prepare("INSERT INTO approval_policies VALUES ('p', 'yolo', 1)").run(),
    ).toThrow(/CHECK/u);
    expect(() =>
      database()
        .prepare("INSERT INTO approval_rules VALUES ('r', 'p', 'write', '**', 'maybe', 1)")
        .run(),
    ).toThrow(/CHECK/u);
  });
});
