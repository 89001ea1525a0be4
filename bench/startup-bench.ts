// Start-up time of the `sluice` CLI and of the Electron main bundle, side by side with
// `node -e 0`: the median wall-clock time of N runs each (runs interleaved, so a busy machine
// slows every row alike), and the ratio to `node -e 0` against the goals of issue 10.
// Needs `npm run build` (the CLI runs from out/cli through bin/sluice.js); the main bundle is
// built fresh with the electron-vite config and run under Node with a stub `electron`.
// SLUICE_BENCH_RUNS sets N (default 11).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMainBundle, runMainBundle } from '../tests/support/main-bundle-probe';
import type { BenchTable } from './bench-table';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repo, 'bin', 'sluice.js');
const stubHooks = path.join(repo, 'tests', 'support', 'electron-stub', 'register.mjs');
const runs = Math.max(1, Number(process.env.SLUICE_BENCH_RUNS) || 11);

interface Case {
  readonly label: string;
  /** The row whose median this one is compared with; default `node -e 0`. */
  readonly against?: string;
  /** Multiple of `node -e 0` this row must stay within (issue 10); none for reference rows. */
  readonly goal?: number;
  /** One run: its wall-clock milliseconds. */
  measure(): Promise<number>;
}

function timeProcess(args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
    });
  });
}

/**
 * Milliseconds from spawn until `marker` is on a pseudo-terminal's screen (`script` gives the
 * program a terminal), then the program is stopped: the terminal session's first prompt.
 */
function timeToScreen(
  command: string,
  marker: string,
  env: Record<string, string>,
  cwd: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('script', ['-qfc', command, '/dev/null'], {
      cwd,
      env: { ...process.env, ...env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`"${marker}" not on the screen after 60 s: ${seen.slice(-200)}`));
    }, 60_000);
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (!seen.includes(marker)) return;
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(ms);
    });
    child.on('error', reject);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Files under a folder: how many, and the newest mtime (out/cli older than its sources?). */
function folderFiles(dir: string): { count: number; newest: number } {
  let count = 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return { count, newest };
}

