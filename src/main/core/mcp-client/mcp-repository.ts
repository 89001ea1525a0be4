// MCP settings in the app DB (migration 0050): the person's servers, approvals of
// project entries (bound to the entry hash), per-server preferences and per-tool decisions
// with the pinned definition. Nothing here is read from the project folder. The person's
// servers' settings are keyed by identity (`personServerKey`, migration 0090) and cleared when
// the server is removed or another program takes its name.
import { mcpServerConfigSchema, personServerKey, type McpServerConfig } from './mcp-config';
import type { WritableDb } from '../store/database-handles';

export type McpToolPolicy = 'ask' | 'allow' | 'deny';

export interface McpToolPref {
  readonly tool: string;
  readonly policy: McpToolPolicy;
  readonly pinnedHash: string | null;
  /** JSON of the pinned definition (description, inputSchema, annotations). */
  readonly pinnedDefinition: string | null;
}

export interface McpServerPrefs {
  /** Tools annotated read-only run without asking. */
  readonly trustReadOnly: boolean;
  /** Every tool of the server is denied. */
  readonly denyAll: boolean;
}

export interface McpRepository {
  listServers(): McpServerConfig[];
  /** Adds or replaces a server; replacing it with another program clears the old settings. */
  saveServer(config: McpServerConfig): void;
  /** Removes a server and every setting kept for it. */
  removeServer(name: string): boolean;
  /** The settings key of the person's server of that name (throws when there is none). */
  personServerKey(name: string): string;
  approvedEntryHash(projectId: string, name: string): string | null;
  approveEntry(projectId: string, name: string, entryHash: string): void;
  revokeEntry(projectId: string, name: string): void;
  serverPrefs(serverKey: string): McpServerPrefs;
  setServerPrefs(serverKey: string, prefs: Partial<McpServerPrefs>): McpServerPrefs;
  toolPrefs(serverKey: string): Map<string, McpToolPref>;
  setToolPolicy(serverKey: string, tool: string, policy: McpToolPolicy): void;
  pin(serverKey: string, tool: string, hash: string, definition: string): void;
}

export function createMcpRepository(db: WritableDb, now: () => number = Date.now): McpRepository {
  const ensureTool = db.prepare(
    `INSERT INTO mcp_tool_prefs (server_key, tool) VALUES (?, ?) ON CONFLICT DO NOTHING`,
  );
  const storedServer = (name: string): McpServerConfig | null => {
    const row = db.prepare('SELECT config FROM mcp_servers WHERE name = ?').get(name) as
      { config: string } | undefined;
    if (!row) return null;
    const parsed = mcpServerConfigSchema.safeParse(JSON.parse(row.config));
    return parsed.success ? parsed.data : null;
  };
  const clearSettings = (serverKey: string): void => {
    db.prepare('DELETE FROM mcp_server_prefs WHERE server_key = ?').run(serverKey);
    db.prepare('DELETE FROM mcp_tool_prefs WHERE server_key = ?').run(serverKey);
  };
  return {
    listServers() {
      const rows = db.prepare('SELECT config FROM mcp_servers ORDER BY name').all() as {
        config: string;
      }[];
      return rows.flatMap((row) => {
        const parsed = mcpServerConfigSchema.safeParse(JSON.parse(row.config));
        return parsed.success ? [parsed.data] : [];
      });
    },
    saveServer(config) {
      const valid = mcpServerConfigSchema.parse(config);
      db.transaction(() => {
        const before = storedServer(valid.name);
        if (before && personServerKey(before) !== personServerKey(valid))
          clearSettings(personServerKey(before));
        db.prepare(
          `INSERT INTO mcp_servers (name, config, created_at) VALUES (?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET config = excluded.config`,
        ).run(valid.name, JSON.stringify(valid), now());
      })();
    },
    removeServer(name) {
      return db.transaction(() => {
        const before = storedServer(name);
        if (before) clearSettings(personServerKey(before));
        return db.prepare('DELETE FROM mcp_servers WHERE name = ?').run(name).changes > 0;
      })();
    },
    personServerKey(name) {
      const config = storedServer(name);
      if (!config) throw new Error(`you have no MCP server named "${name}".`);
      return personServerKey(config);
    },
    approvedEntryHash(projectId, name) {
      const row = db
        .prepare('SELECT entry_hash FROM mcp_project_approvals WHERE project_id = ? AND name = ?')
        .get(projectId, name) as { entry_hash: string } | undefined;
      return row?.entry_hash ?? null;
    },
    approveEntry(projectId, name, entryHash) {
      db.prepare(
        `INSERT INTO mcp_project_approvals (project_id, name, entry_hash, approved_at)
         VALUES (?, ?, ?, ?) ON CONFLICT (project_id, name) DO UPDATE SET
         entry_hash = excluded.entry_hash, approved_at = excluded.approved_at`,
      ).run(projectId, name, entryHash, now());
    },
    revokeEntry(projectId, name) {
      db.prepare('DELETE FROM mcp_project_approvals WHERE project_id = ? AND name = ?').run(
        projectId,
        name,
      );
    },
    serverPrefs(serverKey) {
      const row = db
        .prepare('SELECT trust_read_only, deny_all FROM mcp_server_prefs WHERE server_key = ?')
        .get(serverKey) as { trust_read_only: number; deny_all: number } | undefined;
      return { trustReadOnly: row?.trust_read_only === 1, denyAll: row?.deny_all === 1 };
    },
    setServerPrefs(serverKey, prefs) {
      const next = { ...this.serverPrefs(serverKey), ...prefs };
      db.prepare(
        `INSERT INTO mcp_server_prefs (server_key, trust_read_only, deny_all) VALUES (?, ?, ?)
         ON CONFLICT (server_key) DO UPDATE SET trust_read_only = excluded.trust_read_only,
         deny_all = excluded.deny_all`,
      ).run(serverKey, next.trustReadOnly ? 1 : 0, next.denyAll ? 1 : 0);
      return next;
    },
    toolPrefs: (serverKey) => readToolPrefs(db, serverKey),
    setToolPolicy(serverKey, tool, policy) {
      db.transaction(() => {
        ensureTool.run(serverKey, tool);
        db.prepare('UPDATE mcp_tool_prefs SET policy = ? WHERE server_key = ? AND tool = ?').run(
          policy,
          serverKey,
          tool,
        );
      })();
    },
    pin(serverKey, tool, hash, definition) {
      db.transaction(() => {
        ensureTool.run(serverKey, tool);
        db.prepare(
          'UPDATE mcp_tool_prefs SET pinned_hash = ?, pinned_definition = ? WHERE server_key = ? AND tool = ?',
        ).run(hash, definition, serverKey, tool);
      })();
    },
  };
}

/** Each tool's policy and pinned definition on one server, by tool name. */
function readToolPrefs(db: WritableDb, serverKey: string): ReturnType<McpRepository['toolPrefs']> {
  const rows = db
    .prepare(
      'SELECT tool, policy, pinned_hash, pinned_definition FROM mcp_tool_prefs WHERE server_key = ?',
    )
    .all(serverKey) as {
    tool: string;
    policy: McpToolPolicy;
    pinned_hash: string | null;
    pinned_definition: string | null;
  }[];
  return new Map(
    rows.map((r) => [
      r.tool,
      {
        tool: r.tool,
        policy: r.policy,
        pinnedHash: r.pinned_hash,
        pinnedDefinition: r.pinned_definition,
      },
    ]),
  );
}
