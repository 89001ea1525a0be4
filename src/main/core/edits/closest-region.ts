// Where in the file old_text most probably was meant to match, for the mismatch report only
// (a fuzzy region is never applied). Lines are compared by their normalized key (letter
// case, invisible characters and runs of blanks ignored), so whitespace-, case- and
// invisible-character near misses vote exactly; a bigram similarity scan of a few anchor
// lines catches the rest (a changed word, a partial line). Every stage has a hard cap, and a
// scan cut short by its cap says so.
import { normalizeLine } from './invisible-characters';

/** Positions remembered per distinct normalized line (repetitive files would cost lines²). */
const MAX_VOTES_PER_LINE = 200;
/** Only the first lines of a huge old_text vote. */
const MAX_OLD_LINES_VOTING = 2000;
/** Lines of a window compared when scoring a candidate. */
const MAX_SCORED_LINES = 60;
/** Candidate windows scored in full. */
const MAX_CANDIDATES = 48;
/** Anchor lines of old_text scanned against every file line. */
const MAX_ANCHORS = 3;
/** Characters the anchor scan may read in all; past it the scan stops and says where. */
export const MAX_SCAN_CHARS = 12_000_000;
/** Characters of a line a similarity looks at. */
const MAX_COMPARED_CHARS = 400;
/** Below this mean line similarity nothing resembles old_text. */
const MIN_SCORE = 0.4;

export interface ClosestRegion {
  /** Zero-based first line, or undefined when nothing resembles old_text. */
  readonly start: number | undefined;
  /** Mean line similarity of the region, 0–1. */
  readonly score: number;
  /** Set when the anchor scan hit MAX_SCAN_CHARS: the zero-based line it stopped before. */
  readonly scanStoppedAt?: number;
}

export function findClosestRegion(
  fileLines: readonly string[],
  oldLines: readonly string[],
): ClosestRegion {
  const fileKeys = fileLines.map((line) => normalizeLine(line).text);
  const oldKeys = oldLines.map((line) => normalizeLine(line).text);
  const candidates = new Map<number, number>();
  const add = (start: number, weight: number) => {
    if (start < 0 || start >= fileKeys.length) return;
    candidates.set(start, (candidates.get(start) ?? 0) + weight);
  };
  voteByEqualKeys(fileKeys, oldKeys, add);
  const scan = scanAnchors(fileKeys, oldKeys, add);
  const ranked = [...candidates.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_CANDIDATES);
  const oldGrams = oldKeys
    .slice(0, MAX_SCORED_LINES)
    .map((key) => bigramSet(key.slice(0, MAX_COMPARED_CHARS)));
  let best: number | undefined;
  let bestScore = 0;
  for (const [start] of ranked) {
    const score = windowScore(fileKeys, oldKeys, oldGrams, start);
    if (score > bestScore || (score === bestScore && best !== undefined && start < best)) {
      best = start;
      bestScore = score;
    }
  }
  // A region equal to old_text after normalizing cannot be beaten: a cut scan then missed nothing.
  const stopped =
    scan.stoppedAt === undefined || bestScore === 1 ? {} : { scanStoppedAt: scan.stoppedAt };
  if (best === undefined || bestScore < MIN_SCORE)
    return { start: undefined, score: 0, ...stopped };
  return { start: best, score: bestScore, ...stopped };
}

function voteByEqualKeys(
  fileKeys: readonly string[],
  oldKeys: readonly string[],
  add: (start: number, weight: number) => void,
): void {
  const index = new Map<string, number[]>();
  for (const [i, key] of fileKeys.entries()) {
    if (!key) continue;
    const list = index.get(key);
    if (!list) index.set(key, [i]);
    else if (list.length < MAX_VOTES_PER_LINE) list.push(i);
  }
  for (const [k, key] of oldKeys.slice(0, MAX_OLD_LINES_VOTING).entries()) {
    if (!key) continue;
    for (const p of index.get(key) ?? []) add(p - k, 1);
  }
}

