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
  readonly names: readonly string[];
  readonly runs: number;
  readonly label: string;
}

function answeredBy(stderr: string): string {
  if (stderr.includes(QUICK_ANSWER_NOTE)) return 'quick search';
  if (/No definition named/u.test(stderr)) return 'index (no definition)';
  return 'index';
}

export async function timeNamedDefinitions(input: NamedTimingInput): Promise<BenchTable> {
  const rows: (string | number)[][] = [];
  const ratios: number[] = [];
  for (const name of input.names) {
    const word = name.split('.').pop() ?? name;
    const mentions = spawnSync(input.rg, ['-w', '-l', word, input.dir], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean).length;
    const answer: number[] = [];
    const exit: number[] = [];
    const rg: number[] = [];
    const node: number[] = [];
    const how = new Set<string>();
    for (let round = 0; round < input.runs; round++) {
      const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-fq-home-'));
      cpSync(path.join(input.cacheHome, 'cache'), path.join(home, 'cache'), { recursive: true });
      rg.push((await timeProcess(input.rg, ['-w', '-l', word, input.dir])).exit);
      node.push((await timeProcess(process.execPath, ['-e', '0'])).exit);
      const run = await timeProcess(
        process.execPath,
        [input.bin, 'def', name, '--project', input.dir],
        { env: { ...process.env, SLUICE_HOME: home } },
      );
      answer.push(run.answer);
      exit.push(run.exit);
      how.add(answeredBy(run.stderr));
      await backgroundIndexDone(home, input.dir);
      rmSync(home, { recursive: true, force: true });
    }
    const reference = median(rg) + median(node);
    ratios.push(median(answer) / reference);
    rows.push([
      name,
      mentions,
      [...how].join(' / '),
      median(answer).toFixed(0),
      median(exit).toFixed(0),
      `${median(rg).toFixed(0)} + ${median(node).toFixed(0)}`,
      `${(median(answer) / reference).toFixed(2)}×`,
      `${(median(exit) / reference).toFixed(2)}×`,
    ]);
  }
  return {
    title: `First \`sluice def NAME\` per name, ${input.label} (goal ≤ 2× (rg + node))`,
    columns: [
      'name',
      'files that mention it',
      'answered by',
      'answer (ms)',
      'exit (ms)',
      'rg -w -l + node -e 0 (ms)',
      'answer ratio',
      'exit ratio',
    ],
    rows,
    notes: [
      `medians of ${input.runs} runs per name, each in a fresh SLUICE_HOME (the compiler's code cache only); sluice: ${input.bin}`,
      `median answer ratio over the names: ${median(ratios).toFixed(2)}×`,
    ],
  };
}
