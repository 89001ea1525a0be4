import { describe, expect, it } from 'vitest';
import { migration0050Mcp } from '../../../../../src/main/core/store/migrations/0050-mcp';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { createMcpRepository } from '../../../../../src/main/core/mcp-client/mcp-repository';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0050-mcp', () => {
  it('0050-mcp - creates the tables and refuses unknown tool policies', () => {
    expect(runMigrations(database(), [migration0050Mcp]).applied).toEqual([50]);
    const insert = database().prepare(
      "INSERT INTO mcp_tool_prefs (server_key, tool, policy) VALUES ('person:a', ?, ?)",
    );
    insert.run('t1', 'allow');
    expect(() => insert.run('t2', 'sometimes')).toThrow(/CHECK/u);
  });

  it('mcp repository - keeps servers, entry approvals, prefs and pins', () => {
    runMigrations(database(), [migration0050Mcp]);
    const repo = createMcpRepository(database(), () => 5);
    repo.saveServer({ name: 'fs', transport: 'stdio', command: 'node', args: ['x.js'], env: {} });
    expect(repo.listServers().map((s) => s.name)).toEqual(['fs']);
    repo.approveEntry('p1', 'ev', 'hash-1');
    expect(repo.approvedEntryHash('p1', 'ev')).toBe('hash-1');
    expect(repo.approvedEntryHash('p2', 'ev')).toBeNull();
    expect(repo.setServerPrefs('person:fs', { trustReadOnly: true })).toEqual({
      trustReadOnly: true,
      denyAll: false,
    });
    repo.setToolPolicy('person:fs', 'write_file', 'deny');
    repo.pin('person:fs', 'write_file', 'h', '{}');
    expect(repo.toolPrefs('person:fs').get('write_file')).toEqual({
      tool: 'write_file',
      policy: 'deny',
      pinnedHash: 'h',
      pinnedDefinition: '{}',
    });
    expect(repo.removeServer('fs')).toBe(true);
    expect(() => repo.saveServer({ name: 'bad name!' } as never)).toThrow();
  });
});
