// What the first-query benches time: one whole process, until its answer and until its exit,
// and the wait (uncounted) for the background index a query started, so it does not slow the
// next query down.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { backgroundIndexLogPath } from '../src/cli/background-index';

export interface ProcessTime {
  /** Wall ms until the first byte on stdout (its answer), at most the exit. */
  readonly answer: number;
  readonly exit: number;
  /** What it wrote on stderr (the first 4 KB). */
  readonly stderr: string;
}

/** Wall ms of a whole process: until its first byte on stdout (its answer) and until it exits. */
export function timeProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<ProcessTime> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env });
    let answered = -1;
    let stderr = '';
    child.stdout.on('data', () => {
      if (answered < 0) answered = performance.now() - started;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    let exit = -1;
    child.on('exit', () => {
      exit = performance.now() - started;
    });
    // 'close' comes once stdout is drained too; the answer cannot be later than the exit.
    child.on('close', () => {
      if (exit < 0) exit = performance.now() - started;
      resolve({ answer: answered >= 0 ? Math.min(answered, exit) : exit, exit, stderr });
    });
  });
}

/** Waits (uncounted) for the background index a query started in `home` to end. */
export async function backgroundIndexDone(home: string, root: string): Promise<void> {
  const log = backgroundIndexLogPath(home, realpathSync(root));
  const until = Date.now() + 600_000;
  // No log within a few seconds: the query answered from the index and started nothing.
  const noneAfter = Date.now() + 3_000;
  while (Date.now() < until) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    if (/done \(exit|another build/u.test(text)) return;
    if (!text && Date.now() > noneAfter) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
