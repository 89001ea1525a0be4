// Proposal diff benchmark (issue 5 "Benchmark"):
// 1. a 10,000-line file with every 10th line edited: building the whole proposal (bounded
//    line diff, hunks, unified diff) against jsdiff's diffLines alone on the same input;
//    target ≤ 1.0×.
// 2. a 20,000-line file with every line re-indented: the proposal returns within 1.2× the
//    configured diff bound; plus the worst case for Myers (repeated lines, halves swapped),
//    where the bound hits and the coarse diff takes over.
import { performance } from 'node:perf_hooks';
import { diffLines } from 'diff';
import { DEFAULT_DIFF_BOUND } from '../src/main/core/edits/bounded-line-diff';
import { createProposal } from '../src/main/core/edits/proposal';
import { detectFormat } from '../src/main/core/edits/text-format';

type BenchTable = {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(fn: () => unknown, runs: number): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function source(lines: number, line: (i: number) => string): string {
  return Array.from({ length: lines }, (_, i) => `${line(i)}\n`).join('');
}

function propose(before: string, after: string) {
  return createProposal({
    tool: 'edit_file',
    path: 'bench.ts',
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'bench',
    description: '',
  });
}

export async function run(): Promise<BenchTable> {
  const line = (i: number) => `  const value${i} = compute(${i}, "text ${i % 97}");`;
  const before = source(10_000, line);
  const after = source(10_000, (i) => (i % 10 === 0 ? `${line(i)} // edited` : line(i)));
  const ours = time(() => propose(before, after), 7);
  const jsdiff = time(() => diffLines(before, after), 7);
  const sample = propose(before, after);

  const wide = source(20_000, line);
  const reindented = source(20_000, (i) => `\t${line(i).trimStart()}`);
  const start = performance.now();
  const coarse = propose(wide, reindented);
  const boundedMs = performance.now() - start;
  const bound = DEFAULT_DIFF_BOUND.timeoutMs;
  // Worst case for Myers: only repeated lines (no anchors), halves swapped.
  const swappedBefore = 'x\n'.repeat(10_000) + 'y\n'.repeat(10_000);
  const swappedAfter = 'y\n'.repeat(10_000) + 'x\n'.repeat(10_000);
  const worstStart = performance.now();
  const worst = propose(swappedBefore, swappedAfter);
  const worstMs = performance.now() - worstStart;

  return {
    title: 'Proposal diff (approvals)',
    columns: ['case', 'proposal ms', 'reference ms', 'ratio', 'target', 'hunks', 'coarse'],
    rows: [
      [
        '10,000 lines, every 10th edited',
        ours.toFixed(1),
        `${jsdiff.toFixed(1)} (diffLines)`,
        (ours / jsdiff).toFixed(2),
        '≤ 1.0×',
        sample.hunks.length,
        String(sample.coarseDiff),
      ],
      [
        '20,000 lines, all re-indented',
        boundedMs.toFixed(1),
        `${bound} (bound)`,
        (boundedMs / bound).toFixed(2),
        '≤ 1.2×',
        coarse.hunks.length,
        String(coarse.coarseDiff),
      ],
      [
        '20,000 repeated lines, halves swapped',
        worstMs.toFixed(1),
        `${bound} (bound)`,
        (worstMs / bound).toFixed(2),
        '≤ 1.2×',
        worst.hunks.length,
        String(worst.coarseDiff),
      ],
    ],
    notes: [
      'Proposal = patience anchors over interned line ids, jsdiff Myers only between anchors (bounded), + hunks + unified diff text; median of 7 runs.',
      'Re-indenting every line leaves nothing in common, which is answered exactly without a search; the swapped-halves row is the case that actually runs into the bound.',
      `Bound: timeout ${DEFAULT_DIFF_BOUND.timeoutMs} ms, maxEditLength ${DEFAULT_DIFF_BOUND.maxEditLength} lines; past it the diff is one coarse replaced block.`,
    ],
  };
}
