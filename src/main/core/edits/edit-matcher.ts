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
  const several = edits.length > 1;
  // All or nothing: with several edits, a refusal says that the others were not applied.
  const nothing = several
    ? `No edit was applied: edits 1–${edits.length} are all or nothing. Nothing was changed.`
    : 'Nothing was changed.';
  // Edits that changed the number of lines so far (line numbers in a report then count them).
  const reshaped: number[] = [];
  for (const [index, edit] of edits.entries()) {
    const label = several ? `edit ${index + 1} of ${edits.length}` : 'the edit';
    if (edit.old_text.length === 0) {
      return {
        ok: false,
        message: `old_text of ${label} is empty. Give the exact text to replace (copy it from read_file), pass content to replace the whole file, or use create_file for a new file. ${nothing}`,
      };
    }
    if (edit.old_text === edit.new_text) {
      return {
        ok: false,
        message: `${label[0]?.toUpperCase()}${label.slice(1)} changes nothing: old_text and new_text are identical. ${nothing}`,
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
          message: `old_text of ${label} was not found exactly in ${path}, and ${error.message}: the file is too repetitive for it. Copy a shorter, distinctive old_text exactly from the file. ${nothing}`,
        };
      }
      tolerant = regions.length > 0;
    }
    if (regions.length === 0 && current === '') {
      return {
        ok: false,
        message: `${path} is empty, so old_text of ${label} cannot match anything. Pass content to write the whole file (it lands byte for byte). ${nothing}`,
      };
    }
    if (regions.length === 0) {
      const header = several
        ? `Edit ${index + 1} of ${edits.length} failed: old_text was not found in ${path}.`
        : `old_text of the edit was not found in ${path}.`;
      const earlier = index > 0 ? aimedAtReplacedText(text, edit.old_text) : undefined;
      if (earlier)
        return {
          ok: false,
          message: `${header}\nIts old_text matches ${earlier} of the file as it is on disk, but an earlier edit of this call already changed that text: edits apply in order, each to the result of the ones before. Merge the overlapping edits into one, or match the text as the earlier edits leave it.\n${nothing}`,
        };
      const lineNote = reshaped.length
        ? `(These line numbers count the file with ${reshaped.length === 1 ? `edit ${reshaped[0]}` : `edits ${reshaped.join(', ')}`} applied, since ${reshaped.length === 1 ? 'it changes' : 'they change'} the number of lines.)`
        : undefined;
      return {
        ok: false,
        message: `${describeNoMatch(current, edit.old_text, { header, format, lineNote })}\n${nothing}`,
      };
    }
    if (regions.length > 1 && !edit.replace_all) {
      const table = buildLineTable(current);
      const lines = regions.map((r) => lineIndexAt(table, r.start) + 1);
      return {
        ok: false,
        message: `${describeMultipleMatches(label, path, lines)}\n${nothing}`,
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
    const removed = regions.reduce((n, r) => n + lineBreaks(current.slice(r.start, r.end)), 0);
    if (removed !== regions.length * lineBreaks(replacement)) reshaped.push(index + 1);
    current = replaceRegions(current, regions, replacement);
  }
  return { ok: true, text: current, notes };
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** "lines 3–4" when old_text matches the original text (exactly or tolerantly), else undefined. */
function aimedAtReplacedText(original: string, oldText: string): string | undefined {
  let regions = findExact(original, oldText);
  if (regions.length === 0) {
    try {
      regions = findTolerant(original, oldText);
    } catch (error) {
      if (error instanceof TolerantSearchLimitError) return undefined;
      throw error;
    }
  }
  const first = regions[0];
  return first ? describeLines(buildLineTable(original), first) : undefined;
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
