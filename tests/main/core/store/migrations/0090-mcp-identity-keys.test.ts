import { describe, expect, it } from 'vitest';
import { personServerKey } from '../../../../../src/main/core/mcp-client/mcp-config';
import { migration0050Mcp } from '../../../../../src/main/core/store/migrations/0050-mcp';
import { migration0090McpIdentityKeys } from '../../../../../src/main/core/store/migrations/0090-mcp-identity-keys';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { createMcpRepository } from '../../../../../src/main/core/mcp-client/mcp-repository';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

const fs = { name: 'fs', transport: 'stdio' as const, command: 'node', args: ['fs.js'], env: {} };
const web = { name: 'web', transport: 'http' as const, url: 'https://mcp.example/x', headers: {} };

describe('0090-mcp-identity-keys', () => {
  it("0090-mcp-identity-keys - moves each configured server's settings to its identity key and deletes those of removed servers", () => {
    runMigrations(database(), [migration0050Mcp]);
    const db = database();
    const insertServer = db.prepare(
      'INSERT INTO mcp_servers (name, config, created_at) VALUES (?, ?, 1)',
    );
    insertServer.run('fs', JSON.stringify(fs));
    insertServer.run('web', JSON.stringify(web));
    const pref = db.prepare(
      'INSERT INTO mcp_server_prefs (server_key, trust_read_only, deny_all) VALUES (?, 1, 0)',
    );
    const tool = db.prepare(
      "INSERT INTO mcp_tool_prefs (server_key, tool, policy, pinned_hash) VALUES (?, 'write', 'allow', 'h')",
    );
    for (const key of ['person:fs', 'person:web', 'person:gone', 'project:p1:x:abc']) {
      pref.run(key);
      tool.run(key);
    }
    expect(runMigrations(db, [migration0050Mcp, migration0090McpIdentityKeys]).applied).toEqual([
      90,
    ]);
    const keys = (table: string) =>
      (
        db.prepare(`SELECT server_key FROM ${table} ORDER BY server_key`).all() as {
          server_key: string;
        }[]
      ).map((r) => r.server_key);
    const expected = [personServerKey(fs), personServerKey(web), 'project:p1:x:abc'].sort();
    expect(keys('mcp_server_prefs')).toEqual(expected);
    expect(keys('mcp_tool_prefs')).toEqual(expected);
    const repo = createMcpRepository(db);
    expect(repo.serverPrefs(repo.personServerKey('fs')).trustReadOnly).toBe(true);
    expect(repo.toolPrefs(repo.personServerKey('web')).get('write')?.policy).toBe('allow');
  });
});
