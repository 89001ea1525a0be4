// `sluice tool run_command` end to end through main(): --yes runs a sandboxed command once,
// without a terminal or --yes nothing runs, and the terminal prompt for commands.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';
import { openCliSession } from '../../support/cli-session';
import { createTerminalApprover } from '../../../src/cli/terminal-approval';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createNetworkRuleRepository } from '../../../src/main/core/shell/network-rule-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { createRunCommandTool } from '../../../src/main/core/tools/run-command';
import { runTool } from '../../../src/main/core/tools/tool';
import { Workspace } from '../../../src/main/core/workspace/workspace';
import { detectBubblewrap } from '../../../src/main/core/sandbox/bubblewrap';
import type { CommandApprovalRequest } from '../../../src/shared/command-approvals';

const itSandboxed = detectBubblewrap().available ? it : it.skip;
let base: string;

function fakeIo(cwd: string) {
  let out = '';
  let err = '';
  const io: CliIo & { out(): string; err(): string } = {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin: Readable.from([]),
    env: { SLUICE_HOME: path.join(cwd, 'home') },
    cwd,
    out: () => out,
    err: () => err,
  };
  return io;
}

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-run-')));
  await mkdir(path.join(base, 'proj'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const input = (command: string) => JSON.stringify({ command, description: 'test' });

describe('sluice tool run_command', () => {
  itSandboxed('--yes - runs the sandboxed command once, exit 0, files listed', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'run_command', '--project', 'proj', '--yes', '--input', input('echo hi > made.txt')],
      io,
    );
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(await readFile(path.join(base, 'proj', 'made.txt'), 'utf8')).toBe('hi\n');
    expect(io.out()).toContain('+ made.txt');
  });

  itSandboxed('a failing command - exit 1 with its output', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'run_command', '--project', 'proj', '--yes', '--input', input('echo boom; exit 3')],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/exit code 3[\s\S]*boom/u);
  });

  itSandboxed('a network rule in the app DB - lets --yes reach only its host', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('HELLO');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const db = openAppDatabase({ home: path.join(base, 'home') });
      createNetworkRuleRepository(db).add(projectIdFor(path.join(base, 'proj')), [
        `127.0.0.1:${port}`,
      ]);
      db.close();
      const io = fakeIo(base);
      const curl = (p: number) => `curl -s -m 5 http://127.0.0.1:${p}/`;
      const code = await main(
        [
          'tool',
          'run_command',
          '--project',
          'proj',
          '--yes',
          '--input',
          input(`${curl(port)}; ${curl(port + 1)}`),
        ],
        io,
      );
      expect(code).toBe(0);
      expect(hits).toBe(1);
      expect(io.out()).toContain(`network: only 127.0.0.1:${port}`);
      expect(io.out()).toContain(
        `network requests allowed by the proxy: 1, to 127.0.0.1:${port} (1); refused: 1\n- 127.0.0.1:${port + 1} is not in the allowed host list`,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a network choice the gate refuses - rejects the command, never the wider network', async () => {
    const workspace = await Workspace.open(path.join(base, 'proj'));
    const io = fakeIo(base);
    const session = openCliSession({
      io,
      workspace,
      yes: false,
      approver: {
        ask: async () => ({ decision: { type: 'reject' } }),
        askCommand: async () => ({
          decision: { type: 'run_once', network: { type: 'hosts', hosts: ['http://bad/'] } },
        }),
        close: () => undefined,
      },
    });
    try {
      const result = await runTool(
        createRunCommandTool(),
        { command: 'touch made.txt', description: 'x', network: true },
        {
          workspace,
          signal: new AbortController().signal,
          commands: session.commands,
        },
      );
      expect(result.status).toBe('rejected');
      expect(result.content).toContain('the network chosen for this run was refused');
      expect(io.err()).toMatch(/not a host|outside the sandbox/u);
      expect(existsSync(path.join(base, 'proj', 'made.txt'))).toBe(false);
    } finally {
      session.close();
    }
  });

  it('no --yes and no terminal - nothing runs', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'run_command', '--project', 'proj', '--input', input('touch made.txt')],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/no terminal/u);
    expect(existsSync(path.join(base, 'proj', 'made.txt'))).toBe(false);
  });

  it('outside_sandbox with --yes and no terminal - refused, nothing runs', async () => {
    const io = fakeIo(base);
    const code = await main(
      [
        'tool',
        'run_command',
        '--project',
        'proj',
        '--yes',
        '--input',
        JSON.stringify({ command: 'touch made.txt', description: 'x', outside_sandbox: true }),
      ],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/outside a sandbox/u);
    expect(existsSync(path.join(base, 'proj', 'made.txt'))).toBe(false);
  });
});

