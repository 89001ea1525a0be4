// `npm run bench -- loose-edit`: a loose TypeScript file (a one-file project, no tsconfig.json)
// edited through the built CLI, cold: `sluice tool edit_file --yes` as a whole process, each run
// in a new project, with Settings' live deadline (3 s). Goal: every run checked within the
// deadline ("Checked before writing"), exit 0, the edit written. Beside it, the same edit with
// a tsconfig.json (TypeScript 7 through the project's own config) and, as the reference, the
// path loose files took before: the 6.x language service, here as the project's own copy of
// Sluice's bundled 6.x (the same checker, the same default options, cold). Each row: runs
// checked in time, timed out, exit codes, the edit written, the check's time as the checkpoint
// keeps it, and the whole process's. Needs `npm run build` (bin/sluice.js runs out/cli).
// SLUICE_BENCH_RUNS: runs per row (default 10). Figures depend on the machine's load, printed.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIVE_DEADLINE_MS } from '../src/shared/diagnostics-settings';
import type { BenchTable } from './bench-table';
import { percentile } from './diagnostics-warm';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SLUICE_BIN = path.join(REPO, 'bin/sluice.js');
const RUNS = Math.max(1, Number(process.env.SLUICE_BENCH_RUNS) || 10);
const BEFORE = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const AFTER = 'export function add(a: number, b: number): number {\n  return a + c;\n}\n';
const INPUT = JSON.stringify({
  path: 'a.ts',
  edits: [{ old_text: 'return a + b;', new_text: 'return a + c;' }],
});

interface Case {
  readonly name: string;
  /** Files beside a.ts, and whether the project carries its own copy of TypeScript 6. */
  readonly files: Record<string, string>;
  readonly ownTypescript6: boolean;
  /** The row the goal is about. */
  readonly subject: boolean;
}

const CASES: readonly Case[] = [
  {
    name: 'loose a.ts: Sluice’s TypeScript 7, inferred config',
    files: {},
    ownTypescript6: false,
    subject: true,
  },
  {
    name: 'a.ts with tsconfig.json: Sluice’s TypeScript 7',
    files: { 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true } }) },
    ownTypescript6: false,
    subject: false,
  },
  {
    name: 'loose a.ts: the 6.x language service (reference, the path before)',
    files: {},
    ownTypescript6: true,
    subject: false,
  },
];

interface Run {
  readonly code: number | null;
  /** The check finished within the live deadline (as the checkpoint keeps its time). */
  readonly inTime: boolean;
  /** The model read "timed out" (a check that ended before the decision is read instead). */
  readonly timedOut: boolean;
  readonly written: boolean;
  readonly wallMs: number;
  /** The check's time as the checkpoint keeps it, when it finished. */
  readonly checkMs: number | null;
}

function runProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [SLUICE_BIN, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, ms: performance.now() - started }));
  });
}

/** "checked in 1.9 s" / "checked in 850 ms" of the checkpoint's evidence line, in ms. */
function checkedIn(line: string): number | null {
  const found = /checked in ([\d.]+) (m?s)\b/u.exec(line);
  if (!found) return null;
  return Number(found[1]) * (found[2] === 's' ? 1000 : 1);
}

async function editOnce(each: Case, base: string, n: number, typescript6: string): Promise<Run> {
  const project = path.join(base, `p${n}`);
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'a.ts'), BEFORE);
  for (const [name, text] of Object.entries(each.files))
    writeFileSync(path.join(project, name), text);
  if (each.ownTypescript6) {
    mkdirSync(path.join(project, 'node_modules'));
    cpSync(typescript6, path.join(project, 'node_modules', 'typescript'), { recursive: true });
  }
  const env = { ...process.env, SLUICE_HOME: path.join(base, 'home') };
  const edit = await runProcess(
    ['tool', 'edit_file', '--project', project, '--input', INPUT, '--yes'],
    env,
  );
  const listed = await runProcess(['checkpoints', '--project', project, '--json'], env);
  const kept = listed.stdout.split('\n').find((line) => line.includes('"evidence"')) ?? '';
  const written = readFileSync(path.join(project, 'a.ts'), 'utf8') === AFTER;
  rmSync(project, { recursive: true, force: true });
  const checkMs = checkedIn(kept);
  return {
    code: edit.code,
    inTime: checkMs !== null && checkMs <= DEFAULT_LIVE_DEADLINE_MS,
    timedOut: edit.stdout.includes('the check timed out'),
    written,
    wallMs: edit.ms,
    checkMs,
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function row(each: Case, runs: readonly Run[]): (string | number)[] {
  const codes = [...new Set(runs.map((r) => String(r.code)))].join(', ');
  const checks = runs.map((r) => r.checkMs).filter((ms): ms is number => ms !== null);
  const walls = runs.map((r) => r.wallMs);
  const passed = runs.every((r) => r.code === 0 && r.written && r.inTime);
  return [
    each.name,
    runs.length,
    runs.filter((r) => r.inTime).length,
    runs.filter((r) => r.timedOut).length,
    codes,
    runs.filter((r) => r.written).length,
    checks.length ? seconds(percentile(checks, 50)) : '-',
    checks.length ? seconds(Math.max(...checks)) : '-',
    seconds(percentile(walls, 50)),
    seconds(percentile(walls, 95)),
    each.subject ? (passed ? 'PASS' : 'FAIL') : passed ? 'in time' : 'misses',
  ];
}

export async function run(): Promise<BenchTable> {
  if (!existsSync(path.join(REPO, 'out/cli/main.js')))
    throw new Error('the built CLI is needed: npm run build');
  const typescript6 = path.dirname(
    createRequire(import.meta.url).resolve('typescript/package.json'),
  );
  const load = os.loadavg().map((l) => l.toFixed(1));
  const rows: (string | number)[][] = [];
  for (const each of CASES) {
    const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-loose-'));
    try {
      const runs: Run[] = [];
      for (let n = 0; n < RUNS; n++) runs.push(await editOnce(each, base, n, typescript6));
      rows.push(row(each, runs));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
  const node = spawnSync(process.execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return {
    title: `A loose TypeScript file edited through the CLI: checked within the ${seconds(DEFAULT_LIVE_DEADLINE_MS)} live deadline, cold`,
    columns: [
      'project',
      'runs',
      'checked within deadline',
      'model read timed out',
      'exit codes',
      'edit written',
      'check p50',
      'check max',
      'process p50',
      'process p95',
      'verdict',
    ],
    rows,
    notes: [
      `Each run: a new project and a new CLI process (\`sluice tool edit_file --yes\`), so the checker starts cold; ${os.cpus().length} cores, load average ${load.join(' / ')} at the start, Node ${node}.`,
      'check: the check of the edit as the checkpoint keeps it, late or not (one still going when the CLI ended has none); process: the whole CLI run, start to exit.',
      'PASS: every run of the loose file checked within the deadline, exit 0, the edit written.',
    ],
  };
}
