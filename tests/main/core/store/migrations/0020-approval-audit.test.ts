import { describe, expect, it } from 'vitest';
import { migration0020ApprovalAudit } from '../../../../../src/main/core/store/migrations/0020-approval-audit';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

const tables = () =>
  (
    database().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('0020-approval-audit', () => {
  it('applies alone (no dependency on other ranges) and checks outcome and decider values', () => {
    expect(runMigrations(database(), [migration0020ApprovalAudit]).applied).toEqual([20]);
    expect(tables()).toContain('approval_audit');
    const insert = database().prepare(
      "INSERT INTO approval_audit (approval_id, project_id, tool, path, base_hash, proposal_hash, after_hash, description, unified_diff, policy_action, policy_reason, protected_path, coarse_diff, created_at, outcome, decided_by) VALUES (?, 'p', 'edit_file', 'a', 'b', 'h', 'a', '', '', 'ask', 'r', 0, 0, 1, ?, ?)",
    );
    insert.run('a1', 'approved', 'person');
    expect(() => insert.run('a2', 'maybe', 'person')).toThrow(/CHECK/u);
    expect(() => insert.run('a3', 'approved', 'robot')).toThrow(/CHECK/u);
  });
});
