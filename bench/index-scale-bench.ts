// Symbol index at both ends of project size (issue 10), process to process against ctags:
// - small: `node bin/sluice.js index --project DIR` on a 250-file project (this repository's
//   own src/ and tests/) vs `ctags -R`, where worker start-up used to dominate (goal ≤ 3×);
// - large (SLUICE_BENCH_LARGE=1, several minutes): ≥ 50,000 TS files, ten numbered copies of
//   index-bench's node_modules corpus: cold ≤ 2× ctags, peak RSS ≤ 1 GB, re-open ≤ 5% of
//   cold, and whether the watcher keeps up (one watch per folder) or fell back to polling.
// Rounds alternate sluice and ctags and keep the best of each: the machine is shared.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchTable } from './bench-table';
import { collectCorpus } from './index-bench';
import { Workspace } from '../src/main/core/workspace/workspace';
import { SymbolIndex } from '../src/main/core/index/symbol-index';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SLUICE_BIN = path.join(REPO, 'bin/sluice.js');
const SMALL_FILES = 250;
const LARGE_COPIES = 10;

interface Run {
  wallMs: number;
  /** Peak resident set of the process (all its threads), from /usr/bin/time. */
  rssMb: number;
  /** User + system CPU of the process (all its threads), from /usr/bin/time. */
  cpuMs: number;
  stdout: string;
}

function timed(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Run {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M %U %S', command, ...args], {
    cwd,
    encoding: 'utf8',
    env: env ?? process.env,
    maxBuffer: 64 * 2 ** 20,
  });
  const wallMs = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  const [kb, user, system] = (result.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return {
    wallMs,
    rssMb: (kb ?? NaN) / 1024,
    cpuMs: ((user ?? NaN) + (system ?? NaN)) * 1000,
    stdout: result.stdout,
  };
}

function ctags(dir: string): Run {
  return timed('ctags', ['-R', '-f', '/dev/null', '--languages=TypeScript', '.'], dir);
}

function sluiceIndex(dir: string, home: string): Run {
  return timed(process.execPath, [SLUICE_BIN, 'index', '--project', dir, '--json'], dir, {
    ...process.env,
    SLUICE_HOME: home,
  });
}

function ensureBuiltCli(): void {
  if (existsSync(path.join(REPO, 'out/cli/main.js'))) return;
  const built = spawnSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the CLI failed: ${built.stderr}`);
}

/** The first `count` .ts/.tsx files of this repository's src/ and tests/, in name order. */
function copyRepoFiles(into: string, count: number): number {
  const files: string[] = [];
  const walk = (rel: string): void => {
    const entries = readdirSync(path.join(REPO, rel), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    );
    for (const entry of entries) {
      if (files.length >= count) return;
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name)) files.push(child);
    }
  };
  walk('src');
  walk('tests');
  for (const file of files) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    copyFileSync(path.join(REPO, file), path.join(into, file));
  }
  return files.length;
}

function best<T extends { wallMs: number }>(runs: T[]): T {
  return runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const ms = (n: number): number => Math.round(n);
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}× ctags`;

const SMALL_ROUNDS = 5;

/**
 * Each round runs ctags, then `sluice index` twice on an empty index: once with a fresh
 * SLUICE_HOME (nothing cached: the very first run, which also writes the TypeScript code
 * cache) and once with a SLUICE_HOME whose code cache an earlier run wrote (a new project
 * after Sluice has run once). Medians of the rounds; each ratio is against the same
 * rounds' ctags median.
 */
function smallProject(base: string): (string | number)[][] {
  const dir = path.join(base, 'small');
  const count = copyRepoFiles(dir, SMALL_FILES);
  const warmHome = path.join(base, 'small-home-warm');
  sluiceIndex(dir, warmHome); // writes warmHome/cache
  const cold: Run[] = [];
  const warm: Run[] = [];
  const reference: Run[] = [];
  const node: Run[] = [];
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    reference.push(ctags(dir));
    cold.push(sluiceIndex(dir, path.join(base, `small-home-${round}`)));
    rmSync(path.join(warmHome, 'index'), { recursive: true, force: true });
    warm.push(sluiceIndex(dir, warmHome));
    node.push(timed(process.execPath, ['-e', '0'], dir));
  }
  const c = median(reference.map((r) => r.wallMs));
  const n = median(node.map((r) => r.wallMs));
  const row = (label: string, runs: Run[]): (string | number)[] => {
    const s = median(runs.map((r) => r.wallMs));
    return [
      `small project (${count} files), empty index, ${label}: \`sluice index\` process to process (ms), median of ${SMALL_ROUNDS}`,
      ms(s),
      ms(c),
      `${ratio(s, c)} (best ${ms(best(runs).wallMs)} vs ${ms(best(reference).wallMs)}); CPU ${ms(median(runs.map((r) => r.cpuMs)))} vs ${ms(median(reference.map((r) => r.cpuMs)))} ms; \`node -e 0\` ${ms(n)} ms`,
      '≤ 3× ctags',
    ];
  };
  return [
    row('first run (no code cache)', cold),
    row('TypeScript code cache from an earlier run', warm),
  ];
}

