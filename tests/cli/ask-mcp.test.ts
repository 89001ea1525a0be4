// `sluice ask` with MCP servers: the person's server (app DB) and an approved project entry
// are offered and started lazily; an unapproved entry never starts; a call asks y/n on the
// terminal showing server, tool, arguments and the untrusted description; without a terminal
// it is rejected unless always-allowed; read-only denies; servers stop when the run ends.
// Real server-everything over stdio, real SDK against the fake Messages server.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import type { CliIo } from '../../src/cli/cli-io';
import { mcpEntryHash, parseProjectMcpFile } from '../../src/main/core/mcp-client/mcp-config';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { listApprovalAudit } from '../../src/main/core/store/approval-audit-repository';
import {
  createMcpRepository,
  type McpRepository,
} from '../../src/main/core/mcp-client/mcp-repository';
import { projectIdFor } from '../../src/main/core/store/project-id';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';

const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const HOSTILE = path.resolve('tests/fixtures/mcp/hostile-server.mjs');

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-mcp-project-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-mcp-home-'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'tiny-app' }));
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** Edits the app DB the run will open (SLUICE_HOME), then closes it. */
function withRepo(change: (repo: McpRepository) => void): void {
  const db = openAppDatabase({ home });
  try {
    change(createMcpRepository(db));
  } finally {
    db.close();
  }
}

const everythingEntry = {
  name: 'ev',
  transport: 'stdio' as const,
  command: process.execPath,
  args: [EVERYTHING, 'stdio'],
  env: {},
};

/** A terminal (stdin and stderr TTYs) with the person's answers typed ahead, or none. */
function makeIo(answers: string[] | null) {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (answers) {
    stdin.isTTY = true;
    stdin.write(answers.map((a) => `${a}\n`).join(''));
  } else stdin.end();
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t) },
    stderr: Object.assign({ write: (t: string) => err.push(t) }, answers ? { isTTY: true } : {}),
    stdin,
    env: {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: home,
      NO_COLOR: '1',
    },
    cwd: os.tmpdir(),
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join(''), stdin };
}

const ask = createAskCommand({ maxRetries: 1, onInterrupt: () => () => undefined });

function offeredTools(request = 0): string[] {
  const body = server.requests[request]?.body as { tools?: { name: string }[] };
  return (body.tools ?? []).map((t) => t.name);
}

/** Command lines of this process's children running server-everything. */
function everythingChildren(): string[] {
  let lines: string;
  try {
    lines = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
  } catch {
    // ps exits 1 when the process has no children at all.
    lines = '';
  }
  return lines.split('\n').filter((line) => line.includes('server-everything'));
}

function toolResults(request: number): string {
  return JSON.stringify(server.requests[request]?.body.messages?.at(-1));
}