describe('terminal approval - commands', () => {
  const request: CommandApprovalRequest = {
    approvalId: 'a1',
    commandHash: 'h',
    command: 'npm test',
    cwd: '',
    description: 'run the tests',
    sandboxed: true,
    sandboxDetail: 'bubblewrap',
    network: false,
    timeoutSeconds: 120,
    reason: 'no rule allows `npm test`',
    suggestedPrefixes: [['npm', 'test']],
  };
  const terminal = (answers: string[]) => {
    const stream = new PassThrough();
    stream.end(answers.map((a) => `${a}\n`).join(''));
    let output = '';
    const approver = createTerminalApprover({
      input: stream,
      output: { write: (t: string) => (output += t) },
      interactive: true,
    });
    return { approver, output: () => output };
  };

  it('a host-list network rule - the prompt says network: only those hosts', async () => {
    const t = terminal(['n']);
    await t.approver.askCommand?.({ ...request, networkHosts: ['registry.npmjs.org:443'] });
    expect(t.output()).toContain('network: only registry.npmjs.org:443');
  });

  it('shows command, folder, sandbox, network and the prefix; answers y, a, e, n', async () => {
    const t = terminal(['y']);
    await expect(t.approver.askCommand?.(request)).resolves.toEqual({
      decision: { type: 'run_once' },
    });
    expect(t.output()).toContain('$ npm test');
    expect(t.output()).toContain('network off');
    expect(t.output()).toContain('[a]lways allow "npm test"');
    await expect(terminal(['a']).approver.askCommand?.(request)).resolves.toEqual({
      decision: { type: 'always_allow' },
    });
    await expect(
      terminal(['e', 'npm test -- --run']).approver.askCommand?.(request),
    ).resolves.toEqual({
      decision: { type: 'edit', command: 'npm test -- --run' },
    });
    await expect(terminal(['n', 'flaky']).approver.askCommand?.(request)).resolves.toEqual({
      decision: { type: 'reject', reason: 'flaky' },
    });
  });

  it('Seatbelt - the prompt names the sandbox: "sandboxed (Seatbelt)"', async () => {
    const t = terminal(['y']);
    await t.approver.askCommand?.({
      ...request,
      sandboxName: 'Seatbelt',
      sandboxDetail: 'project writable, protected paths read-only',
    });
    expect(t.output()).toContain(
      'sandboxed (Seatbelt): project writable, protected paths read-only',
    );
    expect(t.output()).not.toContain('NOT SANDBOXED');
  });

  it('not sandboxed - says so and offers no "always"', async () => {
    const t = terminal(['a', 'n', '']);
    const answer = await t.approver.askCommand?.({
      ...request,
      sandboxed: false,
      sandboxDetail: 'bwrap missing',
      suggestedPrefixes: [],
    });
    expect(answer?.decision.type).toBe('reject');
    expect(t.output()).toContain('NOT SANDBOXED (bwrap missing): it runs with your full rights');
    expect(t.output().match(/not sandboxed/giu)).toHaveLength(1);
    expect(t.output()).not.toContain('[a]lways');
    expect(t.output()).not.toContain('[w] network');
  });

  it('w - sets the network of this run: only some hosts, then run once', async () => {
    const t = terminal(['w', 'h', 'registry.npmjs.org, *.example.com:8443', 'y']);
    await expect(t.approver.askCommand?.(request)).resolves.toEqual({
      decision: {
        type: 'run_once',
        network: { type: 'hosts', hosts: ['registry.npmjs.org', '*.example.com:8443'] },
      },
    });
    expect(t.output()).toContain(
      'Run it (network: only registry.npmjs.org, *.example.com:8443 for this run)?',
    );
  });

  it('w - off or full travels with always allow and edit; a bad answer asks again', async () => {
    await expect(
      terminal(['w', 'x', 'w', 'f', 'a']).approver.askCommand?.({
        ...request,
        networkHosts: ['registry.npmjs.org'],
      }),
    ).resolves.toEqual({ decision: { type: 'always_allow', network: { type: 'full' } } });
    await expect(
      terminal(['w', 'o', 'e', 'npm ci']).approver.askCommand?.({ ...request, network: true }),
    ).resolves.toEqual({ decision: { type: 'edit', command: 'npm ci', network: { type: 'off' } } });
    const t = terminal(['w', 'h', '']);
    expect((await t.approver.askCommand?.(request))?.decision.type).toBe('reject');
  });
});
