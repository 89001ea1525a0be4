// kill -9 of `sluice ask --mode propose --executor container` while a command runs in the
// run's container (issue 33): the next Sluice process (`sluice proposals`) marks the set
// failed and removes the container and the run's image, found by their labels; the project
// never changed. The engine is reached through DOCKER_HOST on a non-default Unix socket.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
} from 'vitest';
import type { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';
import { HOME_LABEL, homeLabel } from '../../src/main/core/runs/container-engine';
import {
  reply,
  stallAfterText,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { startTestEngine, type TestEngine } from '../support/test-container-engine';

const REPO = path.resolve(__dirname, '../..');
const started = await startTestEngine();
if ('skip' in started) console.warn(`container kill test skipped: ${started.skip}`);
const engine = 'skip' in started ? null : (started as TestEngine);
const SLEEP = 'sleep 93.17';
let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeAll(() => {
  if (!engine) return;
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 120_000);
afterAll(async () => {
  await engine?.stop();
});

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-ctrkill-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ctrkill-home-'));
  writeFileSync(path.join(project, 'b.js'), 'export const b = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function labelled(): Promise<{ containers: string[]; images: string[] }> {
  const docker = engine?.engine.docker;
  if (!docker) return { containers: [], images: [] };
  const filters = JSON.stringify({ label: [`${HOME_LABEL}=${homeLabel(home)}`] });
  return {
    containers: (await docker.listContainers({ all: true, filters })).map((c) => c.Id),
    images: (await docker.listImages({ filters })).map((i) => i.Id),
  };
}

describe.skipIf(!engine)('sluice ask --executor container: kill -9 mid-command', () => {
  it('kill -9 while a command runs in the container - the next start fails the set and leaves no container or image', async () => {
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
      DOCKER_HOST: engine?.dockerHost,
    };
    const child = spawn(
      process.execPath,
      [
        path.join(REPO, 'bin/sluice.js'),
        ...['ask', 'go', '--mode', 'propose', '--project', project],
        ...['--executor', 'container', '--image', engine?.image ?? ''],
        ...['--allow-command', 'touch started', '--allow-command', SLEEP],
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    onTestFinished(() => {
      child.kill('SIGKILL');
    });
    await waitFor(async () => /Change set [0-9a-f-]{36}/u.test(stderr), 'the change set id');
    const id = /Change set ([0-9a-f-]{36}) \(running\)/u.exec(stderr)?.[1] as string;
    // The command has started when the container's changes list the file it touched.
    await waitFor(async () => {
      for (const container of (await labelled()).containers) {
        // A container being made or committed meanwhile answers with an error: not yet.
        const changes = ((await engine?.engine.docker
          .getContainer(container)
          .changes()
          .catch(() => [])) ?? []) as { Path?: string }[];
        if (changes.some((c) => c.Path?.endsWith('/started'))) return true;
      }
      return false;
    }, `the command to start in the container (${stderr})`);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await labelled()).containers.length).toBe(1);
    expect(readFileSync(path.join(project, 'b.js'), 'utf8')).toBe('export const b = 1;\n');

    const out: string[] = [];
    const io: CliIo = {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: () => undefined },
      stdin: Readable.from([]) as Readable & { isTTY?: boolean },
      env: { SLUICE_HOME: home, DOCKER_HOST: engine?.dockerHost },
      cwd: os.tmpdir(),
    };
    expect(await main(['proposals', '--project', project, '--json'], io)).toBe(0);
    const set = JSON.parse(out.join('').split('\n')[0] as string) as { id: string; status: string };
    expect(set).toMatchObject({ id, status: 'failed' });
    expect(await labelled()).toEqual({ containers: [], images: [] });
  }, 180_000);
});
