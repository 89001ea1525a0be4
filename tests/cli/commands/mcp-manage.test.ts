// `sluice mcp list|add|remove|approve|allow|deny|reset` through main(), against the app DB
// Settings uses and real MCP servers (server-everything, the hostile fixture).
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { appDatabasePath, openAppDatabase } from '../../../src/main/core/store/app-database';
import { createMcpRepository } from '../../../src/main/core/mcp-client/mcp-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import type { CliIo } from '../../../src/cli/cli-io';
import { fakeCliIo } from '../../support/fake-cli-io';

const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const HOSTILE = path.resolve('tests/fixtures/mcp/hostile-server.mjs');

let project: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-mcp-cli-project-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-mcp-cli-home-'));
});
afterEach(async () => {
  for (const dir of [project, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home, MY_TOKEN: 's3cret' } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

function repo<T>(read: (r: ReturnType<typeof createMcpRepository>) => T): T {
  const db = openAppDatabase({ home });
  try {
    return read(createMcpRepository(db));
  } finally {
    db.close();
  }
}

describe('sluice mcp (managing servers)', () => {
  it('mcp list/add - lists nothing without creating the DB; adds a command with env and timeout, a URL with headers; refuses bad input', async () => {
    const empty = await sluice('mcp', 'list');
    expect(empty.code).toBe(0);
    expect(empty.out).toContain('No MCP servers');
    expect(existsSync(appDatabasePath(home))).toBe(false);

    const added = await sluice(
      'mcp',
      'add',
      'fs',
      '--env',
      'TOKEN=${MY_TOKEN}',
      '--timeout',
      '30',
      '--',
      'npx',
      '-y',
      '@modelcontextprotocol/server-filesystem',
      '/tmp',
    );
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Added fs: \["npx","-y",.*env TOKEN \(call timeout 30 s\)/u);
    const web = await sluice(
      'mcp',
      'add',
      'web',
      '--url',
      'https://mcp.example.com/mcp',
      '--header',
      'Authorization: Bearer ${MY_TOKEN}',
    );
    expect(web.code).toBe(0);
    expect(repo((r) => r.listServers())).toMatchObject([
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        env: { TOKEN: '${MY_TOKEN}' },
        timeoutSeconds: 30,
      },
      { name: 'web', transport: 'http', headers: { Authorization: 'Bearer ${MY_TOKEN}' } },
    ]);
    const list = await sluice('mcp', 'list');
    expect(list.out).toMatch(/^fs \(yours, stopped\)$/mu);
    expect(list.out).toMatch(/^web \(yours, stopped\)$/mu);
    // Values of the person's env and headers may be secrets: names only.
    expect(list.out).not.toContain('Bearer');

    expect((await sluice('mcp', 'add', 'a__b', '--', 'node')).code).toBe(1);
    expect((await sluice('mcp', 'add', 'x', '--timeout', '0', '--', 'node')).code).toBe(2);
    expect((await sluice('mcp', 'add', 'x', '--url', 'ftp://h')).err).toMatch(
      /only http\(s\) URLs/u,
    );
    expect((await sluice('mcp', 'add', 'x', '--hash', 'ab', '--', 'node')).code).toBe(2);
    expect((await sluice('mcp', 'frobnicate')).code).toBe(2);
    expect((await sluice('mcp', 'list', '--tools')).err).toMatch(/--tools starts the servers/u);
    expect((await sluice('mcp', 'remove', 'nope')).code).toBe(1);
  });

  it('mcp add --from - imports a Claude Code style .mcp.json (type stdio/http, ${VAR} kept for start time)', async () => {
    writeFileSync(
      path.join(project, '.mcp.json'),
      JSON.stringify({
        mcpServers: {
          github: {
            type: 'http',
            url: 'https://api.example.com/mcp',
            headers: { Authorization: 'Bearer ${GH_TOKEN}' },
          },
          local: {
            type: 'stdio',
            command: 'node',
            args: ['server.js'],
            env: { KEY: '${KEY:-dev}' },
          },
          'bad.name': { command: 'node' },
        },
      }),
    );
    const run = await sluice('mcp', 'add', '--from', '.mcp.json');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/Added github[\s\S]*Added local[\s\S]*"bad\.name" skipped/u);
    expect(repo((r) => r.listServers().map((s) => s.name))).toEqual(['github', 'local']);
    const only = await sluice('mcp', 'add', '--from', '.mcp.json', 'local');
    expect(only.code).toBe(0);
  });

  it('mcp allow/remove - always-allow pins the definition; removing and re-adding another program under the name inherits nothing', async () => {
    expect(
      (await sluice('mcp', 'add', 'ev', '--', process.execPath, EVERYTHING, 'stdio')).code,
    ).toBe(0);
    expect((await sluice('mcp', 'allow', 'ev', 'get-sum')).code).toBe(2);
    const allowed = await sluice('mcp', 'allow', 'ev', 'get-sum', '--project', project);
    expect(allowed.code).toBe(0);
    expect(allowed.out).toMatch(
      /Always allowed get-sum of ev, as defined now \(definition [0-9a-f]{12}\)/u,
    );
    expect((await sluice('mcp', 'deny', 'ev')).code).toBe(0);
    const listed = await sluice('mcp', 'list');
    expect(listed.out).toMatch(/every tool denied/u);
    expect(listed.out).toMatch(/^ {2}get-sum: allow$/mu);
    // --tools starts the servers and shows each tool's current definition hash.
    const started = await sluice('mcp', 'list', '--tools', '--project', project);
    expect(started.out).toMatch(/^ev \(yours, running\)$/mu);
    expect(started.out).toMatch(/^ {2}get-sum: allow {2}definition [0-9a-f]{12}$/mu);
    expect(started.out).toMatch(/^ {2}echo: ask {2}definition [0-9a-f]{12}$/mu);
    expect((await sluice('mcp', 'allow', 'ev', 'no-such-tool', '--project', project)).err).toMatch(
      /does not list a tool "no-such-tool" now/u,
    );

    const removed = await sluice('mcp', 'remove', 'ev');
    expect(removed.out).toMatch(/Removed ev and its settings/u);
    expect(
      (await sluice('mcp', 'add', 'ev', '--', process.execPath, HOSTILE, 'escapes')).code,
    ).toBe(0);
    const key = repo((r) => r.personServerKey('ev'));
    expect(repo((r) => [...r.toolPrefs(key).values()])).toEqual([]);
    expect(repo((r) => r.serverPrefs(key))).toEqual({ trustReadOnly: false, denyAll: false });
    const after = await sluice('mcp', 'list', '--json');
    expect(after.lines()[0]).toMatchObject({
      servers: [{ name: 'ev', denyAll: false, tools: [] }],
    });
  }, 30_000);

  it('mcp deny/reset - a tool or the whole server, and back to asking', async () => {
    await sluice('mcp', 'add', 'ev', '--', process.execPath, EVERYTHING, 'stdio');
    expect((await sluice('mcp', 'deny', 'ev', 'echo')).out).toMatch(/Denied echo of ev/u);
    const key = repo((r) => r.personServerKey('ev'));
    expect(repo((r) => r.toolPrefs(key).get('echo')?.policy)).toBe('deny');
    expect((await sluice('mcp', 'reset', 'ev', 'echo')).code).toBe(0);
    expect(repo((r) => r.toolPrefs(key).get('echo')?.policy)).toBe('ask');
    await sluice('mcp', 'deny', 'ev');
    expect(repo((r) => r.serverPrefs(key).denyAll)).toBe(true);
    await sluice('mcp', 'reset', 'ev');
    expect(repo((r) => r.serverPrefs(key).denyAll)).toBe(false);
    expect((await sluice('mcp', 'deny', 'proj')).err).toMatch(/needs --project DIR/u);
  });

  it("mcp approve - a project's entry is shown with the variables it reads; without a terminal only --hash of what was shown approves it", async () => {
    mkdirSync(path.join(project, '.sluice'));
    writeFileSync(
      path.join(project, '.sluice', 'mcp.json'),
      JSON.stringify({
        servers: {
          proj: { command: process.execPath, args: [HOSTILE], env: { TOKEN: '${MY_TOKEN}' } },
        },
      }),
    );
    const list = await sluice('mcp', 'list', '--project', project);
    expect(list.out).toMatch(
      /^proj \(project, not approved: review it with sluice mcp approve proj --project /mu,
    );
    expect(list.out).toMatch(
      /TOKEN=\$\{MY_TOKEN\}\).*reads your environment variable MY_TOKEN \(filled in when it starts, only after you approve it\)/u,
    );
    expect(list.out).not.toContain('s3cret');
    const hash = /entry hash ([0-9a-f]{12})/u.exec(list.out)?.[1] ?? '';
    const noTerminal = await sluice('mcp', 'approve', 'proj', '--project', project);
    expect(noTerminal.code).toBe(1);
    expect(noTerminal.err).toContain(`give --hash ${hash}`);
    expect(
      (await sluice('mcp', 'approve', 'proj', '--project', project, '--hash', 'deadbeef00')).err,
    ).toMatch(/changed since you saw it/u);
    const approved = await sluice('mcp', 'approve', 'proj', '--project', project, '--hash', hash);
    expect(approved.code).toBe(0);
    expect(repo((r) => r.approvedEntryHash(projectIdFor(project), 'proj'))?.startsWith(hash)).toBe(
      true,
    );
    // Started now (approved), it received the variable's value.
    const allow = await sluice('mcp', 'allow', 'proj', 'env', '--project', project);
    expect(allow.code).toBe(0);
  }, 30_000);

  it('mcp approve - on a terminal the person answers the card; n approves nothing, y approves the entry as shown', async () => {
    mkdirSync(path.join(project, '.sluice'));
    writeFileSync(
      path.join(project, '.sluice', 'mcp.json'),
      JSON.stringify({ servers: { proj: { command: 'node', args: ['tool.js'] } } }),
    );
    const onTerminal = async (answer: string) => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      stdin.end(`${answer}\n`);
      let err = '';
      const io: CliIo = {
        stdout: { write: () => true },
        stderr: { write: (t: string) => (err += t), isTTY: true },
        stdin,
        env: { SLUICE_HOME: home },
        cwd: project,
      };
      const code = await main(['mcp', 'approve', 'proj', '--project', project], io);
      return { code, err };
    };
    const no = await onTerminal('n');
    expect(no.code).toBe(1);
    expect(no.err).toMatch(/node tool\.js[\s\S]*Approve this server exactly as shown\?/u);
    expect(repo((r) => r.approvedEntryHash(projectIdFor(project), 'proj'))).toBeNull();
    expect((await onTerminal('y')).code).toBe(0);
    expect(repo((r) => r.approvedEntryHash(projectIdFor(project), 'proj'))).toMatch(
      /^[0-9a-f]{64}$/u,
    );
  });
});
