// Explains a failed old_text match so the model can retry: the closest region of the file
// with line numbers (closest-region.ts: bounded similarity search) and, line by line, what
// differs (line-mismatch.ts: indentation, runs of whitespace, letter case, invisible
// characters, text), plus line-ending hints. The region is only shown, never applied.
import { findClosestRegion, MAX_SCAN_CHARS } from './closest-region';
import { visible } from './invisible-characters';
import { describeLineDifference } from './line-mismatch';
import { buildLineTable } from './line-table';
import type { TextFormat } from './text-format';

const MAX_DETAIL_LINES = 12;
const MAX_SHOWN = 60;

export function describeMultipleMatches(
  label: string,
  path: string,
  lines: readonly number[],
): string {
  const shown =
    lines.slice(0, 10).join(', ') + (lines.length > 10 ? `, … (${lines.length} in all)` : '');
  return `old_text of ${label} matches ${lines.length} places in ${path} (starting at lines ${shown}). Include more surrounding lines so it matches exactly one place, or set replace_all: true to change every occurrence.`;
}

export interface NoMatchContext {
  /** First line of the report, e.g. "Edit 2 of 3 failed: old_text was not found in a.ts." */
  readonly header: string;
  readonly format: TextFormat;
  /** Said under the header when the line numbers are not those of the file on disk. */
  readonly lineNote?: string | undefined;
}

export function describeNoMatch(text: string, oldText: string, context: NoMatchContext): string {
  const table = buildLineTable(text);
  const oldLines = oldText.split('\r\n').join('\n').replace(/\n$/u, '').split('\n');
  const hints = eolHints(oldText, context.format);
  const found = findClosestRegion(table.contents, oldLines);
  const stopped =
    found.scanStoppedAt === undefined
      ? []
      : [
          `Note: part of the similarity search stopped at line ${found.scanStoppedAt + 1} (limit: ${MAX_SCAN_CHARS} characters compared); a closer region further down may have been missed.`,
        ];
  const start = found.start;
  if (start === undefined) {
    return [
      context.header,
      'No region of the file resembles old_text, even ignoring letter case, whitespace and invisible characters. Re-read the file with read_file and copy old_text exactly from it.',
      ...stopped,
      ...hints,
    ].join('\n');
  }
  const count = Math.min(oldLines.length, table.contents.length - start);
  const from = Math.max(0, start - 2);
  const to = Math.min(table.contents.length, start + count + 2, from + MAX_SHOWN);
  const width = String(to).length;
  const shown: string[] = [];
  for (let i = from; i < to; i += 1) {
    const marker = i >= start && i < start + count ? '>' : ' ';
    shown.push(`${marker}${String(i + 1).padStart(width)}| ${visible(table.contents[i] ?? '')}`);
  }
  const details: string[] = [];
  for (let k = 0; k < count && details.length < MAX_DETAIL_LINES; k += 1) {
    const detail = describeLineDifference(
      table.contents[start + k] ?? '',
      oldLines[k] ?? '',
      start + k + 1,
    );
    if (detail) details.push(`- ${detail}`);
  }
  if (oldLines.length > count)
    details.push(
      `- old_text has ${oldLines.length - count} more line(s) than the file has from line ${start + 1}.`,
    );
  const lines = count === 1 ? `line ${start + 1}` : `lines ${start + 1}–${start + count}`;
  return [
    context.header,
    ...(context.lineNote ? [context.lineNote] : []),
    `Closest region: ${lines} (marked with >; invisible characters shown as \\u{…}):`,
    ...shown,
    ...(details.length ? ['What differs:', ...details] : []),
    ...stopped,
    ...hints,
    'Copy old_text exactly from the file (read_file shows it) and call edit_file again.',
  ].join('\n');
}

function eolHints(oldText: string, format: TextFormat): string[] {
  const hints: string[] = [];
  const oldCrlf = oldText.includes('\r\n');
  const fileName = format.eol === '\r\n' ? 'CRLF' : 'LF';
  if (oldCrlf && format.eol === '\n')
    hints.push(
      `Note: old_text uses CRLF line endings and the file uses ${fileName}; that difference alone is tolerated.`,
    );
  if (!oldCrlf && oldText.includes('\n') && format.eol === '\r\n')
    hints.push(
      `Note: the file uses CRLF line endings and old_text LF; that difference alone is tolerated.`,
    );
  if (format.mixedEol) hints.push('Note: the file mixes CRLF and LF line endings.');
  return hints;
}
