// Applies edit_file's `old_text → new_text` replacements (DESIGN.md "Tools"). Each old_text
// must match exactly once unless replace_all. When the exact text is absent, the only
// tolerated differences are line endings (CRLF vs LF) and trailing whitespace before a line
// break; the result says when that tolerance was used. Nothing fuzzier is ever applied.
// Replacement is by slicing, never String.replace, so `$&`, `$1`, `$$` land verbatim.
import { buildLineTable, lineIndexAt, rtrim, type LineTable } from './line-table';
import { describeMultipleMatches, describeNoMatch } from './mismatch-report';
import { conformEol, type TextFormat } from './text-format';

export interface EditSpec {
  readonly old_text: string;
  readonly new_text: string;
  readonly replace_all?: boolean | undefined;
}

/** Bound on the tolerant search's line comparisons (fails closed with a message). */
export const MAX_TOLERANT_COMPARISONS = 20_000_000;

export class TolerantSearchLimitError extends Error {
  override readonly name = 'TolerantSearchLimitError';
  constructor() {
    super(`the tolerant search stopped after ${MAX_TOLERANT_COMPARISONS} line comparisons (limit)`);
  }
}

export type EditOutcome =
  { ok: true; text: string; notes: string[] } | { ok: false; message: string };

interface Region {
  start: number;
  end: number;
}

/** Applies the edits in order to `text` (BOM-less); all or nothing. */
export function applyEdits(
  text: string,
  edits: readonly EditSpec[],
  format: TextFormat,
  path: string,
): EditOutcome {
  if (edits.length === 0)
    return {
      ok: false,
      message: 'edits is empty: give at least one {old_text, new_text}, or pass content.',
    };
  let current = text;
  const notes: string[] = [];
  for (const [index, edit] of edits.entries()) {
    const label = edits.length > 1 ? `edit ${index + 1}` : 'the edit';
    if (edit.old_text.length === 0) {
      return {
        ok: false,
        message: `old_text of ${label} is empty. Give the exact text to replace (copy it from read_file), pass content to replace the whole file, or use create_file for a new file. Nothing was changed.`,
      };
    }
    if (edit.old_text === edit.new_text) {
      return {
        ok: false,
        message: `${label} changes nothing: old_text and new_text are identical. Nothing was changed.`,
      };
    }
    const exact = findExact(current, edit.old_text);
    let regions = exact;
    let tolerant = false;
    if (exact.length === 0) {
      try {
        regions = findTolerant(current, edit.old_text);
      } catch (error) {
        if (!(error instanceof TolerantSearchLimitError)) throw error;
        return {
          ok: false,
          message: `old_text of ${label} was not found exactly in ${path}, and ${error.message}: the file is too repetitive for it. Copy a shorter, distinctive old_text exactly from the file. Nothing was changed.`,
        };
      }
      tolerant = regions.length > 0;
    }
    if (regions.length === 0) {
      return {
        ok: false,
        message: `${describeNoMatch(current, edit.old_text, label, path, format)}\nNothing was changed.`,
      };
    }
    if (regions.length > 1 && !edit.replace_all) {
      const table = buildLineTable(current);
      const lines = regions.map((r) => lineIndexAt(table, r.start) + 1);
      return {
        ok: false,
        message: `${describeMultipleMatches(label, path, lines)}\nNothing was changed.`,
      };
    }
    const replacement = conformEol(edit.new_text, format);
    if (tolerant) {
      const table = buildLineTable(current);
      const where = regions.map((r) => describeLines(table, r)).join(', ');
      notes.push(
        `${label} matched ${where} only after ignoring line-ending (CRLF/LF) and trailing-whitespace differences; the file's own line endings were kept.`,
      );
    }
    current = replaceRegions(current, regions, replacement);
  }
  return { ok: true, text: current, notes };
}

function describeLines(table: LineTable, region: Region): string {
  const first = lineIndexAt(table, region.start) + 1;
  const last = lineIndexAt(table, Math.max(region.start, region.end - 1)) + 1;
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

function replaceRegions(text: string, regions: readonly Region[], replacement: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const region of regions) {
    parts.push(text.slice(at, region.start), replacement);
    at = region.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Non-overlapping exact occurrences, left to right. */
export function findExact(text: string, needle: string): Region[] {
  const found: Region[] = [];
  let at = text.indexOf(needle);
  while (at !== -1) {
    found.push({ start: at, end: at + needle.length });
    at = text.indexOf(needle, at + needle.length);
  }
  return found;
}

/**
 * Occurrences when CRLF/LF and trailing whitespace before a line break are ignored. The
 * first line of old_text may end a file line, the last may begin one; lines in between match
 * whole lines. Non-overlapping, left to right.
 */
export function findTolerant(text: string, needle: string): Region[] {
  const normalized = needle.split('\r\n').join('\n');
  const endsWithNewline = normalized.endsWith('\n');
  const body = endsWithNewline ? normalized.slice(0, -1) : normalized;
  const parts = body.split('\n');
  // A single line without a break has no line ending or pre-break whitespace to tolerate.
  if (parts.length === 1 && !endsWithNewline) return [];
  const m = parts.length;
  const closed = parts.map((part, k) => (k < m - 1 || endsWithNewline ? rtrim(part) : part));
  const table = buildLineTable(text);
  const trimmed = table.contents.map(rtrim);
  const found: Region[] = [];
  let minStart = 0;
  // Line comparisons allowed; highly repetitive text could otherwise cost lines × lines.
  const budget = { left: MAX_TOLERANT_COMPARISONS };
  for (let i = 0; i + m <= table.contents.length; i += 1) {
    const region = matchAt(table, trimmed, closed, i, endsWithNewline, budget);
    if (budget.left < 0) throw new TolerantSearchLimitError();
    if (region && region.start >= minStart) {
      found.push(region);
      minStart = region.end;
    }
  }
  return found;
}

function matchAt(
  table: LineTable,
  trimmed: readonly string[],
  parts: readonly string[],
  i: number,
  endsWithNewline: boolean,
  budget: { left: number },
): Region | undefined {
  const m = parts.length;
  const first = parts[0] ?? '';
  const firstLine = trimmed[i] ?? '';
  budget.left -= 1;
  if (!firstLine.endsWith(first)) return undefined;
  for (let k = 1; k < m - 1; k += 1) {
    budget.left -= 1;
    if (trimmed[i + k] !== parts[k]) return undefined;
  }
  const j = i + m - 1;
  const lineStart = table.starts[i] ?? 0;
  const start = lineStart + firstLine.length - first.length;
  if (endsWithNewline) {
    if (m > 1 && trimmed[j] !== parts[m - 1]) return undefined;
    return { start, end: table.ends[j] ?? 0 };
  }
  const last = parts[m - 1] ?? '';
  const lastContent = table.contents[j] ?? '';
  if (!lastContent.startsWith(last)) return undefined;
  return { start, end: (table.starts[j] ?? 0) + last.length };
}
