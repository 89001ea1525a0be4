// Background runs' private copy (issue 19 "Measured"): on a 3,000-file project with a 300 MB
// node_modules, the time and disk a run's copy takes against a plain `cp -r` of the project
// without its dependencies, and a sandboxed `npm test` in the copy against the same command
// in the live project (goal ≤ 1.3×). Medians of alternating runs after one warm-up each.
// BACKGROUND_BENCH_MODULES_MB scales node_modules down on a small disk.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectBubblewrap, type SandboxAvailability } from '../src/main/core/sandbox/bubblewrap';
import { runCommand } from '../src/main/core/commands/command-runner';
import { copyMountOf, detectCopySupport } from '../src/main/core/sandbox/copy-mount';
import { createRunCopy, removeRunCopy, type RunCopy } from '../src/main/core/sandbox/run-copy';
import type { BenchTable } from './bench-table';
import { runContainerBench } from './container-bench';

const FILES = 3_000;
const MODULES_MB = Number(process.env.BACKGROUND_BENCH_MODULES_MB ?? 300);
const RUNS = Number(process.env.BACKGROUND_BENCH_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function diskKb(dir: string): number {
  return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]);
}

function makeProject(root: string): void {
  for (let i = 0; i < FILES - 3; i += 1) {
    const dir = path.join(root, 'src', `m${i % 60}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, `f${i}.js`),
      `export const v${i} = ${i};\n${'// filler line for a realistic size\n'.repeat(30)}`,
    );
  }
  mkdirSync(path.join(root, 'test'));
  writeFileSync(
    path.join(root, 'test/sum.test.js'),
    "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\ntest('adds', () => assert.equal(2 + 3, 5));\n",
  );
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'bench',
      private: true,
      type: 'module',
      scripts: { test: 'node --test test/' },
    }),
  );
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  const chunk = Buffer.alloc(1024 * 1024, 7);
  for (let i = 0; i < MODULES_MB; i += 1) {
    const dir = path.join(root, 'node_modules', `pkg${i % 100}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `blob${i}.bin`), chunk);
  }
}

async function npmTest(
  root: string,
  sandbox: SandboxAvailability,
  copy?: RunCopy,
): Promise<number> {
  const started = performance.now();
  const result = await runCommand({
    command: 'npm test',
    root,
    cwd: root,
    timeoutMs: 120_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
    ...(copy ? { copy: copyMountOf(root, copy) } : {}),
  });
  const elapsed = performance.now() - started;
  if (result.end.kind !== 'exited' || result.end.code !== 0)
    throw new Error(`npm test failed (${JSON.stringify(result.end)}): ${result.output.view}`);
  return elapsed;
}

export async function run(): Promise<BenchTable[]> {
  // Container runs (issue 33): start-up against the local copy, and 8 at once.
  // BACKGROUND_BENCH_ONLY=container skips the copy's 300 MB project.
  const copies = process.env.BACKGROUND_BENCH_ONLY === 'container' ? [] : await copyBench();
  return [...copies, ...(await runContainerBench())];
}

async function copyBench(): Promise<BenchTable[]> {
  const sandbox = detectBubblewrap();
  const copies = detectCopySupport();
  if (!sandbox.available || !copies.available)
    return [
      {
        title: 'background run copy',
        columns: ['measure', 'result'],
        rows: [['(all)', `skipped: ${sandbox.available ? copies.detail : sandbox.detail}`]],
      },
    ];
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-background-bench-')));
  try {
    const project = path.join(base, 'project');
    const home = path.join(base, 'home');
    makeProject(project);
    // The copy: folders only; the project is its lower layer.
    const created: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const started = performance.now();
      createRunCopy(home, id);
      created.push(performance.now() - started);
      removeRunCopy(home, id);
    }
    const copy = createRunCopy(home, '00000000-0000-4000-8000-0000000000ff');
    const cpTimes: number[] = [];
    let cpKb = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const target = path.join(base, `cp-${i}`);
      const started = performance.now();
      execFileSync('sh', [
        '-c',
        'mkdir "$2" && cd "$1" && cp -r src test package.json .gitignore "$2"/',
        'sh',
        project,
        target,
      ]);
      cpTimes.push(performance.now() - started);
      cpKb = diskKb(target);
      rmSync(target, { recursive: true, force: true });
    }
    // npm test: live vs in the copy, both sandboxed.
    await npmTest(project, sandbox);
    await npmTest(project, sandbox, copy);
    const live: number[] = [];
    const inCopy: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      live.push(await npmTest(project, sandbox));
      inCopy.push(await npmTest(project, sandbox, copy));
    }
    const copyKb = diskKb(copy.dir);
    const l = median(live);
    const c = median(inCopy);
    return [
      {
        title: `background run copy: ${FILES} files + ${MODULES_MB} MB node_modules`,
        columns: ['method', 'median ms', 'disk KB', 'vs cp -r (time)'],
        rows: [
          [
            'run copy (overlay folders)',
            median(created),
            diskKb(copy.dir),
            median(created) / median(cpTimes),
          ],
          ['cp -r without node_modules', median(cpTimes), cpKb, 1],
        ],
        notes: [
          `the copy's disk after ${RUNS + 1} npm test runs in it: ${copyKb} KB (what the runs wrote)`,
        ],
      },
      {
        title: 'sandboxed npm test: in the copy vs live (goal ≤ 1.3×)',
        columns: ['where', 'median ms', 'ratio'],
        rows: [
          ['live project', l, 1],
          ['run copy (overlay mounted per command)', c, c / l],
        ],
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
