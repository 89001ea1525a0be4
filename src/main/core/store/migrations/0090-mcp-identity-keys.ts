import { createHash } from 'node:crypto';
import type { Migration } from './migration';

/**
 * The person's MCP servers' settings keyed by identity. Before, a server's
 * always-allow, deny, pinned definitions and "trust read-only" lived under `person:<name>` and
 * outlived the server: removing it and adding another program under the same name inherited
 * them. Now the key is `person:<name>:<identity>` (identity: sha256 over transport and
 * command + arguments, or the URL; as `personServerKey` in mcp-config.ts, frozen here). The
 * settings of each configured server move to its key; those of servers no longer configured
 * are deleted, as removing a server now does.
 */
function identityKey(name: string, configText: string): string | null {
  let config: { transport?: unknown; command?: unknown; args?: unknown; url?: unknown };
  try {
    config = JSON.parse(configText) as typeof config;
  } catch {
    return null;
  }
  const identity =
    config.transport === 'stdio' && typeof config.command === 'string'
      ? ['stdio', config.command, ...(Array.isArray(config.args) ? config.args : [])]
      : config.transport === 'http' && typeof config.url === 'string'
        ? ['http', config.url]
        : null;
  if (!identity) return null;
  const hash = createHash('sha256').update(JSON.stringify(identity)).digest('hex');
  return `person:${name}:${hash.slice(0, 16)}`;
}

export const migration0090McpIdentityKeys: Migration = {
  version: 90,
  name: 'mcp-identity-keys',
  up(db) {
    const servers = db.prepare('SELECT name, config FROM mcp_servers').all() as {
      name: string;
      config: string;
    }[];
    db.exec('CREATE TEMP TABLE kept_mcp_keys (server_key TEXT PRIMARY KEY)');
    const keep = db.prepare('INSERT OR IGNORE INTO kept_mcp_keys (server_key) VALUES (?)');
    const moveServer = db.prepare(
      'UPDATE mcp_server_prefs SET server_key = ? WHERE server_key = ?',
    );
    const moveTools = db.prepare('UPDATE mcp_tool_prefs SET server_key = ? WHERE server_key = ?');
    for (const { name, config } of servers) {
      const key = identityKey(name, config);
      if (!key) continue;
      moveServer.run(key, `person:${name}`);
      moveTools.run(key, `person:${name}`);
      keep.run(key);
    }
    db.exec(`
      DELETE FROM mcp_server_prefs WHERE server_key LIKE 'person:%'
        AND server_key NOT IN (SELECT server_key FROM kept_mcp_keys);
      DELETE FROM mcp_tool_prefs WHERE server_key LIKE 'person:%'
        AND server_key NOT IN (SELECT server_key FROM kept_mcp_keys);
      DROP TABLE kept_mcp_keys;
    `);
  },
};
