// Container runs (issue 33 "Measured", part of `npm run bench -- background`): the start-up of
// a run in a container against a run in the local copy on the same task (make the copy, run
// its first command: `npm test` of a small project), and 8 container runs at once on this
// machine's cores, each editing and testing its own file: all complete, none sees another's
// files. The engine is DOCKER_HOST's, else a Podman API service started for the bench; the
// image is scripts/build-test-image.sh's (never pulled).
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectBubblewrap } from '../src/main/core/sandbox/bubblewrap';
import { createContainerRunExecutor } from '../src/main/core/runs/container-executor';
import type { RunExecutor } from '../src/main/core/commands/run-executor';
import { createLocalRunExecutor } from '../src/main/core/runs/local-run-executor';
import { detectCopySupport } from '../src/main/core/sandbox/copy-mount';
import { startTestEngine } from '../tests/support/test-container-engine';
import type { BenchTable } from './bench-table';

const RUNS = Number(process.env.BACKGROUND_BENCH_RUNS ?? 5);
const PARALLEL = 8;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function makeProject(root: string): void {
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'test'), { recursive: true });
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'b',
      private: true,
      type: 'module',
      scripts: { test: 'node --test test/' },
    }),
  );
  for (let i = 0; i < 50; i += 1)
    writeFileSync(path.join(root, 'src', `m${i}.js`), `export const v${i} = ${i};\n`);
  writeFileSync(
    path.join(root, 'test/a.test.js'),
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { v1 } from '../src/m1.js';\ntest('v1', () => assert.equal(v1, 1));\n",
  );
}

async function firstCommand(executor: RunExecutor, root: string, command: string) {
  const id = randomUUID();
  const started = performance.now();
  const copy = executor.prepare(id, null, { root, allowNetwork: false, timeoutMs: 300_000 });
  const run = await executor.run(copy, {
    command,
    root,
    cwd: root,
    timeoutMs: 120_000,
    network: false,
    sandbox: executor.sandbox ?? detectBubblewrap(),
    signal: new AbortController().signal,
  });
  const elapsed = performance.now() - started;
  return { id, copy, run, elapsed };
}

export async function runContainerBench(): Promise<BenchTable[]> {
  const engine = await startTestEngine();
  if ('skip' in engine)
    return [
      {
        title: 'container runs',
        columns: ['measure', 'result'],
        rows: [['(all)', `skipped: ${engine.skip}`]],
      },
    ];
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-container-bench-')));
  try {
    const project = path.join(base, 'project');
    const home = path.join(base, 'home');
    makeProject(project);
    const container = createContainerRunExecutor({
      home,
      engine: engine.engine,
      image: { ref: engine.image, source: 'bench image' },
      env: { PATH: '/usr/bin:/bin' },
    });
    const localWorks = detectBubblewrap().available && detectCopySupport().available;
    const local = createLocalRunExecutor(home);
    const inContainer: number[] = [];
    const inCopy: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const c = await firstCommand(container, project, 'npm test');
      if (c.run.end.kind !== 'exited' || c.run.end.code !== 0)
        throw new Error(`npm test in the container failed: ${c.run.output.view}`);
      inContainer.push(c.elapsed);
      await container.release?.(c.id);
      if (!localWorks) continue;
      const l = await firstCommand(local, project, 'npm test');
      inCopy.push(l.elapsed);
      local.remove(l.id);
    }
    // 8 at once: each writes its own file, tests, and lists what it changed.
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const id = randomUUID();
        const copy = container.prepare(id, null, {
          root: project,
          allowNetwork: false,
          timeoutMs: 300_000,
        });
        container.writeFile(
          copy,
          `src/own-${i}.js`,
          Buffer.from(`export const own = ${i};\n`),
          0o644,
        );
        const run = await container.run(copy, {
          command: `npm test && ls src`,
          root: project,
          cwd: project,
          timeoutMs: 300_000,
          network: false,
          sandbox: container.sandbox ?? detectBubblewrap(),
          signal: new AbortController().signal,
        });
        const scan = await container.scan(copy, () => false);
        await container.release?.(id);
        const others = Array.from({ length: PARALLEL }, (_x, j) => `own-${j}.js`).filter(
          (name, j) => j !== i && run.output.view.includes(name),
        );
        return {
          passed: run.end.kind === 'exited' && run.end.code === 0,
          isolated: others.length === 0 && [...scan.keys()].join() === `src/own-${i}.js`,
        };
      }),
    );
    const wall = performance.now() - started;
    const c = median(inContainer);
    const l = median(inCopy);
    return [
      {
        title: 'container run start-up: make the copy + first `npm test` (same small project)',
        columns: ['executor', 'median ms', 'ratio'],
        rows: [
          ...(localWorks
            ? [['local copy (overlay + bubblewrap)', l, 1] as (string | number)[]]
            : []),
          [`container (${engine.dockerHost})`, c, localWorks ? c / l : 'n/a'],
        ],
      },
      {
        title: `${PARALLEL} container runs at once on ${os.cpus().length} cores`,
        columns: ['measure', 'result'],
        rows: [
          [
            'completed with npm test passing',
            `${results.filter((r) => r.passed).length}/${PARALLEL}`,
          ],
          ['saw only their own files', `${results.filter((r) => r.isolated).length}/${PARALLEL}`],
          ['wall time ms', wall],
        ],
      },
    ];
  } finally {
    await engine.stop();
    rmSync(base, { recursive: true, force: true });
  }
}