async function largeProject(
  base: string,
): Promise<{ rows: (string | number)[][]; notes: string[] }> {
  const seed = path.join(base, 'seed');
  const seedFiles = collectCorpus(path.join(REPO, 'node_modules'), seed);
  const dir = path.join(base, 'large');
  for (let copy = 0; copy < LARGE_COPIES; copy++) {
    const folder = `copy${String(copy).padStart(2, '0')}`;
    for (const file of seedFiles) {
      const target = path.join(dir, folder, file);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(seed, file), target);
    }
  }
  rmSync(seed, { recursive: true, force: true });
  const files = seedFiles.length * LARGE_COPIES;
  const bytes = seedFiles.length
    ? LARGE_COPIES *
      seedFiles.reduce(
        (sum, f) => sum + statSync(path.join(dir, 'copy00', f), { throwIfNoEntry: false })!.size,
        0,
      )
    : 0;
  const home = path.join(base, 'large-home');
  // One round each: a round is minutes long. ctags first, so both read a warm page cache.
  ctags(dir);
  const c = ctags(dir);
  const cold = sluiceIndex(dir, home);
  const coldStats = JSON.parse(cold.stdout.trim()) as { files: number; symbols: number };
  const reopen = sluiceIndex(dir, home);

  // The watcher on the opened index: how many folders it watches, in which mode, and how
  // long an edit deep in the tree takes to become queryable.
  const workspace = await Workspace.open(dir);
  const index = SymbolIndex.open({ source: workspace, home });
  const inProcessStart = performance.now();
  await index.refresh();
  const inProcessReopen = performance.now() - inProcessStart;
  const watcher = index.watch();
  const folders = index.folders().length;
  const edited = path.join(
    dir,
    `copy${String(LARGE_COPIES - 1).padStart(2, '0')}`,
    seedFiles.at(-1) ?? '',
  );
  writeFileSync(edited, '\nexport declare const scaleBenchEdit: number;\n', { flag: 'a' });
  const editStart = performance.now();
  let seenMs = -1;
  while (performance.now() - editStart < 30_000) {
    if (index.findDefinition('scaleBenchEdit').definitions.length) {
      seenMs = performance.now() - editStart;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const mode = watcher.mode();
  const notices = index.status().notices ?? [];
  await index.close();
  return {
    rows: [
      [
        `large project (${files} files, ${(bytes / 2 ** 20).toFixed(0)} MB), cold \`sluice index\` process to process (ms)`,
        ms(cold.wallMs),
        ms(c.wallMs),
        ratio(cold.wallMs, c.wallMs),
        '≤ 2× ctags',
      ],
      [
        'large project, peak RSS of the sluice process (MB)',
        ms(cold.rssMb),
        ms(c.rssMb),
        'main + worker threads',
        '≤ 1024 MB',
      ],
      [
        'large project, re-open with nothing changed, process to process (ms)',
        ms(reopen.wallMs),
        '',
        `${((100 * reopen.wallMs) / cold.wallMs).toFixed(1)}% of cold; in-process refresh ${ms(inProcessReopen)} ms`,
        '≤ 5% of cold',
      ],
      [
        'large project, watcher: edit → queryable (ms)',
        seenMs < 0 ? 'not seen in 30 s' : ms(seenMs),
        '',
        `${mode}, ${folders} folders with indexed files${notices.length ? `; notice: ${notices.join(' ')}` : ''}`,
        'keeps up, or polls with a notice',
      ],
    ],
    notes: [
      `large: ${coldStats.files} files, ${coldStats.symbols} symbols indexed; ctags run twice, the second timed (warm cache for both).`,
    ],
  };
}

export async function run(): Promise<BenchTable> {
  ensureBuiltCli();
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-index-scale-'));
  try {
    const rows = smallProject(base);
    const notes = [
      "Process to process: the built CLI (`node bin/sluice.js index --project DIR --json`) vs `ctags -R`, both from spawn to exit; ratios against the same rounds' ctags.",
      'First run: a fresh SLUICE_HOME, nothing cached (this run also writes the V8 code cache of the TypeScript compiler, ~20 ms).',
      'Code cache: an empty index in a SLUICE_HOME whose cache/ an earlier run wrote (the compiler loads from it; the project is still parsed cold).',
      'Below 1,000 files the parse stays on the main thread; workers start only for larger projects.',
      "Where the CPU goes (code cache run, measured on this machine): node start ~50 ms, the index verb's modules ~75 ms, TypeScript ~55-70 ms",
      '(from source ~180 ms), a cold createSourceFile + extraction pass over the 1.6 MB project ~600 ms (the same pass warm: ~220 ms), SQLite and walk ~60 ms,',
      'vs ~90-100 ms CPU for all of ctags. Tried and measured, no gain: V8 flags (--always-sparkplug, --maglev, --interrupt-budget, --no-lazy-feedback-allocation,',
      'larger semi-space); a worker parsing beside the main thread (+25-40% CPU, slower on this shared machine). ≤ 3× needs a parser that is fast cold.',
    ];
    if (process.env.SLUICE_BENCH_LARGE === '1') {
      const large = await largeProject(base);
      rows.push(...large.rows);
      notes.push(...large.notes);
    } else {
      notes.push(
        'Large project (≥ 50,000 files) skipped: set SLUICE_BENCH_LARGE=1 (takes several minutes).',
      );
    }
    return {
      title: `Symbol index scale: process to process vs ctags, ${os.availableParallelism()} cores`,
      columns: ['measure', 'sluice', 'ctags -R', 'ratio / detail', 'goal'],
      rows,
      notes,
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void run().then((table) => writeFileSync(1, `${JSON.stringify(table, null, 2)}\n`));
}
