// What a person keeps of a proposal, finer than whole hunks: a hunk splits into its separate
// changes (the runs of changed lines between unchanged ones, as `git add -p`'s `s` splits),
// and a change into its lines. A selection is a set of changed lines; what it writes is the
// base with those lines changed: a kept `-` line is removed, a kept `+` line added, and the
// others left as the base has them. Selectors name it the way every screen types it: `h2` a
// whole hunk, `h2.1` one of its changes, `h2@5` the fifth line of the hunk.
import type { Hunk } from './approvals';

/** One separate change of a hunk: its changed lines, and the hunk shown around them. */
export interface HunkPart {
  /** `h2.1`: hunk h2's first change. */
  readonly id: string;
  readonly hunkId: string;
  /** Indexes into the hunk's lines of the part's `-` and `+` lines. */
  readonly lineIndexes: readonly number[];
  /** The part as a hunk of its own, with up to three unchanged lines each side. */
  readonly hunk: Hunk;
}

/** The key of one changed line in a selection: `h2@5`, the hunk's line 5 (1-based). */
export type LineKey = string;

const CONTEXT = 3;

export function lineKey(hunkId: string, index: number): LineKey {
  return `${hunkId}@${index + 1}`;
}

export function isChangedLine(line: string | undefined): boolean {
  return line !== undefined && (line.startsWith('+') || line.startsWith('-'));
}

/** The indexes of a hunk's `-` and `+` lines. */
export function changedLineIndexes(hunk: Pick<Hunk, 'lines'>): number[] {
  const out: number[] = [];
  hunk.lines.forEach((line, index) => {
    if (isChangedLine(line)) out.push(index);
  });
  return out;
}

/** The line numbers (old, new) each of a hunk's lines starts at, 1-based. */
function lineNumbers(hunk: Hunk): Array<{ old: number; new: number }> {
  let oldAt = hunk.oldLines === 0 ? hunk.oldStart + 1 : hunk.oldStart;
  let newAt = hunk.newLines === 0 ? hunk.newStart + 1 : hunk.newStart;
  return hunk.lines.map((line) => {
    const here = { old: oldAt, new: newAt };
    if (line.startsWith(' ') || line.startsWith('-')) oldAt += 1;
    if (line.startsWith(' ') || line.startsWith('+')) newAt += 1;
    return here;
  });
}

/** A slice of a hunk's lines as a hunk of its own (header counts from the lines). */
function subHunk(hunk: Hunk, id: string, from: number, to: number): Hunk {
  const numbers = lineNumbers(hunk);
  const lines = hunk.lines.slice(from, to);
  const oldLines = lines.filter((l) => l.startsWith(' ') || l.startsWith('-')).length;
  const newLines = lines.filter((l) => l.startsWith(' ') || l.startsWith('+')).length;
  const start = numbers[from] ?? { old: hunk.oldStart, new: hunk.newStart };
  return {
    id,
    oldStart: oldLines === 0 ? start.old - 1 : start.old,
    oldLines,
    newStart: newLines === 0 ? start.new - 1 : start.new,
    newLines,
    lines,
  };
}

/** A hunk's separate changes, in order; a hunk of one change has one part. */
export function hunkParts(hunk: Hunk): HunkPart[] {
  const runs: number[][] = [];
  let current: number[] | null = null;
  hunk.lines.forEach((line, index) => {
    if (isChangedLine(line)) {
      if (!current) runs.push((current = []));
      current.push(index);
    } else if (line.startsWith(' ')) current = null;
  });
  return runs.map((indexes, k) => {
    const id = `${hunk.id}.${k + 1}`;
    const first = indexes[0] ?? 0;
    const last = indexes[indexes.length - 1] ?? 0;
    const from = contextEdge(hunk.lines, first, -1);
    const to = contextEdge(hunk.lines, last, 1) + 1;
    return { id, hunkId: hunk.id, lineIndexes: indexes, hunk: subHunk(hunk, id, from, to) };
  });
}

/** Up to three unchanged lines from `at` in a direction, stopping at another change. */
function contextEdge(lines: readonly string[], at: number, step: 1 | -1): number {
  let edge = at;
  let context = 0;
  for (let k = at + step; k >= 0 && k < lines.length; k += step) {
    const line = lines[k] ?? '';
    if (line.startsWith('\\')) {
      edge = k;
      continue;
    }
    if (!line.startsWith(' ') || context === CONTEXT) break;
    context += 1;
    edge = k;
  }
  // The "no newline" marker belongs to the line before it.
  while (step === 1 && (lines[edge + 1] ?? '').startsWith('\\')) edge += 1;
  return edge;
}

