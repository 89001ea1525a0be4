import type { Migration } from './migration';

/**
 * MCP calls in the approval audit trail: each row says what kind of decision it is
 * (a file write, a command, an MCP call; existing run_command rows become 'command'), and an
 * MCP call's row names the server and tool, the sha256 of its canonical arguments, the pinned
 * definition's hash, and how the call ended ('ok', 'error', or 'not_run' when refused).
 */
export const migration0060McpAudit: Migration = {
  version: 60,
  name: 'mcp-audit',
  up(db) {
    db.exec(`
      ALTER TABLE approval_audit ADD COLUMN kind TEXT NOT NULL DEFAULT 'file'
        CHECK (kind IN ('file', 'command', 'mcp'));
      UPDATE approval_audit SET kind = 'command' WHERE tool = 'run_command';
      ALTER TABLE approval_audit ADD COLUMN mcp_server TEXT;
      ALTER TABLE approval_audit ADD COLUMN mcp_tool TEXT;
      ALTER TABLE approval_audit ADD COLUMN arguments_digest TEXT;
      ALTER TABLE approval_audit ADD COLUMN definition_hash TEXT;
      ALTER TABLE approval_audit ADD COLUMN result_status TEXT
        CHECK (result_status IN ('ok', 'error', 'not_run'));
      ALTER TABLE approval_audit ADD COLUMN result_detail TEXT;
    `);
  },
};
