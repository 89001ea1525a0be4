import type { Migration } from './migration';

/**
 * MCP: the person's own servers, their approvals of servers a project suggests
 * (bound to the entry's hash: a changed entry is not approved), per-server preferences and
 * per-tool decisions (always-allow / deny) with the pinned definition of each approved tool.
 * A server key is `person:<name>` or `project:<project id>:<name>`.
 */
export const migration0050Mcp: Migration = {
  version: 50,
  name: 'mcp',
  up(db) {
    db.exec(`
      CREATE TABLE mcp_servers (
        name TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE mcp_project_approvals (
        project_id TEXT NOT NULL,
        name TEXT NOT NULL,
        entry_hash TEXT NOT NULL,
        approved_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, name)
      );
      CREATE TABLE mcp_server_prefs (
        server_key TEXT PRIMARY KEY,
        trust_read_only INTEGER NOT NULL DEFAULT 0,
        deny_all INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE mcp_tool_prefs (
        server_key TEXT NOT NULL,
        tool TEXT NOT NULL,
        policy TEXT NOT NULL DEFAULT 'ask' CHECK (policy IN ('ask', 'allow', 'deny')),
        pinned_hash TEXT,
        pinned_definition TEXT,
        PRIMARY KEY (server_key, tool)
      );
    `);
  },
};
