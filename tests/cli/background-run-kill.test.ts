// kill -9 of `sluice ask --mode propose` while a command runs in the run's private copy
// (issue 19): the command's processes die with it, nothing stays mounted anywhere, and the
// next Sluice process marks the set failed and removes the copy.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { detectCopySupport } from '../../src/main/core/sandbox/copy-mount';
import { runCopyFor } from '../../src/main/core/sandbox/run-copy';
import {
  reply,
  stallAfterText,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';

const REPO = path.resolve(__dirname, '../..');
const canRun = detectBubblewrap().available && detectCopySupport().available;
// An unusual duration, so no other process on the machine is mistaken for the command's.
const SLEEP = 'sleep 97.31';
let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeAll(() => {
  if (!canRun) return;
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 120_000);

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-bgkill-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-bgkill-home-'));
  writeFileSync(path.join(project, 'b.js'), 'export const b = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Pids whose command line is the test's sleep. */
function sleepers(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/u.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (argv === SLEEP) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Processes in whose mount namespace something is mounted on `dir`. */
function mountedAnywhere(dir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/u.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/mountinfo`, 'utf8').includes(` ${dir} `))
        found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

describe.skipIf(!canRun)('sluice ask --mode propose: kill -9 mid-command', () => {
  it('kill -9 while a command runs in the copy - no process, no mount; the next start fails the set and removes the copy', async () => {
    server.enqueue(
      reply([toolUse('edit_file', { path: 'b.js', content: 'export const b = 2;\n' })]),
      reply([
        toolUse('run_command', {
          command: `touch started && ${SLEEP}`,
          description: 'a long check',
        }),
      ]),
      stallAfterText('still working'),
    );
    const env = {
      ...process.env,
      ANTHROPIC_API_KEY: 'k',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: home,
    };
    const child = spawn(
      process.execPath,
      [
        path.join(REPO, 'bin/sluice.js'),
        'ask',
        'go',
        '--mode',
        'propose',
        '--project',
        project,
        '--allow-command',
        'touch started',
        '--allow-command',
        SLEEP,
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await waitFor(() => /Change set [0-9a-f-]{36}/u.test(stderr), 'the change set id');
    const id = /Change set ([0-9a-f-]{36}) \(running\)/u.exec(stderr)?.[1] as string;
    const copy = runCopyFor(home, id);
    await waitFor(() => existsSync(path.join(copy.upper, 'started')), 'the command to start');
    await waitFor(() => sleepers().length > 0, 'the sleep to run');
    expect(mountedAnywhere(copy.merged).length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    await waitFor(() => sleepers().length === 0, 'the command to die with Sluice', 10_000);
    await waitFor(() => mountedAnywhere(copy.merged).length === 0, 'the mount to vanish', 10_000);
    expect(readFileSync(path.join(project, 'b.js'), 'utf8')).toBe('export const b = 1;\n');
    expect(existsSync(path.join(project, 'started'))).toBe(false);

    const out: string[] = [];
    const io: CliIo = {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: () => undefined },
      stdin: Readable.from([]) as Readable & { isTTY?: boolean },
      env: { SLUICE_HOME: home },
      cwd: os.tmpdir(),
    };
    expect(await main(['proposals', '--project', project, '--json'], io)).toBe(0);
    const set = JSON.parse(out.join('').split('\n')[0] as string) as { id: string; status: string };
    expect(set).toMatchObject({ id, status: 'failed' });
    expect(existsSync(copy.dir)).toBe(false);
  }, 90_000);
});
