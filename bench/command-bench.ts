// run_command sandbox benchmark (issue 13 "Benchmark"): the overhead of running a command in
// bubblewrap (with the protected-path scan, the pids cgroup and the output capture) against
// the same command run unsandboxed through the same runner, for `node -e 0` and for `npm test`
// of a small project (the fixture in tests/fixtures/command-project, tests made to pass).
// Goal: ≤ 1.3× for npm test. Medians of alternating runs, after one warm-up each.
import { cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { detectBubblewrap, type SandboxAvailability } from '../src/main/core/sandbox/bubblewrap';
import { runCommand } from '../src/main/core/commands/command-runner';
import type { BenchTable } from './bench-table';

const RUNS = Number(process.env.COMMAND_BENCH_RUNS ?? 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function once(root: string, command: string, sandbox: SandboxAvailability): Promise<number> {
  const started = performance.now();
  const result = await runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 60_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
  });
  const elapsed = performance.now() - started;
  if (result.end.kind !== 'exited' || result.end.code !== 0)
    throw new Error(`${command} failed (${JSON.stringify(result.end)}): ${result.output.view}`);
  return elapsed;
}

async function compare(root: string, command: string, sandbox: SandboxAvailability) {
  const none: SandboxAvailability = { available: false, detail: 'bench: unsandboxed' };
  await once(root, command, sandbox);
  await once(root, command, none);
  const boxed: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    boxed.push(await once(root, command, sandbox));
    plain.push(await once(root, command, none));
  }
  const b = median(boxed);
  const p = median(plain);
  return [command, p, b, b - p, b / p];
}

export async function run(): Promise<BenchTable> {
  const sandbox = detectBubblewrap();
  if (!sandbox.available)
    return {
      title: 'run_command sandbox overhead',
      columns: ['command', 'result'],
      rows: [['(all)', `skipped: ${sandbox.detail}`]],
    };
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-command-bench-')));
  try {
    await cp(path.join(import.meta.dirname, '../tests/fixtures/command-project'), root, {
      recursive: true,
    });
    const sum = path.join(root, 'src', 'sum.js');
    await writeFile(sum, (await readFile(sum, 'utf8')).replace('a - b', 'a + b'));
    const rows = [
      await compare(root, 'node -e 0', sandbox),
      await compare(root, 'npm test', sandbox),
    ];
    const npmRatio = Number(rows[1]?.[4] ?? 0);
    return {
      title: 'run_command sandbox overhead (bubblewrap vs unsandboxed, same runner)',
      columns: ['command', 'unsandboxed ms', 'sandboxed ms', 'overhead ms', 'ratio'],
      rows,
      notes: [
        `median of ${RUNS} alternating runs each; goal for npm test ≤ 1.3×: ${npmRatio <= 1.3 ? 'met' : 'NOT met'} (${npmRatio.toFixed(2)}×)`,
      ],
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
