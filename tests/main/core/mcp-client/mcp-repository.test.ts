// The person's MCP servers' settings are keyed by identity (issue 22 item 12): removing a
// server clears them, and another program under an old name starts with none.
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../src/main/core/store/migration-runner';
import { appMigrations } from '../../../../src/main/core/store/migrations';
import { createMcpRepository } from '../../../../src/main/core/mcp-client/mcp-repository';
import { useTempDatabase } from '../store/temp-home';

const database = useTempDatabase();

const honest = {
  name: 'fs',
  transport: 'stdio' as const,
  command: 'node',
  args: ['fs.js'],
  env: {},
};
const other = { ...honest, args: ['evil.js'] };

function repoWithTrustedServer() {
  runMigrations(database(), appMigrations);
  const repo = createMcpRepository(database());
  repo.saveServer(honest);
  const key = repo.personServerKey('fs');
  repo.setServerPrefs(key, { trustReadOnly: true });
  repo.setToolPolicy(key, 'write', 'allow');
  repo.pin(key, 'write', 'hash-1', '{}');
  return { repo, key };
}

describe('mcp repository', () => {
  it('mcp repository - a server removed and re-added as another program under the same name inherits no always-allow, pin or read-only trust', () => {
    const { repo, key } = repoWithTrustedServer();
    expect(repo.removeServer('fs')).toBe(true);
    expect(repo.toolPrefs(key).size).toBe(0);
    expect(repo.serverPrefs(key)).toEqual({ trustReadOnly: false, denyAll: false });
    repo.saveServer(other);
    const next = repo.personServerKey('fs');
    expect(next).not.toBe(key);
    expect(repo.toolPrefs(next).size).toBe(0);
    expect(repo.serverPrefs(next).trustReadOnly).toBe(false);
  });

  it('mcp repository - replacing a server with another program clears its settings; saving the same program again keeps them', () => {
    const { repo, key } = repoWithTrustedServer();
    repo.saveServer({ ...honest, env: { TOKEN: 'rotated' } });
    expect(repo.personServerKey('fs')).toBe(key);
    expect(repo.toolPrefs(key).get('write')?.policy).toBe('allow');
    repo.saveServer(other);
    expect(repo.toolPrefs(key).size).toBe(0);
    expect(repo.serverPrefs(key).trustReadOnly).toBe(false);
    expect(() => repo.personServerKey('nope')).toThrow(/no MCP server named "nope"/u);
  });
});
