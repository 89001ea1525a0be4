import { describe, expect, it } from 'vitest';
import { migration0020ApprovalAudit } from '../../../../../src/main/core/store/migrations/0020-approval-audit';
import { migration0060McpAudit } from '../../../../../src/main/core/store/migrations/0060-mcp-audit';
import { migration0170AuditHeldBackAndClean } from '../../../../../src/main/core/store/migrations/0170-audit-held-back-and-clean';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

const before = [migration0020ApprovalAudit, migration0060McpAudit];
const all = [...before, migration0170AuditHeldBackAndClean];

const insert = (id: string, action: string, outcome: string | null, decidedBy: string | null) =>
  database()
    .prepare(
      "INSERT INTO approval_audit (approval_id, project_id, tool, path, base_hash, proposal_hash, after_hash, description, unified_diff, policy_action, policy_reason, protected_path, coarse_diff, created_at, outcome, decided_by) VALUES (?, 'p', 'edit_file', 'a.ts', '', 'h', '', '', '', ?, 'r', 0, 0, 1, ?, ?)",
    )
    .run(id, action, outcome, decidedBy);

const indexes = () =>
  (
    database()
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'approval_audit'",
      )
      .all() as { name: string }[]
  )
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_'));

describe('0170-audit-held-back-and-clean', () => {
  it('keeps every row, column and index, and marks the old clean approvals as clean', () => {
    runMigrations(database(), before);
    insert('clean', 'ask', 'approved', 'mode');
    insert('auto-edit', 'allow', 'approved', 'mode');
    insert('person', 'ask', 'approved', 'person');
    database()
      .prepare("UPDATE approval_audit SET mcp_server = 'kept' WHERE approval_id = 'person'")
      .run();
    const indexesBefore = indexes();
    expect(runMigrations(database(), all).applied).toEqual([170]);
    expect(indexes().sort()).toEqual(indexesBefore.sort());
    expect(
      database()
        .prepare(
          'SELECT approval_id, decided_by, decided_because, mcp_server, held_back_errors FROM approval_audit ORDER BY approval_id',
        )
        .all(),
    ).toEqual([
      {
        approval_id: 'auto-edit',
        decided_by: 'mode',
        decided_because: null,
        mcp_server: null,
        held_back_errors: null,
      },
      {
        approval_id: 'clean',
        decided_by: 'mode',
        decided_because: 'clean_evidence',
        mcp_server: null,
        held_back_errors: null,
      },
      {
        approval_id: 'person',
        decided_by: 'person',
        decided_because: null,
        mcp_server: 'kept',
        held_back_errors: null,
      },
    ]);
  });

  it("accepts a held-back row decided by 'check', and still refuses unknown values", () => {
    runMigrations(database(), all);
    insert('h1', 'ask', 'held_back', 'check');
    expect(() => insert('h2', 'ask', 'maybe', 'person')).toThrow(/CHECK/u);
    expect(() => insert('h3', 'ask', 'approved', 'robot')).toThrow(/CHECK/u);
    expect(() =>
      database()
        .prepare("UPDATE approval_audit SET decided_because = 'a hunch' WHERE approval_id = 'h1'")
        .run(),
    ).toThrow(/CHECK/u);
  });

  it('on a table that is not the one it knows - fails with words, and the runner changes nothing', () => {
    database().exec(
      "CREATE TABLE approval_audit (approval_id TEXT PRIMARY KEY, outcome TEXT CHECK (outcome IN ('yes')))",
    );
    expect(() => runMigrations(database(), [migration0170AuditHeldBackAndClean])).toThrow(
      /0170-audit-held-back-and-clean failed .*checks are not the expected ones.*Nothing was changed/u,
    );
  });
});
