// The proposal's line diff, computed with a bound so no input can hang main:
// patience anchors plus jsdiff's Myers diff in the gaps (patience-diff.ts), with a timeout
// and a maximum edit length; a gap past the bound becomes a coarse replaced block and the
// proposal says so.
import type { Hunk } from '../../../shared/approvals';
import { linesKeepingEol } from '../../../shared/line-selection';
import { diffLineIds, type LineOp } from './patience-diff';

export interface DiffBound {
  /** Milliseconds jsdiff may spend before giving up. */
  readonly timeoutMs: number;
  /** Largest edit distance (in lines) jsdiff may explore. */
  readonly maxEditLength: number;
}

export const DEFAULT_DIFF_BOUND: DiffBound = { timeoutMs: 500, maxEditLength: 20_000 };
export const CONTEXT_LINES = 3;
export const NO_NEWLINE_MARKER = '\\ No newline at end of file';

/** A hunk plus where it sits, 0-based, in the old and new line arrays. */
export interface ProposalHunk extends Hunk {
  readonly oldIndex: number;
  readonly newIndex: number;
}

/** The hunk alone, without where it sits: what a request, a card or a stored set carries. */
export function plainHunk({ id, oldStart, oldLines, newStart, newLines, lines }: Hunk): Hunk {
  return { id, oldStart, oldLines, newStart, newLines, lines };
}

/** Plain hunks with where they sit again (their starts say it): what applying them needs. */
export function positionedHunks(hunks: readonly Hunk[]): ProposalHunk[] {
  return hunks.map((h) => ({
    ...h,
    oldIndex: h.oldLines === 0 ? h.oldStart : h.oldStart - 1,
    newIndex: h.newLines === 0 ? h.newStart : h.newStart - 1,
  }));
}

export interface LineDiff {
  readonly hunks: ProposalHunk[];
  readonly coarse: boolean;
}

/** Splits text into lines that keep their terminators, so joining them gives the text back. */
export const splitLinesKeepEol = linesKeepingEol;

type Op = LineOp;

export function computeLineDiff(
  before: string,
  after: string,
  bound: DiffBound = DEFAULT_DIFF_BOUND,
): LineDiff {
  const oldLines = splitLinesKeepEol(before);
  const newLines = splitLinesKeepEol(after);
  const ids = new Map<string, number>();
  const intern = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    return id;
  };
  const oldIds = oldLines.map(intern);
  const newIds = newLines.map(intern);
  // The search gets 90% of the bound; the rest pays for hunks and text, so the whole
  // proposal stays within the bound even when the search runs to its deadline.
  const { ops, coarse } = diffLineIds(oldIds, newIds, {
    deadline: Date.now() + bound.timeoutMs * 0.9,
    maxEditLength: bound.maxEditLength,
    now: Date.now,
  });
  return { hunks: buildHunks(ops, oldLines, newLines), coarse };
}

function buildHunks(
  ops: readonly Op[],
  oldLines: readonly string[],
  newLines: readonly string[],
): ProposalHunk[] {
  const n = ops.length;
  const oldAt = new Int32Array(n + 1);
  const newAt = new Int32Array(n + 1);
  for (let s = 0; s < n; s += 1) {
    oldAt[s + 1] = (oldAt[s] ?? 0) + (ops[s] === 2 ? 0 : 1);
    newAt[s + 1] = (newAt[s] ?? 0) + (ops[s] === 1 ? 0 : 1);
  }
  const ranges: Array<[number, number]> = [];
  let s = 0;
  while (s < n) {
    if (ops[s] === 0) {
      s += 1;
      continue;
    }
    let e = s;
    while (e < n && ops[e] !== 0) e += 1;
    const last = ranges[ranges.length - 1];
    if (last && s - last[1] <= 2 * CONTEXT_LINES) last[1] = e;
    else ranges.push([s, e]);
    s = e;
  }
  return ranges.map(([a, b], index) => {
    const from = Math.max(0, a - CONTEXT_LINES);
    const to = Math.min(n, b + CONTEXT_LINES);
    const oldIndex = oldAt[from] ?? 0;
    const newIndex = newAt[from] ?? 0;
    const oldCount = (oldAt[to] ?? 0) - oldIndex;
    const newCount = (newAt[to] ?? 0) - newIndex;
    const lines: string[] = [];
    for (let k = from; k < to; k += 1) {
      const op = ops[k];
      const line = op === 2 ? (newLines[newAt[k] ?? 0] ?? '') : (oldLines[oldAt[k] ?? 0] ?? '');
      lines.push((op === 0 ? ' ' : op === 1 ? '-' : '+') + stripEol(line));
      if (!line.endsWith('\n')) lines.push(NO_NEWLINE_MARKER);
    }
    return {
      id: `h${index + 1}`,
      oldStart: oldCount === 0 ? oldIndex : oldIndex + 1,
      oldLines: oldCount,
      newStart: newCount === 0 ? newIndex : newIndex + 1,
      newLines: newCount,
      lines,
      oldIndex,
      newIndex,
    };
  });
}

function stripEol(line: string): string {
  if (line.endsWith('\r\n')) return line.slice(0, -2);
  if (line.endsWith('\n')) return line.slice(0, -1);
  return line;
}

/** The unified diff text of a proposal: file headers, then each hunk. */
export function formatUnifiedDiff(
  path: string,
  isNewFile: boolean,
  hunks: readonly Hunk[],
): string {
  const out = [`--- ${isNewFile ? '/dev/null' : `a/${path}`}`, `+++ b/${path}`];
  for (const hunk of hunks) {
    out.push(
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines,
    );
  }
  return `${out.join('\n')}\n`;
}
