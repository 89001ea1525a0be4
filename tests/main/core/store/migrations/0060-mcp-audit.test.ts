import { describe, expect, it } from 'vitest';
import { migration0020ApprovalAudit } from '../../../../../src/main/core/store/migrations/0020-approval-audit';
import { migration0060McpAudit } from '../../../../../src/main/core/store/migrations/0060-mcp-audit';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

const insertOld = (id: string, tool: string) =>
  database()
    .prepare(
      "INSERT INTO approval_audit (approval_id, project_id, tool, path, base_hash, proposal_hash, after_hash, description, unified_diff, policy_action, policy_reason, protected_path, coarse_diff, created_at) VALUES (?, 'p', ?, 'a', '', 'h', '', '', '', 'ask', 'r', 0, 0, 1)",
    )
    .run(id, tool);

describe('0060-mcp-audit', () => {
  it('0060-mcp-audit - marks existing rows as file or command, and checks kind and result status values', () => {
    expect(runMigrations(database(), [migration0020ApprovalAudit]).applied).toEqual([20]);
    insertOld('f1', 'edit_file');
    insertOld('c1', 'run_command');
    expect(
      runMigrations(database(), [migration0020ApprovalAudit, migration0060McpAudit]).applied,
    ).toEqual([60]);
    expect(
      database().prepare('SELECT approval_id, kind FROM approval_audit ORDER BY approval_id').all(),
    ).toEqual([
      { approval_id: 'c1', kind: 'command' },
      { approval_id: 'f1', kind: 'file' },
    ]);
    const insert = database().prepare(
      "INSERT INTO approval_audit (approval_id, project_id, tool, path, base_hash, proposal_hash, after_hash, description, unified_diff, policy_action, policy_reason, protected_path, coarse_diff, created_at, kind, mcp_server, mcp_tool, arguments_digest, definition_hash, result_status) VALUES (?, 'p', 'mcp__ev__echo', 'ev/echo', '', 'h', '', '', '{}', 'ask', 'r', 0, 0, 1, ?, 'ev', 'echo', 'd', 'h', ?)",
    );
    insert.run('m1', 'mcp', 'ok');
    expect(() => insert.run('m2', 'plugin', 'ok')).toThrow(/CHECK/u);
    expect(() => insert.run('m3', 'mcp', 'maybe')).toThrow(/CHECK/u);
  });
});
