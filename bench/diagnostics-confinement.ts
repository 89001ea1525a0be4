// What the confinement costs a check (issue 28 "Measured"): the same work confined and not,
// side by side. The unconfined column runs the same programs with execFile, as the checkers
// did before; it exists only here, to measure against. Budget: at most +50 ms p50 per check.
// `npm run bench -- diagnostics` (BENCH_DIAG_ONLY=confine for this table alone).
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runConfined } from '../src/main/core/confinement/confined-process';
import { createGoLanguage } from '../src/main/core/diagnostics/go/go-language';
import { goEnv, GO_PINNED_FLAGS } from '../src/main/core/diagnostics/go/confined-run';
import { findExecutable } from '../src/main/core/diagnostics/find-executable';
import { createPyrightLanguage } from '../src/main/core/diagnostics/python/pyright-language';
import type { BenchTable } from './bench-table';

const run = promisify(execFile);
const ROUNDS = 9;

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(work: () => Promise<unknown>, rounds = ROUNDS): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return p50(times);
}

function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-confine-')));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const GO = {
  'go.mod': 'module example.com/b\n\ngo 1.19\n',
  'lib/lib.go': 'package lib\n\nfunc A() int { return 1 }\n',
  'app/app.go': 'package app\n\nimport "example.com/b/lib"\n\nvar X = lib.A()\n',
};
const GO_EDIT = [{ path: 'lib/lib.go', after: 'package lib\n\nfunc A() int { return "s" }\n' }];

/** The Go checker's three commands, unconfined, as the checker ran them before issue 28. */
async function goUnconfined(go: string, root: string, cache: string): Promise<void> {
  const env = { ...process.env, ...goEnv({ env: process.env, cacheDir: cache }) };
  const opts = { cwd: root, env, maxBuffer: 8 << 20 };
  const overlay = path.join(cache, 'overlay.json');
  writeFileSync(path.join(cache, 'lib.go'), GO_EDIT[0]?.after ?? '');
  writeFileSync(
    overlay,
    JSON.stringify({ Replace: { [path.join(root, 'lib/lib.go')]: path.join(cache, 'lib.go') } }),
  );
  await run(go, ['list', ...GO_PINNED_FLAGS, '-e', './...'], opts).catch(() => undefined);
  const build = ['build', ...GO_PINNED_FLAGS, '-o', os.devNull, './lib', './app'];
  await run(go, build, opts).catch(() => undefined);
  await run(go, [...build.slice(0, 1), `-overlay=${overlay}`, ...build.slice(1)], opts).catch(
    () => undefined,
  );
}

export async function confinementCost(): Promise<BenchTable> {
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-confine-root-')));
  try {
    const spawnConfined = await timed(() =>
      runConfined({ root: scratch, argv: ['/bin/true'], deadlineMs: 10_000 }),
    );
    const spawnPlain = await timed(() => run('/bin/true'));
    rows.push(['one process (/bin/true)', spawnConfined, spawnPlain, spawnConfined - spawnPlain]);

    const go = findExecutable('go', process.env);
    if (go) {
      const root = project(GO);
      const cache = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-gocache-')));
      const plainCache = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-gocache-')));
      try {
        const checker = createGoLanguage({ root, env: process.env, cacheDir: cache });
        const signal = new AbortController().signal;
        const coldConfined = await timed(() => checker.check(GO_EDIT, signal), 1);
        const coldPlain = await timed(() => goUnconfined(go, root, plainCache), 1);
        rows.push(['Go check, cold cache', coldConfined, coldPlain, coldConfined - coldPlain]);
        const warmConfined = await timed(() => checker.check(GO_EDIT, signal), 5);
        const warmPlain = await timed(() => goUnconfined(go, root, plainCache), 5);
        rows.push(['Go check, warm cache', warmConfined, warmPlain, warmConfined - warmPlain]);
      } finally {
        for (const dir of [root, cache, plainCache]) rmSync(dir, { recursive: true, force: true });
      }
    } else notes.push('Go: not measured (go is not on PATH)');

    const py = project({ 'a.py': 'x: int = 1\n', 'b.py': 'from a import x\n\ny: int = x\n' });
    const pyright = createPyrightLanguage({ root: py });
    try {
      const edit = [{ path: 'a.py', after: 'x: int = "s"\n' }];
      const signal = new AbortController().signal;
      const cold = await timed(() => pyright.check(edit, signal), 1);
      const warm = await timed(() => pyright.check(edit, signal), 5);
      rows.push(['pyright, cold (start + check)', cold, '—', spawnConfined - spawnPlain]);
      rows.push(['pyright, warm check', warm, '—', 0]);
      notes.push(
        'pyright: the server is started once per project and kept warm, so a warm check pays no confinement; a cold one pays one confined process start (the first row).',
      );
    } finally {
      await pyright.dispose();
      rmSync(py, { recursive: true, force: true });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  notes.push(
    'Go starts two confinements per check (go list; then the builds before and after the change in one); each costs what the first row does. Budget: +50 ms p50 per check.',
  );
  return {
    title: 'Confinement cost per check (p50 ms, confined vs unconfined)',
    columns: ['work', 'confined', 'unconfined', 'cost'],
    rows,
    notes,
  };
}
