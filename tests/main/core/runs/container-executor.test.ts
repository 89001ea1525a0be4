// Container runs (issue 33) against a real Podman engine reached through DOCKER_HOST on a
// non-default Unix socket, with an image built from this machine's node (never pulled): a
// run that edits and runs `npm test` gives the same change set as the local copy; the network
// is off, no secret reaches the container and nothing it writes reaches the host; two runs at
// once stay separate; a run's container and image are gone when it ends.
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { createContainerRunExecutor } from '../../../../src/main/core/runs/container-executor';
import type { RunExecutor } from '../../../../src/main/core/commands/run-executor';
import { startProposalRun } from '../../../../src/main/core/proposals/run-proposal';
import { HOME_LABEL, homeLabel } from '../../../../src/main/core/runs/container-engine';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { StoredChangeSet } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { readRunPlacement } from '../../../../src/main/core/store/run-placement-repository';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  reply,
  text,
  toolUse,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';
import { startTestEngine, type TestEngine } from '../../../support/test-container-engine';

const started = await startTestEngine();
if ('skip' in started) console.warn(`container executor tests skipped: ${started.skip}`);
const engine = 'skip' in started ? null : (started as TestEngine);
const localToo = detectBubblewrap().available && detectCopySupport().available;

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let server: FakeAnthropicServer;

const SUM_TEST = `import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { sum } from '../src/sum.js';

test('sum adds', () => {
  writeFileSync(new URL('./sum.snap', import.meta.url), String(sum(2, 3)) + '\\n');
  mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../dist/out.txt', import.meta.url), 'built\\n');
  assert.equal(sum(2, 3), 5);
});
`;

function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      const abs = path.join(dir, child);
      if (statSync(abs).isDirectory()) visit(child);
      else out[child] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    }
  };
  visit('');
  return out;
}

afterAll(async () => {
  await engine?.stop();
});

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-ctr-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  mkdirSync(path.join(project, 'test'), { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({
      name: 'p',
      private: true,
      type: 'module',
      scripts: { test: 'node --test test/' },
    }),
  );
  writeFileSync(path.join(project, '.gitignore'), 'dist/\n');
  writeFileSync(
    path.join(project, 'src/sum.js'),
    'export function sum(a, b) {\n  return a - b;\n}\n',
  );
  writeFileSync(path.join(project, 'test/sum.test.js'), SUM_TEST);
  db = openAppDatabase({ home });
});