export async function run(): Promise<BenchTable> {
  const cliEntry = path.join(repo, 'out', 'cli', 'main.js');
  if (!existsSync(cliEntry)) throw new Error('out/cli is missing: run `npm run build` first.');
  const notes: string[] = [];
  if (statSync(cliEntry).mtimeMs < folderFiles(path.join(repo, 'src', 'cli')).newest)
    notes.push('warning: out/cli is older than src/cli; run `npm run build` for current figures.');

  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-startup-bench-'));
  const mainBundle = await buildMainBundle();
  try {
    const home = path.join(base, 'home');
    const fixture = path.join(base, 'fixture');
    cpSync(path.join(repo, 'tests', 'fixtures', 'index', 'constructs'), fixture, {
      recursive: true,
    });
    const srcProject = path.join(repo, 'src');
    const env = { SLUICE_HOME: home };
    // Index both projects once; `def` then answers from an up-to-date index.
    await timeProcess([bin, 'index', '--project', fixture], env);
    await timeProcess([bin, 'index', '--project', srcProject], env);
    const srcFiles = folderFiles(srcProject).count;

    const engineWall: number[] = [];
    const cases: Case[] = [
      { label: 'node -e 0', measure: () => timeProcess(['-e', '0']) },
      { label: 'sluice --help', goal: 2, measure: () => timeProcess([bin, '--help'], env) },
      {
        label: 'sluice tool read_file',
        goal: 3,
        measure: () =>
          timeProcess(
            [bin, 'tool', 'read_file', '--project', fixture, '--input', '{"path":"src/shapes.ts"}'],
            env,
          ),
      },
      {
        label: 'sluice def (fixture, indexed)',
        goal: 4,
        measure: () => timeProcess([bin, 'def', 'Shape.resize', '--project', fixture], env),
      },
      {
        label: 'sluice def --from (fixture)',
        goal: 4,
        measure: () =>
          timeProcess([bin, 'def', 'size', '--from', 'src/consumer.ts', '--project', fixture], env),
      },
      {
        label: `sluice def (Sluice's src/, ${srcFiles} files, indexed)`,
        goal: 4,
        measure: () => timeProcess([bin, 'def', 'createAppServices', '--project', srcProject], env),
      },
      {
        label: 'node -e (prints a line on a pseudo-terminal)',
        measure: () =>
          timeToScreen(
            `${process.execPath} -e "console.log('Ask Claude')"`,
            'Ask Claude',
            env,
            fixture,
          ),
      },
      {
        label: 'sluice (session): the first prompt on the screen',
        against: 'node -e (prints a line on a pseudo-terminal)',
        goal: 2,
        measure: () => timeToScreen(`${process.execPath} ${bin}`, 'Ask Claude', env, fixture),
      },
      {
        // The prompt above is drawn before the renderer and the engine load; this is when the
        // session's own screen (its status line) replaces it. No goal: typing works before it.
        label: "sluice (session): the session's screen drawn (status line)",
        against: 'node -e (prints a line on a pseudo-terminal)',
        measure: () => timeToScreen(`${process.execPath} ${bin}`, 'Mode: ', env, fixture),
      },
      {
        // What the stub's module hooks alone cost (a hooks thread), for the two rows below.
        label: 'node --import <stub hooks> -e 0',
        measure: () => timeProcess(['--import', stubHooks, '-e', '0']),
      },
      {
        label: 'main bundle: first window (stub electron)',
        measure: async () => {
          const result = await runMainBundle(mainBundle.entry);
          engineWall.push(result.engine.wallMs);
          if (result.window.packages.some((p) => p === 'typescript' || p === '@anthropic-ai/sdk'))
            notes.push(
              `main bundle loaded ${result.window.packages.join(', ')} before the first window`,
            );
          return result.window.wallMs;
        },
      },
    ];
    const samples = cases.map(() => [] as number[]);
    for (let i = 0; i < runs; i += 1) {
      for (const [index, c] of cases.entries()) samples[index]?.push(await c.measure());
    }
    const node = median(samples[0] ?? []);
    const nodeMin = Math.min(...(samples[0] ?? []));
    const row = (
      label: string,
      values: number[],
      goal?: number,
      against?: string,
    ): (string | number)[] => {
      const ms = median(values);
      const reference = cases.findIndex((c) => c.label === against);
      const base = reference < 0 ? node : median(samples[reference] ?? []);
      const baseMin = reference < 0 ? nodeMin : Math.min(...(samples[reference] ?? []));
      const ratio = ms / base;
      const min = Math.min(...values);
      return [
        against ? `${label} (x: against the row above)` : label,
        ms,
        ratio,
        min,
        min / baseMin,
        goal === undefined ? '' : `≤ ${goal}x`,
        goal === undefined ? '' : ratio <= goal ? 'yes' : 'NO',
      ];
    };
    const rows = cases.map((c, index) => row(c.label, samples[index] ?? [], c.goal, c.against));
    rows.push(row('main bundle: engine answers first IPC', engineWall));
    notes.push(
      `median of ${runs} runs each, interleaved; ms are wall-clock from spawn to exit (main bundle: to the stub's window / engine line). "met" compares medians; the min columns are the least disturbed run of each (a busy machine inflates medians).`,
      'The window no longer waits for the engine: before this change it was created after the engine row.',
    );
    return {
      title: 'Start-up: CLI verbs and the Electron main bundle vs node -e 0',
      columns: ['what', 'median ms', 'x node -e 0', 'min ms', 'x (min)', 'goal', 'met'],
      rows,
      notes,
    };
  } finally {
    await mainBundle.dispose();
    rmSync(base, { recursive: true, force: true });
  }
}
