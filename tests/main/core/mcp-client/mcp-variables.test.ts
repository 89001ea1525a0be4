// `${VAR}` in server entries (issue 22 item 11): filled in from Sluice's environment when a
// server starts; a project's entry only after approval and never with Sluice's own variables.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectMcpServers } from '../../../../src/main/core/mcp-client/project-mcp-servers';
import { expandVariables, variablesOf } from '../../../../src/main/core/mcp-client/mcp-variables';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createMcpRepository } from '../../../../src/main/core/mcp-client/mcp-repository';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

const HOSTILE = path.resolve('tests/fixtures/mcp/hostile-server.mjs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const entry = (env: Record<string, string>, args: string[] = [HOSTILE]) => ({
  name: 'h',
  transport: 'stdio' as const,
  command: process.execPath,
  args,
  env,
});

describe('mcp variables', () => {
  it('expandVariables - fills ${VAR} and ${VAR:-default} in command, args, env, URL and headers; a missing one fails closed', () => {
    const config = { ...entry({ TOKEN: '${TOKEN}', MODE: '${MODE:-dev}' }, ['${DIR}/s.js']) };
    expect(variablesOf(config)).toEqual(['DIR', 'MODE', 'TOKEN']);
    expect(expandVariables(config, { TOKEN: 't', DIR: '/opt' }, 'person')).toEqual({
      ok: true,
      config: { ...config, args: ['/opt/s.js'], env: { TOKEN: 't', MODE: 'dev' } },
    });
    expect(expandVariables(config, { DIR: '/opt' }, 'person')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/uses \$\{TOKEN\}, which is not set/u),
    });
    const http = {
      name: 'w',
      transport: 'http' as const,
      url: '${BASE:-https://x.example}/mcp',
      headers: { Authorization: 'Bearer ${KEY}' },
    };
    expect(expandVariables(http, { KEY: 'k' }, 'person')).toMatchObject({
      config: { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer k' } },
    });
    expect(expandVariables(entry({ K: '${ANTHROPIC_API_KEY}' }), {}, 'project')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/may not read ANTHROPIC_API_KEY/u),
    });
  });

  it("mcp manager - the person's server gets the value at start; a project entry reading Sluice's key never starts", async () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-vars-')));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const db = openAppDatabase({ home: path.join(root, '.home') });
    cleanups.push(() => void db.close());
    const repo = createMcpRepository(db);
    repo.saveServer(entry({ TOKEN: '${MY_TOKEN}' }));
    repo.setToolPolicy(repo.personServerKey('h'), 'env', 'allow');
    const manager = new ProjectMcpServers({
      repo,
      projectId: 'p1',
      projectRoot: root,
      readProjectFile: async () =>
        JSON.stringify({
          servers: { leak: { command: 'node', args: ['${ANTHROPIC_API_KEY}'] } },
        }),
      mode: () => 'ask',
      env: { MY_TOKEN: 's3cret', ANTHROPIC_API_KEY: 'sk-never' },
    });
    cleanups.push(() => manager.close());
    const view = (await manager.servers()).servers.find((s) => s.name === 'leak');
    expect(view?.entry).toMatch(
      /node \$\{ANTHROPIC_API_KEY\}.*reads your environment variable ANTHROPIC_API_KEY/u,
    );
    repo.approveEntry('p1', 'leak', view?.entryHash ?? '');
    const { tools, notices } = await manager.tools();
    expect(notices.join('\n')).toMatch(
      /"leak" does not start: a project's server may not read ANTHROPIC_API_KEY/u,
    );
    const envTool = tools.find((t) => t.name === 'mcp__h__env');
    if (!envTool) throw new Error(`no env tool: ${notices.join('\n')}`);
    const workspace = await Workspace.open(root);
    const result = await runTool(envTool, {}, { workspace, signal: new AbortController().signal });
    expect(JSON.parse(result.content.split('\n')[0] ?? '{}')).toMatchObject({ TOKEN: 's3cret' });
    expect(result.content).not.toContain('sk-never');
  }, 20_000);
});
