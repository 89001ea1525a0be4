// Line diff over interned line ids, fast for the edits models make: patience diff (lines
// unique on both sides anchor the alignment, found by a longest increasing subsequence),
// then jsdiff's Myers diff only inside the gaps between anchors. All Myers work shares one
// deadline and an edit-length cap; a gap past them becomes a replaced block and the result
// says `coarse`. Iterative (explicit stack), so no input can overflow the call stack.
import { diffArrays } from 'diff';

/** 0 equal, 1 removed, 2 added — one entry per line. */
export type LineOp = 0 | 1 | 2;

export interface DiffLimits {
  readonly deadline: number;
  readonly maxEditLength: number;
  readonly now: () => number;
}

/** The lines [aLo, aHi) of a against [bLo, bHi) of b. */
interface Ranges {
  readonly aLo: number;
  readonly aHi: number;
  readonly bLo: number;
  readonly bHi: number;
}

type Work = ({ kind: 'range' } & Ranges) | { kind: 'equal'; count: number };

export function diffLineIds(
  a: readonly number[],
  b: readonly number[],
  limits: DiffLimits,
): { ops: LineOp[]; coarse: boolean } {
  const ops: LineOp[] = [];
  let coarse = false;
  const push = (op: LineOp, count: number): void => {
    for (let i = 0; i < count; i += 1) ops.push(op);
  };
  const stack: Work[] = [{ kind: 'range', aLo: 0, aHi: a.length, bLo: 0, bHi: b.length }];
  while (stack.length) {
    const work = stack.pop() as Work;
    if (work.kind === 'equal') {
      push(0, work.count);
      continue;
    }
    let { aLo, aHi, bLo, bHi } = work;
    let prefix = 0;
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      aLo += 1;
      bLo += 1;
      prefix += 1;
    }
    let suffix = 0;
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
      aHi -= 1;
      bHi -= 1;
      suffix += 1;
    }
    push(0, prefix);
    const middle: Work[] = [];
    if (aLo === aHi || bLo === bHi) {
      emitTrivial(aHi - aLo, bHi - bLo, push);
    } else {
      const ranges = { aLo, aHi, bLo, bHi };
      const anchors = uniqueAnchors(a, b, ranges);
      if (anchors.length === 0) {
        if (myersGap(a, b, ranges, limits, push) === 'coarse') coarse = true;
      } else {
        let pa = aLo;
        let pb = bLo;
        for (const [ai, bi] of anchors) {
          middle.push(
            { kind: 'range', aLo: pa, aHi: ai, bLo: pb, bHi: bi },
            { kind: 'equal', count: 1 },
          );
          pa = ai + 1;
          pb = bi + 1;
        }
        middle.push({ kind: 'range', aLo: pa, aHi, bLo: pb, bHi });
      }
    }
    // Suffix after the middle: pushed first so it pops last.
    if (suffix) stack.push({ kind: 'equal', count: suffix });
    for (let i = middle.length - 1; i >= 0; i -= 1) stack.push(middle[i] as Work);
  }
  return { ops, coarse };
}

function emitTrivial(
  removed: number,
  added: number,
  push: (op: LineOp, count: number) => void,
): void {
  push(1, removed);
  push(2, added);
}

/** Pairs (ai, bi) of lines occurring exactly once in each range, longest increasing chain. */
function uniqueAnchors(
  a: readonly number[],
  b: readonly number[],
  { aLo, aHi, bLo, bHi }: Ranges,
): Array<[number, number]> {
  // count: how often in a (capped at 2), index of its only occurrence; then the same for b.
  const inA = new Map<number, number>();
  for (let i = aLo; i < aHi; i += 1) {
    const id = a[i] as number;
    inA.set(id, inA.has(id) ? -1 : i);
  }
  const inB = new Map<number, number>();
  for (let j = bLo; j < bHi; j += 1) {
    const id = b[j] as number;
    if (!inA.has(id) || inA.get(id) === -1) continue;
    inB.set(id, inB.has(id) ? -1 : j);
  }
  const pairs: Array<[number, number]> = [];
  for (let i = aLo; i < aHi; i += 1) {
    const id = a[i] as number;
    const j = inB.get(id);
    if (j !== undefined && j !== -1 && inA.get(id) === i) pairs.push([i, j]);
  }
  return longestIncreasing(pairs);
}

/** Longest chain with increasing b index (pairs arrive sorted by a index). O(k log k). */
function longestIncreasing(pairs: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k += 1) {
    const bi = (pairs[k] as [number, number])[1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tails[mid] as number] as [number, number])[1] < bi) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tails[lo - 1] as number;
    tails[lo] = k;
  }
  const chain: Array<[number, number]> = [];
  let k = tails.length ? (tails[tails.length - 1] as number) : -1;
  while (k !== -1) {
    chain.push(pairs[k] as [number, number]);
    k = previous[k] as number;
  }
  return chain.reverse();
}

function myersGap(
  a: readonly number[],
  b: readonly number[],
  { aLo, aHi, bLo, bHi }: Ranges,
  limits: DiffLimits,
  push: (op: LineOp, count: number) => void,
): 'exact' | 'coarse' {
  const left = a.slice(aLo, aHi);
  const right = b.slice(bLo, bHi);
  const rightSet = new Set(right);
  // Nothing in common: "remove all, add all" is the exact answer, no search needed.
  if (!left.some((id) => rightSet.has(id))) {
    emitTrivial(left.length, right.length, push);
    return 'exact';
  }
  const remaining = limits.deadline - limits.now();
  const changes =
    remaining > 0
      ? diffArrays(left, right, { timeout: remaining, maxEditLength: limits.maxEditLength })
      : undefined;
  if (!changes) {
    emitTrivial(left.length, right.length, push);
    return 'coarse';
  }
  for (const change of changes) push(change.added ? 2 : change.removed ? 1 : 0, change.count);
  return 'exact';
}