/** Every changed line of the hunks: what "all" selects. */
export function allLineKeys(hunks: readonly Hunk[]): Set<LineKey> {
  const keys = new Set<LineKey>();
  for (const hunk of hunks)
    for (const index of changedLineIndexes(hunk)) keys.add(lineKey(hunk.id, index));
  return keys;
}

export type SelectorsRead =
  { readonly keys: Set<LineKey> } | { readonly unknown: readonly string[] };

/** The changed lines that selectors name; any selector that names nothing is unknown. */
export function linesOfSelectors(
  hunks: readonly Hunk[],
  selectors: readonly string[],
): SelectorsRead {
  const keys = new Set<LineKey>();
  const unknown: string[] = [];
  const byId = new Map(hunks.map((h) => [h.id, h]));
  for (const raw of selectors) {
    const selector = raw.trim().toLowerCase();
    const named = namedLines(byId, selector);
    if (!named) unknown.push(raw);
    else for (const key of named) keys.add(key);
  }
  return unknown.length ? { unknown } : { keys };
}

function namedLines(byId: ReadonlyMap<string, Hunk>, selector: string): LineKey[] | null {
  const match = /^(h\d+)(?:\.(\d+)|@(\d+))?$/u.exec(selector);
  const hunk = match?.[1] ? byId.get(match[1]) : undefined;
  if (!match || !hunk) return null;
  if (match[2] !== undefined) {
    const part = hunkParts(hunk)[Number(match[2]) - 1];
    return part ? part.lineIndexes.map((i) => lineKey(hunk.id, i)) : null;
  }
  if (match[3] !== undefined) {
    const index = Number(match[3]) - 1;
    return isChangedLine(hunk.lines[index]) ? [lineKey(hunk.id, index)] : null;
  }
  return changedLineIndexes(hunk).map((i) => lineKey(hunk.id, i));
}

/** The shortest selectors for a set of lines: whole hunks, then whole parts, then lines. */
export function selectorsFor(hunks: readonly Hunk[], keys: ReadonlySet<LineKey>): string[] {
  const out: string[] = [];
  for (const hunk of hunks) {
    const changed = changedLineIndexes(hunk);
    const kept = changed.filter((i) => keys.has(lineKey(hunk.id, i)));
    if (kept.length === 0) continue;
    if (kept.length === changed.length) {
      out.push(hunk.id);
      continue;
    }
    for (const part of hunkParts(hunk)) {
      const partKept = part.lineIndexes.filter((i) => keys.has(lineKey(hunk.id, i)));
      if (partKept.length === part.lineIndexes.length) out.push(part.id);
      else for (const i of partKept) out.push(lineKey(hunk.id, i));
    }
  }
  return out;
}

/** What a selection keeps, in the words the buttons and summaries use. */
export interface SelectionCount {
  readonly hunks: number;
  /** Hunks kept whole. */
  readonly wholeHunks: number;
  /** Hunks kept in part. */
  readonly partialHunks: number;
  readonly changedLines: number;
  readonly keptLines: number;
}

export function countSelection(hunks: readonly Hunk[], keys: ReadonlySet<LineKey>): SelectionCount {
  let wholeHunks = 0;
  let partialHunks = 0;
  let changedLines = 0;
  let keptLines = 0;
  for (const hunk of hunks) {
    const changed = changedLineIndexes(hunk);
    const kept = changed.filter((i) => keys.has(lineKey(hunk.id, i))).length;
    changedLines += changed.length;
    keptLines += kept;
    if (kept === changed.length && kept > 0) wholeHunks += 1;
    else if (kept > 0) partialHunks += 1;
  }
  return { hunks: hunks.length, wholeHunks, partialHunks, changedLines, keptLines };
}

/** "all 2 hunks", "1 of 2 hunks", "5 of 9 changed lines", "nothing". */
export function selectionWords(count: SelectionCount): string {
  if (count.keptLines === 0) return 'nothing';
  if (count.partialHunks > 0) return `${count.keptLines} of ${count.changedLines} changed lines`;
  if (count.wholeHunks === count.hunks)
    return count.hunks === 1 ? 'the change' : `all ${count.hunks} hunks`;
  return `${count.wholeHunks} of ${count.hunks} hunks`;
}