/**
 * Scans every file line against the longest lines of old_text (bigram similarity, or
 * containment for a partial line) and adds the best few places of each as candidates.
 */
function scanAnchors(
  fileKeys: readonly string[],
  oldKeys: readonly string[],
  add: (start: number, weight: number) => void,
): { stoppedAt?: number } {
  const anchors = oldKeys
    .slice(0, MAX_OLD_LINES_VOTING)
    .map((key, k) => ({ key: key.slice(0, MAX_COMPARED_CHARS), k }))
    .filter((a) => a.key.length >= 3)
    .sort((a, b) => b.key.length - a.key.length || a.k - b.k)
    .slice(0, MAX_ANCHORS);
  let budget = MAX_SCAN_CHARS;
  let stoppedAt: number | undefined;
  for (const anchor of anchors) {
    if (stoppedAt !== undefined) break;
    const grams = bigramSet(anchor.key);
    const top: Array<{ line: number; similarity: number }> = [];
    for (const [i, key] of fileKeys.entries()) {
      budget -= Math.min(key.length, MAX_COMPARED_CHARS) + anchor.key.length;
      if (budget < 0) {
        stoppedAt = i;
        break;
      }
      const similarity = lineSimilarity(key, anchor.key, grams);
      if (similarity < MIN_SCORE) continue;
      top.push({ line: i, similarity });
      if (top.length > 64) {
        top.sort((a, b) => b.similarity - a.similarity || a.line - b.line);
        top.length = 16;
      }
    }
    top.sort((a, b) => b.similarity - a.similarity || a.line - b.line);
    // What was found before a stop still counts.
    for (const hit of top.slice(0, 16)) add(hit.line - anchor.k, hit.similarity);
  }
  return stoppedAt === undefined ? {} : { stoppedAt };
}

/** Mean similarity of the window at `start` over (at most MAX_SCORED_LINES) old lines. */
function windowScore(
  fileKeys: readonly string[],
  oldKeys: readonly string[],
  oldGrams: readonly Grams[],
  start: number,
): number {
  const count = Math.min(oldKeys.length, MAX_SCORED_LINES);
  let sum = 0;
  for (let k = 0; k < count; k += 1) {
    const fileKey = fileKeys[start + k];
    const oldKey = oldKeys[k] ?? '';
    if (fileKey === undefined) continue; // past the end of the file: counts as 0
    sum += lineSimilarity(fileKey, oldKey, oldGrams[k] ?? new Map());
  }
  return count === 0 ? 0 : sum / count;
}

/** Bigrams of a line of old_text, each with the last comparison that counted it. */
type Grams = Map<number, number>;

let comparison = 0;

/**
 * 1 for equal keys, 0.9 when one holds the other, else the Dice coefficient of their bigram
 * sets (the file line's bigrams counted with repeats: cheaper, and only used for ranking).
 */
function lineSimilarity(fileKey: string, oldKey: string, oldGrams: Grams): number {
  if (fileKey === oldKey) return 1;
  if (!fileKey || !oldKey) return 0;
  if (oldKey.length >= 3 && fileKey.includes(oldKey)) return 0.9;
  if (fileKey.length >= 3 && oldKey.includes(fileKey)) return 0.9;
  const length = Math.min(fileKey.length, MAX_COMPARED_CHARS);
  if (length < 2 || oldGrams.size === 0) return 0;
  comparison += 1;
  let shared = 0;
  for (let i = 0; i + 1 < length; i += 1) {
    const gram = fileKey.charCodeAt(i) * 65536 + fileKey.charCodeAt(i + 1);
    const stamp = oldGrams.get(gram);
    if (stamp !== undefined && stamp !== comparison) {
      oldGrams.set(gram, comparison);
      shared += 1;
    }
  }
  return (2 * shared) / (length - 1 + oldGrams.size);
}

function bigramSet(text: string): Grams {
  const grams: Grams = new Map();
  for (let i = 0; i + 1 < text.length; i += 1)
    grams.set(text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1), 0);
  return grams;
}