describe('sluice ask with MCP', () => {
  it('terminal - asks y/n showing server, tool, arguments and the untrusted description; y runs the call', async () => {
    withRepo((repo) => repo.saveServer(everythingEntry));
    server.enqueue(
      reply([toolUse('mcp__ev__echo', { message: 'ping' }, 'toolu_1')]),
      reply('Done.'),
    );
    const { io, stderr, stdin } = makeIo(['y']);
    expect(await ask.run(['echo it', '--project', project], io)).toBe(0);
    stdin.end();
    expect(offeredTools()).toContain('mcp__ev__echo');
    const prompt = stderr();
    expect(prompt).toContain('MCP tool echo of server ev');
    expect(prompt).toContain('"message": "ping"');
    expect(prompt).toContain("The server's description of this tool (untrusted)");
    expect(prompt).toContain(
      'Run this call? [y]es / [a]lways allow echo of ev as defined now / [n]o > ',
    );
    expect(prompt).toContain('✓ mcp__ev__echo');
    // The step line comes first, on its own line; the card and its question follow it.
    expect(prompt).toMatch(/(^|\n)→ Calling ev\/echo\n\nMCP tool echo of server ev/u);
    expect(toolResults(1)).toContain('Echo: ping');
    expect(everythingChildren()).toEqual([]);
    // The same audit trail as the app: the person's approval and how the call ended.
    const db = openAppDatabase({ home });
    try {
      expect(listApprovalAudit(db, { projectId: projectIdFor(project) })).toMatchObject([
        {
          kind: 'mcp',
          mcpServer: 'ev',
          mcpTool: 'echo',
          policyAction: 'ask',
          outcome: 'approved',
          decidedBy: 'person',
          resultStatus: 'ok',
        },
      ]);
    } finally {
      db.close();
    }
  });

  it('terminal - n with a reason rejects the call and the model hears the reason', async () => {
    withRepo((repo) => repo.saveServer(everythingEntry));
    server.enqueue(reply([toolUse('mcp__ev__echo', { message: 'ping' }, 'toolu_1')]), reply('OK.'));
    const { io, stderr, stdin } = makeIo(['n', 'not today']);
    expect(await ask.run(['echo it', '--project', project], io)).toBe(0);
    stdin.end();
    expect(stderr()).toContain('✗ mcp__ev__echo (rejected)');
    expect(toolResults(1)).toMatch(/not run.*Reason: not today/u);
  });

  it('no terminal - rejected unless always-allowed; --mode read-only denies a tool not annotated read-only without asking', async () => {
    withRepo((repo) => {
      repo.saveServer(everythingEntry);
      repo.setToolPolicy(repo.personServerKey('ev'), 'get-sum', 'allow');
    });
    server.enqueue(
      reply([
        toolUse('mcp__ev__echo', { message: 'ping' }, 'toolu_1'),
        toolUse('mcp__ev__get-sum', { a: 2, b: 3 }, 'toolu_2'),
      ]),
      reply('Done.'),
    );
    const piped = makeIo(null);
    expect(await ask.run(['go', '--project', project, '--json'], piped.io)).toBe(0);
    const ends = piped
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; status?: string; result?: string })
      .filter((event) => event.type === 'tool_end');
    expect(ends[0]).toMatchObject({ status: 'rejected' });
    expect(ends[0]?.result).toContain('no terminal to ask the person');
    expect(ends[1]).toMatchObject({ status: 'ok' });
    expect(ends[1]?.result).toContain('5');

    // toggle-simulated-logging is not annotated read-only: denied before anyone is asked.
    server.enqueue(
      reply([toolUse('mcp__ev__toggle-simulated-logging', {}, 'toolu_3')]),
      reply('OK.'),
    );
    const readOnly = makeIo(['y']);
    expect(await ask.run(['go', '--project', project, '--mode', 'read-only'], readOnly.io)).toBe(0);
    readOnly.stdin.end();
    expect(readOnly.stderr()).not.toContain('Run this call?');
    expect(readOnly.stderr()).toContain('✗ mcp__ev__toggle-simulated-logging (denied)');
    expect(readOnly.stderr()).toMatch(/approval mode is read-only/u);
  });

  it('auto-edit - covers file edits only: an MCP call still asks (rejected without a terminal); a server trusted for read-only tools runs one without asking', async () => {
    withRepo((repo) => repo.saveServer(everythingEntry));
    server.enqueue(reply([toolUse('mcp__ev__echo', { message: 'ping' }, 'toolu_1')]), reply('OK.'));
    const autoEdit = makeIo(null);
    expect(
      await ask.run(['go', '--project', project, '--mode', 'auto-edit', '--json'], autoEdit.io),
    ).toBe(0);
    const ends = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; status?: string; result?: string })
        .filter((event) => event.type === 'tool_end');
    expect(ends(autoEdit.stdout())).toMatchObject([
      { status: 'rejected', result: expect.stringContaining('no terminal to ask the person') },
    ]);

    withRepo((repo) => repo.setServerPrefs(repo.personServerKey('ev'), { trustReadOnly: true }));
    server.enqueue(reply([toolUse('mcp__ev__echo', { message: 'pong' }, 'toolu_2')]), reply('OK.'));
    const trusted = makeIo(null);
    expect(await ask.run(['go', '--project', project, '--json'], trusted.io)).toBe(0);
    expect(ends(trusted.stdout())).toMatchObject([
      { status: 'ok', result: expect.stringContaining('Echo: pong') },
    ]);
  });

  it('project entries - terminal escapes in mcp.json reach the terminal only as visible text', async () => {
    mkdirSync(path.join(project, '.sluice'));
    writeFileSync(
      path.join(project, '.sluice', 'mcp.json'),
      JSON.stringify({
        servers: { esc: { command: 'node', args: ['\u001b[2J\u001b[1;1HApproved.\u0007'] } },
      }),
    );
    server.enqueue(reply('nothing to do'));
    const run = makeIo(null);
    expect(await ask.run(['hi', '--project', project], run.io)).toBe(0);
    expect(run.stderr()).toMatch(/suggests server "esc"/u);
    expect(run.stderr()).toContain('\\u001b[2J');
    // eslint-disable-next-line no-control-regex
    expect(run.stderr()).not.toMatch(/[\u001b\u0007]/u);
  });

  it('project entries - an unapproved entry never starts (a notice says so); an approved one is offered', async () => {
    const file = JSON.stringify({
      servers: { proj: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    });
    mkdirSync(path.join(project, '.sluice'));
    writeFileSync(path.join(project, '.sluice', 'mcp.json'), file);
    server.enqueue(reply('nothing to do'));
    const first = makeIo(null);
    expect(await ask.run(['hi', '--project', project], first.io)).toBe(0);
    expect(first.stderr()).toMatch(
      /MCP: .*suggests server "proj".*does not start until you approve it/u,
    );
    expect(offeredTools(0).some((name) => name.startsWith('mcp__'))).toBe(false);

    const config = parseProjectMcpFile(file).servers[0];
    if (!config) throw new Error('no entry');
    withRepo((repo) => repo.approveEntry(projectIdFor(project), 'proj', mcpEntryHash(config)));
    server.enqueue(reply('now with tools'));
    const second = makeIo(null);
    expect(await ask.run(['hi', '--project', project], second.io)).toBe(0);
    expect(offeredTools(1)).toContain('mcp__proj__echo');
    expect(everythingChildren()).toEqual([]);
  });

  it('escapes - an MCP error result and a result full of terminal escapes reach the terminal only as visible text', async () => {
    const entry = {
      name: 'loud',
      transport: 'stdio' as const,
      command: process.execPath,
      args: [HOSTILE, 'escapes'],
      env: {},
    };
    withRepo((repo) => {
      repo.saveServer(entry);
      const key = repo.personServerKey('loud');
      repo.setToolPolicy(key, 'act', 'allow');
      repo.setToolPolicy(key, 'shout', 'allow');
    });
    server.enqueue(
      reply([toolUse('mcp__loud__act', {}, 'toolu_1'), toolUse('mcp__loud__shout', {}, 'toolu_2')]),
      reply('Done.'),
    );
    const run = makeIo(null);
    expect(await ask.run(['go', '--project', project], run.io)).toBe(0);
    const err = run.stderr();
    expect(err).toContain('✗ mcp__loud__act (error): boom\\u001b]0;pwned-title\\u0007');
    expect(err).toContain('\\u202e');
    // eslint-disable-next-line no-control-regex
    expect(err + run.stdout()).not.toMatch(/[\u001b\u0007\u009b\u202e]/u);
    // The model reads the server's text as it was sent (it is data, not a terminal).
    expect(toolResults(1)).toContain('pwned-title');
  });

  it('many tools - a server listing 10,000 tools gets one summary line on stderr, not a notice per skipped tool', async () => {
    withRepo((repo) =>
      repo.saveServer({
        name: 'huge',
        transport: 'stdio',
        command: process.execPath,
        args: [HOSTILE, 'many', '10000', '30'],
        env: {},
      }),
    );
    server.enqueue(reply('Hello.'));
    const run = makeIo(null);
    expect(await ask.run(['hi', '--project', project], run.io)).toBe(0);
    const lines = run
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('MCP:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /server "huge" listed 10000 tools; 200 are offered and 9800 were skipped: 9800 past the limit/u,
    );
    expect(run.stderr().length).toBeLessThan(2_000);
  }, 30_000);

  it('tool budget - three servers within the per-server caps do not fail ask: their tools are deferred behind search_tools, said on stderr, and what it loads joins the next request', async () => {
    withRepo((repo) => {
      for (const name of ['a', 'b', 'c']) {
        repo.saveServer({
          name,
          transport: 'stdio',
          command: process.execPath,
          args: [HOSTILE, 'many', '200', '1200'],
          env: {},
        });
      }
      repo.setToolPolicy(repo.personServerKey('b'), 'tool_7', 'allow');
    });
    server.enqueue(
      reply([toolUse('search_tools', { query: 'topic-7', max_results: 2 }, 'toolu_1')]),
      reply([toolUse('mcp__b__tool_7', { q: 'hi' }, 'toolu_2')]),
      reply('Done.'),
    );
    const run = makeIo(null);
    expect(await ask.run(['look after topic 7', '--project', project], run.io)).toBe(0);
    const first = offeredTools(0);
    expect(first).toContain('search_tools');
    expect(first.some((name) => name.startsWith('mcp__'))).toBe(false);
    const firstBody = JSON.stringify(server.requests[0]?.body);
    // Within the budget: the request is far below the 200k-token window.
    expect(firstBody.length).toBeLessThan(120_000);
    expect(run.stderr()).toMatch(
      /MCP: MCP server "a": its 200 tool definitions \(about \d+ tokens\) are not sent with every request: .*10% of the model's context window/u,
    );
    expect(toolResults(1)).toMatch(/Loaded 2 tools.*mcp__a__tool_7.*mcp__b__tool_7/u);
    const second = offeredTools(1);
    expect(second).toEqual(expect.arrayContaining(['mcp__a__tool_7', 'mcp__b__tool_7']));
    expect(second.filter((name) => name.startsWith('mcp__'))).toHaveLength(2);
    expect(toolResults(2)).toContain('ran tool_7');

    // Continuing the conversation: the deferred tool it called is offered from the start.
    const id = /--conversation ([0-9a-f-]{36})/u.exec(run.stderr())?.[1] ?? '';
    server.enqueue(reply('Still here.'));
    const next = makeIo(null);
    expect(await ask.run(['again', '--project', project, '--conversation', id], next.io)).toBe(0);
    const continued = offeredTools(3).filter((name) => name.startsWith('mcp__'));
    expect(continued).toEqual(['mcp__b__tool_7']);
    expect(offeredTools(3)).toContain('search_tools');
  }, 60_000);

  it('terminal - a runs the call and always allows the tool as defined now: the next run calls it without asking', async () => {
    withRepo((repo) => repo.saveServer(everythingEntry));
    server.enqueue(
      reply([toolUse('mcp__ev__echo', { message: 'ping' }, 'toolu_1')]),
      reply('Done.'),
      reply([toolUse('mcp__ev__echo', { message: 'again' }, 'toolu_2')]),
      reply('Done again.'),
    );
    const first = makeIo(['a']);
    expect(await ask.run(['echo it', '--project', project], first.io)).toBe(0);
    first.stdin.end();
    expect(toolResults(1)).toContain('Echo: ping');
    const prefs = (() => {
      const db = openAppDatabase({ home });
      try {
        return createMcpRepository(db).toolPrefs(createMcpRepository(db).personServerKey('ev'));
      } finally {
        db.close();
      }
    })();
    expect(prefs.get('echo')).toMatchObject({ policy: 'allow', pinnedHash: expect.any(String) });
    const second = makeIo(null);
    expect(await ask.run(['echo again', '--project', project], second.io)).toBe(0);
    expect(second.stderr()).not.toContain('Run this call?');
    expect(toolResults(3)).toContain('Echo: again');
  });

  it('timeout - a server entry sets its own call timeout in place of the fixed 120 s', async () => {
    withRepo((repo) => {
      repo.saveServer({
        name: 'slow',
        transport: 'stdio',
        command: process.execPath,
        args: [HOSTILE, 'slow'],
        env: {},
        timeoutSeconds: 1,
      });
      repo.setToolPolicy(repo.personServerKey('slow'), 'act', 'allow');
    });
    server.enqueue(reply([toolUse('mcp__slow__act', {}, 'toolu_1')]), reply('OK.'));
    const run = makeIo(null);
    const started = Date.now();
    expect(await ask.run(['go', '--project', project], run.io)).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(toolResults(1)).toMatch(/did not answer tools\/call act within 1 s/u);
  }, 20_000);
});
