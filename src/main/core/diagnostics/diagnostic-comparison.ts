// Introduced vs fixed. A diagnostic's identity is (file, code, message, trimmed line text),
// never its position, so an error that merely moved with inserted lines is not new. The
// two sides are compared as multisets: a second copy of an existing error is new.
import type { Diagnostic } from '../../../shared/diagnostics';

export function diagnosticIdentity(d: Diagnostic): string {
  return JSON.stringify([d.path, d.code, d.message, d.lineText.trim()]);
}

function countByIdentity(list: readonly Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of list) {
    const key = diagnosticIdentity(d);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The entries of `from` beyond their count in `against` (multiset difference), in order. */
function difference(from: readonly Diagnostic[], against: readonly Diagnostic[]): Diagnostic[] {
  const remaining = countByIdentity(against);
  const out: Diagnostic[] = [];
  for (const d of from) {
    const key = diagnosticIdentity(d);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    else out.push(d);
  }
  return out;
}

export function compareDiagnostics(
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
): { introduced: Diagnostic[]; fixed: Diagnostic[] } {
  return { introduced: difference(after, before), fixed: difference(before, after) };
}

/** Stable order for people: by path, then line, then column. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line || a.column - b.column,
  );
}

/** The trimmed text of 1-based line `line` of `text`. */
export function lineTextAt(text: string, line: number): string {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return '';
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).trim();
}
