// The first `sluice def NAME` per name, in a never-indexed project: from rare names to words
// that hundreds of files mention (and names defined nowhere, whose answer needs the whole
// index for its similar names), each against `rg -w -l WORD` plus a bare `node -e 0`.
import { mkdtempSync, cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { BenchTable } from './bench-table';
import { backgroundIndexDone, median, timeProcess } from './first-query-process';
import { QUICK_ANSWER_NOTE } from '../src/main/core/index/quick-answer';

/** Theia's: rare, frequent (mentioned in hundreds of files), and defined nowhere. */
export const THEIA_DEF_NAMES = [
  'generateUuid',
  'ArrayUtils',
  'MonacoEditor',
  'CommandContribution',
  'PreferenceService',
  'CancellationToken',
  'ILogger',
  'DisposableCollection',
  'Emitter',
  'nls',
  'URI',
  'injectable',
  'ElementExt',
  'require',
];

export interface NamedTimingInput {
  readonly rg: string;
  readonly dir: string;
  /** A SLUICE_HOME holding only the compiler's code cache, copied for each run. */
  readonly cacheHome: string;
  readonly bin: string;
  /** Another build timed in the same rounds, alternating with `bin` (before/after under one load). */
  readonly baselineBin?: string;
  readonly names: readonly string[];
  readonly runs: number;
  readonly label: string;
}

function answeredBy(stderr: string): string {
  if (stderr.includes(QUICK_ANSWER_NOTE)) return 'quick search';
  if (/No definition named/u.test(stderr)) return 'index (no definition)';
  return 'index';
}

interface BuildTimes {
  readonly answer: number[];
  readonly exit: number[];
  readonly how: Set<string>;
}

async function timeOne(input: NamedTimingInput, bin: string, name: string, into: BuildTimes) {
  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-fq-home-'));
  cpSync(path.join(input.cacheHome, 'cache'), path.join(home, 'cache'), { recursive: true });
  const run = await timeProcess(process.execPath, [bin, 'def', name, '--project', input.dir], {
    env: { ...process.env, SLUICE_HOME: home },
  });
  into.answer.push(run.answer);
  into.exit.push(run.exit);
  into.how.add(answeredBy(run.stderr));
  await backgroundIndexDone(home, input.dir);
  rmSync(home, { recursive: true, force: true });
}

export async function timeNamedDefinitions(input: NamedTimingInput): Promise<BenchTable> {
  const rows: (string | number)[][] = [];
  const ratios = new Map<string, number[]>();
  const exitRatios = new Map<string, number[]>();
  const builds = [
    { label: 'this build', bin: input.bin },
    ...(input.baselineBin ? [{ label: 'baseline', bin: input.baselineBin }] : []),
  ];
  for (const name of input.names) {
    const word = name.split('.').pop() ?? name;
    const mentions = spawnSync(input.rg, ['-w', '-l', word, input.dir], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean).length;
    const times = builds.map((): BuildTimes => ({ answer: [], exit: [], how: new Set() }));
    const rg: number[] = [];
    const node: number[] = [];
    for (let round = 0; round < input.runs; round++) {
      rg.push((await timeProcess(input.rg, ['-w', '-l', word, input.dir])).exit);
      node.push((await timeProcess(process.execPath, ['-e', '0'])).exit);
      // Alternate which build goes first, so neither always runs after the other's index.
      const order = round % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const b of order)
        await timeOne(input, builds[b]?.bin ?? '', name, times[b] as BuildTimes);
    }
    const reference = median(rg) + median(node);
    builds.forEach((build, b) => {
      const t = times[b] as BuildTimes;
      const ratio = median(t.answer) / reference;
      ratios.set(build.label, [...(ratios.get(build.label) ?? []), ratio]);
      exitRatios.set(build.label, [
        ...(exitRatios.get(build.label) ?? []),
        median(t.exit) / reference,
      ]);
      rows.push([
        name,
        mentions,
        build.label,
        [...t.how].join(' / '),
        median(t.answer).toFixed(0),
        median(t.exit).toFixed(0),
        `${median(rg).toFixed(0)} + ${median(node).toFixed(0)}`,
        `${ratio.toFixed(2)}×`,
        `${(median(t.exit) / reference).toFixed(2)}×`,
      ]);
    });
  }
  return {
    title: `First \`sluice def NAME\` per name, ${input.label} (goal ≤ 2× (rg + node))`,
    columns: [
      'name',
      'files that mention it',
      'build',
      'answered by',
      'answer (ms)',
      'exit (ms)',
      'rg -w -l + node -e 0 (ms)',
      'answer ratio',
      'exit ratio',
    ],
    rows,
    notes: [
      `medians of ${input.runs} runs per name and build, each in a fresh SLUICE_HOME (the compiler's code cache only); this build: ${input.bin}${input.baselineBin ? `; baseline: ${input.baselineBin}` : ''}`,
      ...builds.map(
        (b) =>
          `${b.label}: median answer ratio over the names ${median(ratios.get(b.label) ?? []).toFixed(2)}×, median exit ratio ${median(exitRatios.get(b.label) ?? []).toFixed(2)}×`,
      ),
    ],
  };
}