afterEach(async () => {
  db.close();
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

async function drain(run: ReturnType<typeof startProposalRun>): Promise<StoredChangeSet> {
  for (;;) {
    const next = await run.events.next();
    if (next.done) return next.value;
  }
}

const npmTest = () => toolUse('run_command', { command: 'npm test', description: 'run the tests' });

async function fixRun(executor?: RunExecutor): Promise<StoredChangeSet> {
  server.enqueue(
    reply([npmTest()]),
    reply([
      toolUse('edit_file', {
        path: 'src/sum.js',
        edits: [{ old_text: 'a - b', new_text: 'a + b' }],
      }),
    ]),
    reply([npmTest()]),
    reply([text('Fixed sum; the tests pass.')]),
  );
  const workspace = await Workspace.open(project);
  return drain(
    startProposalRun(
      {
        db,
        workspace,
        createClient: () =>
          createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
        model: 'claude-test',
        background: { home, parallel: 2, ...(executor ? { executor } : {}) },
      },
      { prompt: 'fix sum', allowCommands: ['npm test'] },
    ),
  );
}

function containerExecutor(env: NodeJS.ProcessEnv = {}): RunExecutor {
  if (!engine) throw new Error('no engine');
  return createContainerRunExecutor({
    home,
    engine: engine.engine,
    image: { ref: engine.image, source: 'test image' },
    env: { PATH: '/usr/bin:/bin', ...env },
    limits: { memoryBytes: 512 * 1024 * 1024, cpus: 1, processes: 256 },
  });
}

async function ownContainers(): Promise<number> {
  if (!engine) return 0;
  const filters = JSON.stringify({ label: [`${HOME_LABEL}=${homeLabel(home)}`] });
  const containers = await engine.engine.docker.listContainers({ all: true, filters });
  const images = await engine.engine.docker.listImages({ filters });
  return containers.length + images.length;
}

const signal = new AbortController().signal;
const context = (root: string) => ({ root, allowNetwork: false, timeoutMs: 120_000 });
const runIn = (executor: RunExecutor, copy: ReturnType<RunExecutor['prepare']>, command: string) =>
  executor.run(copy, {
    command,
    root: project,
    cwd: project,
    timeoutMs: 30_000,
    network: false,
    sandbox: { available: true, detail: 'container', kind: 'container' },
    signal,
  });

describe.skipIf(!engine)('container executor', () => {
  it('container run - edits and npm test in the container give the same change set as the local copy; the project never changes', async () => {
    const before = fingerprint(project);
    const inContainer = await fixRun(containerExecutor());
    expect(fingerprint(project)).toEqual(before);
    expect(inContainer.status).toBe('proposed');
    expect(inContainer.commands.map((c) => [c.command, c.outcome, c.exitCode, c.passed])).toEqual([
      ['npm test', 'ran', 1, false],
      ['npm test', 'ran', 0, true],
    ]);
    expect(inContainer.files.map((f) => [f.path, f.finalText])).toEqual([
      ['src/sum.js', 'export function sum(a, b) {\n  return a + b;\n}\n'],
      ['test/sum.snap', '5\n'],
    ]);
    const placement = readRunPlacement(db, inContainer.id);
    expect(placement).toMatchObject({ executor: 'container', engine: engine?.dockerHost });
    expect(placement?.image).toContain(engine?.image);
    expect(placement?.containerId).toMatch(/^[0-9a-f]{12,}$/u);
    // The run gave its container and image back when it ended.
    expect(await ownContainers()).toBe(0);
    if (!localToo) return;
    const local = await fixRun();
    const shape = (set: StoredChangeSet) => ({
      files: set.files.map((f) => ({
        path: f.path,
        isNewFile: f.isNewFile,
        finalText: f.finalText,
        hunks: f.hunks.map((h) => h.lines),
      })),
      commands: set.commands.map((c) => [c.command, c.outcome, c.exitCode, c.passed]),
      unapplied: set.unapplied,
    });
    expect(shape(inContainer)).toEqual(shape(local));
  }, 180_000);

  it('confinement - no network, no secret from the environment, nothing written reaches the host', async () => {
    const executor = containerExecutor({
      SLUICE_CANARY_TOKEN: 'canary-3141',
      ANTHROPIC_API_KEY: 'sk-secret',
    });
    const id = randomUUID();
    const copy = executor.prepare(id, null, context(project));
    const marker = path.join(temp, 'marker');
    const inProject = path.join(project, 'marker');
    writeFileSync(
      path.join(project, 'planted.cjs'),
      `const fs = require('fs');
const os = require('os');
for (const file of [${JSON.stringify(marker)}, ${JSON.stringify(inProject)}]) {
  try { fs.writeFileSync(file, 'x'); console.log('wrote ' + file); } catch (e) { console.log('refused ' + e.code); }
}
console.log('interfaces=' + Object.keys(os.networkInterfaces()).join(','));
console.log('env=' + Object.keys(process.env).sort().join(','));
console.log('canary=' + (process.env.SLUICE_CANARY_TOKEN ?? 'none'));
console.log('uid=' + process.getuid());
require('net').connect(80, '1.1.1.1').on('error', (e) => console.log('connect=' + e.code)).on('connect', () => console.log('connect=ok'));
`,
    );
    const run = await runIn(executor, copy, 'node planted.cjs');
    const out = run.output.view;
    expect(run.end, out).toEqual({ kind: 'exited', code: 0 });
    expect(out).toContain('interfaces=lo');
    expect(out).not.toContain('connect=ok');
    expect(out).toContain('canary=none');
    expect(out).not.toContain('sk-secret');
    expect(out).not.toContain('ANTHROPIC');
    expect(out).not.toMatch(/uid=0\b/u);
    // The marker landed in the container's own file system, never on the host.
    expect(out).toContain(`wrote ${inProject}`);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(inProject)).toBe(false);
    await executor.release?.(id);
    expect(await ownContainers()).toBe(0);
  }, 120_000);

  it('two runs at once - each sees its own files only', async () => {
    const executor = containerExecutor();
    const ids = [randomUUID(), randomUUID()];
    const copies = ids.map((id) => executor.prepare(id, null, context(project)));
    await Promise.all(
      copies.map(async (copy, i) => {
        executor.writeFile(copy, `mine-${i}.txt`, Buffer.from(`run ${i}\n`), 0o644);
        const run = await runIn(executor, copy, `cat mine-${i}.txt; ls; echo made-${i} > out.txt`);
        expect(run.output.view).toContain(`run ${i}`);
        expect(run.output.view).not.toContain(`mine-${1 - i}`);
      }),
    );
    for (const [i, copy] of copies.entries()) {
      const scan = await executor.scan(copy, () => false);
      expect([...scan.keys()].sort()).toEqual([`mine-${i}.txt`, 'out.txt']);
      expect((await executor.readFile(copy, 'out.txt'))?.toString()).toBe(`made-${i}\n`);
    }
    for (const id of ids) await executor.release?.(id);
    expect(await ownContainers()).toBe(0);
  }, 120_000);

  it('timeout - a command past its time is ended, and the next command runs in the same files', async () => {
    const executor = containerExecutor();
    const id = randomUUID();
    const copy = executor.prepare(id, null, context(project));
    executor.writeFile(copy, 'kept.txt', Buffer.from('kept\n'), 0o644);
    const slow = await executor.run(copy, {
      command: 'sleep 30',
      root: project,
      cwd: project,
      timeoutMs: 1_000,
      network: false,
      sandbox: { available: true, detail: 'container', kind: 'container' },
      signal,
    });
    expect(slow.end).toEqual({ kind: 'timed_out', afterMs: 1_000 });
    expect(slow.durationMs).toBeLessThan(15_000);
    const next = await runIn(executor, copy, 'cat kept.txt; rm src/sum.js');
    expect(next.output.view).toContain('kept');
    const scan = await executor.scan(copy, () => false);
    expect(scan.get('src/sum.js')).toEqual({ kind: 'deleted' });
    await executor.release?.(id);
  }, 120_000);
});
