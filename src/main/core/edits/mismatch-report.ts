// Explains a failed old_text match so the model can retry: the closest region of the file
// with line numbers and, line by line, what differs (indentation, inner whitespace, text),
// plus line-ending hints. Bounded work: candidate regions come from line votes, not a scan
// of every window.
import { buildLineTable } from './line-table';
import type { TextFormat } from './text-format';

const MAX_VOTES_PER_LINE = 200;
const MAX_DETAIL_LINES = 12;
const MAX_SHOWN = 60;
/** Only the first lines of a huge old_text vote for the closest region. */
const MAX_OLD_LINES_VOTING = 2000;

export function describeMultipleMatches(
  label: string,
  path: string,
  lines: readonly number[],
): string {
  const shown =
    lines.slice(0, 10).join(', ') + (lines.length > 10 ? `, … (${lines.length} in all)` : '');
  return `old_text of ${label} matches ${lines.length} places in ${path} (starting at lines ${shown}). Include more surrounding lines so it matches exactly one place, or set replace_all: true to change every occurrence.`;
}

export function describeNoMatch(
  text: string,
  oldText: string,
  label: string,
  path: string,
  format: TextFormat,
): string {
  const table = buildLineTable(text);
  const oldLines = oldText.split('\r\n').join('\n').replace(/\n$/u, '').split('\n');
  const header = `old_text of ${label} was not found in ${path}.`;
  const hints = eolHints(oldText, format);
  const start = closestStart(table.contents, oldLines);
  if (start === undefined) {
    return [
      header,
      'No line of old_text occurs in the file, even ignoring indentation. Re-read the file with read_file and copy old_text exactly from it.',
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
    shown.push(`${marker}${String(i + 1).padStart(width)}| ${table.contents[i] ?? ''}`);
  }
  const details: string[] = [];
  for (let k = 0; k < count && details.length < MAX_DETAIL_LINES; k += 1) {
    const detail = lineDifference(table.contents[start + k] ?? '', oldLines[k] ?? '');
    if (detail) details.push(`- line ${start + k + 1}: ${detail}`);
  }
  if (oldLines.length > count)
    details.push(
      `- old_text has ${oldLines.length - count} more line(s) than the file has from line ${start + 1}.`,
    );
  return [
    header,
    `Closest region: lines ${start + 1}–${start + count} (marked with >):`,
    ...shown,
    ...(details.length ? ['What differs:', ...details] : []),
    ...hints,
    'Copy old_text exactly from the file (read_file shows it) and call edit_file again.',
  ].join('\n');
}

/** Window start with the most lines equal ignoring surrounding whitespace. */
function closestStart(
  fileLines: readonly string[],
  oldLines: readonly string[],
): number | undefined {
  const index = new Map<string, number[]>();
  for (const [i, line] of fileLines.entries()) {
    const key = line.trim();
    if (!key) continue;
    const list = index.get(key);
    if (!list) index.set(key, [i]);
    else if (list.length < MAX_VOTES_PER_LINE) list.push(i);
  }
  const votes = new Map<number, number>();
  for (const [k, line] of oldLines.slice(0, MAX_OLD_LINES_VOTING).entries()) {
    const key = line.trim();
    if (!key) continue;
    for (const p of index.get(key) ?? []) {
      const start = p - k;
      if (start < 0) continue;
      votes.set(start, (votes.get(start) ?? 0) + 1);
    }
  }
  let best: number | undefined;
  let bestVotes = 0;
  for (const [start, count] of votes) {
    if (count > bestVotes || (count === bestVotes && best !== undefined && start < best)) {
      best = start;
      bestVotes = count;
    }
  }
  if (best === undefined) return partialLineMatch(fileLines, oldLines);
  return best;
}

/** Fallback for a one-line old_text that is part of a line: the first line containing its longest word run. */
function partialLineMatch(
  fileLines: readonly string[],
  oldLines: readonly string[],
): number | undefined {
  const probe = (oldLines.find((l) => l.trim()) ?? '')
    .trim()
    .split(/\s+/u)
    .sort((a, b) => b.length - a.length)[0];
  if (!probe || probe.length < 3) return undefined;
  const at = fileLines.findIndex((l) => l.includes(probe));
  return at === -1 ? undefined : at;
}

function lineDifference(fileLine: string, oldLine: string): string | undefined {
  if (fileLine === oldLine) return undefined;
  if (fileLine.trimEnd() === oldLine.trimEnd()) return undefined;
  if (fileLine.trim() === oldLine.trim()) {
    return `indentation differs: the file has ${describeIndent(fileLine)}, old_text has ${describeIndent(oldLine)}.`;
  }
  if (fileLine.replace(/\s+/gu, '') === oldLine.replace(/\s+/gu, '')) {
    return `whitespace inside the line differs: file \`${clip(fileLine.trim())}\`, old_text \`${clip(oldLine.trim())}\`.`;
  }
  return `text differs: file \`${clip(fileLine.trim())}\`, old_text \`${clip(oldLine.trim())}\`.`;
}

function describeIndent(line: string): string {
  const indent = /^[ \t]*/u.exec(line)?.[0] ?? '';
  if (!indent) return 'no indentation';
  const tabs = [...indent].filter((c) => c === '\t').length;
  const spaces = indent.length - tabs;
  const parts = [];
  if (tabs) parts.push(`${tabs} tab${tabs > 1 ? 's' : ''}`);
  if (spaces) parts.push(`${spaces} space${spaces > 1 ? 's' : ''}`);
  return parts.join(' + ');
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
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
