// What the person keeps of a proposal in the review: a set of changed lines (hunk-selection.ts),
// ticked a hunk, a change or a line at a time. The decision it makes is what the primary
// button sends: the whole proposal when every line is kept, else exactly the lines kept.
import { useMemo, useState } from 'react';
import type { Decision, Hunk } from '../../../shared/approvals';
import {
  allLineKeys,
  changedLineIndexes,
  countSelection,
  lineKey,
  selectorsFor,
  type HunkPart,
  type LineKey,
  type SelectionCount,
} from '../../../shared/hunk-selection';

export type TickState = 'all' | 'some' | 'none';

export interface LineSelection {
  readonly keys: ReadonlySet<LineKey>;
  readonly count: SelectionCount;
  /** What approving sends; null when nothing is kept (nothing to approve). */
  readonly decision: Decision | null;
  /** True when every line is kept: the proposal as shown. */
  readonly all: boolean;
  hunkState(hunk: Hunk): TickState;
  partState(part: HunkPart): TickState;
  toggleHunk(hunk: Hunk): void;
  togglePart(part: HunkPart): void;
  toggleLine(hunk: Hunk, index: number): void;
}

function stateOf(keys: ReadonlySet<LineKey>, wanted: readonly LineKey[]): TickState {
  const kept = wanted.filter((key) => keys.has(key)).length;
  return kept === 0 ? 'none' : kept === wanted.length ? 'all' : 'some';
}

export function useLineSelection(hunks: readonly Hunk[]): LineSelection {
  const [keys, setKeys] = useState<ReadonlySet<LineKey>>(() => allLineKeys(hunks));
  const hunkKeys = (hunk: Hunk): LineKey[] =>
    changedLineIndexes(hunk).map((index) => lineKey(hunk.id, index));
  const partKeys = (part: HunkPart): LineKey[] =>
    part.lineIndexes.map((index) => lineKey(part.hunkId, index));
  // Ticking a group that is partly kept keeps all of it; a fully kept one is dropped.
  const toggleAll = (wanted: readonly LineKey[]) =>
    setKeys((current) => {
      const next = new Set(current);
      const on = stateOf(current, wanted) !== 'all';
      for (const key of wanted) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  const derived = useMemo(() => {
    const count = countSelection(hunks, keys);
    const all = count.keptLines === count.changedLines;
    const decision: Decision | null =
      count.keptLines === 0
        ? null
        : all
          ? { type: 'approve' }
          : { type: 'approve_hunks', hunkIds: selectorsFor(hunks, keys) };
    return { count, all, decision };
  }, [hunks, keys]);
  return {
    keys,
    ...derived,
    hunkState: (hunk) => stateOf(keys, hunkKeys(hunk)),
    partState: (part) => stateOf(keys, partKeys(part)),
    toggleHunk: (hunk) => toggleAll(hunkKeys(hunk)),
    togglePart: (part) => toggleAll(partKeys(part)),
    toggleLine: (hunk, index) => toggleAll([lineKey(hunk.id, index)]),
  };
}
