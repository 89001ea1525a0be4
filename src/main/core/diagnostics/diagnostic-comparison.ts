// Introduced vs fixed. A diagnostic's identity is (file, code, message, trimmed line text),
// never its position, so an error that merely moved with inserted lines is not new. The
// message is its first line: the elaboration under it ("Type 'typeof A' has no construct
// signatures.") depends on what the checker related before, so the same error checked in
// another order (the changed files first, then their importers) reads differently below. The
// two sides are compared as multisets: a second copy of an existing error is new.
import type { Diagnostic } from '../../../shared/diagnostics';

export function diagnosticIdentity(d: Diagnostic): string {
  const head = d.message.split('\n', 1)[0] ?? '';
  return JSON.stringify([d.path, d.code, canonicalMessage(head), d.lineText.trim()]);
}

const OPEN = '([{<';
const CLOSE = ')]}>';

const DELIMITERS = [', ', '; ', ': ', ' => ', ' & '];

/** Splits `text` at depth 0 (outside brackets) on `separators`, keeping what separated. */
function splitTop(
  text: string,
  separators: readonly string[],
): { parts: string[]; seps: string[] } {
  const parts: string[] = [];
  const seps: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c) && !(c === '>' && text[i - 1] === '='))
      depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const sep = separators.find((s) => text.startsWith(s, i));
      if (sep) {
        parts.push(text.slice(start, i));
        seps.push(sep);
        start = i + sep.length;
        i += sep.length - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return { parts, seps };
}

/** A bracketed group's content canonicalised, recursively. */
function canonicalAtom(atom: string): string {
  const at = [...atom].findIndex((c) => OPEN.includes(c));
  if (at < 0) return atom;
  let depth = 0;
  for (let i = at; i < atom.length; i++) {
    const c = atom[i] as string;
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c) && !(c === '>' && atom[i - 1] === '=') && --depth === 0)
      return (
        atom.slice(0, at + 1) +
        canonicalType(atom.slice(at + 1, i)) +
        c +
        canonicalAtom(atom.slice(i + 1))
      );
  }
  return atom;
}

/** A type's text with the members of every union sorted, at every depth. */
function canonicalType(text: string): string {
  const { parts, seps } = splitTop(text, DELIMITERS);
  return parts
    .map((part) => splitTop(part, [' | ']).parts.map(canonicalAtom).sort().join(' | '))
    .map((part, i) => part + (seps[i] ?? ''))
    .join('');
}

/**
 * A message as compared: TypeScript orders a union's members and a list of missing
 * properties by when the checker first met each type, so the same error reads
 * `'tools' | 'system'` from a checker that checked only the affected files and
 * `'system' | 'tools'` from one that checked the whole program (tsc), or the disk side.
 * Those orders are sorted here; the message shown stays TypeScript's.
 */
export function canonicalMessage(message: string): string {
  return message
    .replace(/'([^'\n]*)'/g, (_, type: string) => `'${canonicalType(type)}'`)
    .replace(
      /(properties from type '[^'\n]*': )([^\n]*?)((?: and \d+ more)?\.?)$/m,
      (_, head: string, list: string, tail: string) =>
        `${head}${list.replace(/,$/, '').split(', ').sort().join(', ')}${list.endsWith(',') ? ',' : ''}${tail}`,
    );
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
