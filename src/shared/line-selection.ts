// The text a selection of a proposal's changed lines writes, the one rule main applies when the
// person approves those lines and the review's editor starts from: the base with exactly the
// kept lines applied (a kept `-` line removed, a kept `+` line added), everything else as the
// base has it. A hunk in `replaced` takes the person's own text for its lines of the base.
import type { Hunk } from './approvals';
import { lineKey, type LineKey } from './hunk-selection';

/** Lines with their terminators, so joining them gives the text back. */
export function linesKeepingEol(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl + 1;
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

/** Where a hunk starts in the old and new line arrays, 0-based (its header says it). */
function hunkIndexes(hunk: Hunk): { old: number; new: number } {
  return {
    old: hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1,
    new: hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1,
  };
}

/** One hunk's lines as the selection writes them. */
function keptLines(hunk: Hunk, keys: ReadonlySet<LineKey>, before: string[], after: string[]) {
  const out: string[] = [];
  let { old: oldAt, new: newAt } = hunkIndexes(hunk);
  hunk.lines.forEach((line, index) => {
    const kept = keys.has(lineKey(hunk.id, index));
    if (line.startsWith(' ')) {
      out.push(before[oldAt] ?? '');
      oldAt += 1;
      newAt += 1;
    } else if (line.startsWith('-')) {
      if (!kept) out.push(before[oldAt] ?? '');
      oldAt += 1;
    } else if (line.startsWith('+')) {
      if (kept) out.push(after[newAt] ?? '');
      newAt += 1;
    }
  });
  return out;
}

/**
 * The text written by approving exactly `keys` of the changed lines; null when that selection
 * cannot be written alone (it would join two lines, because one side's last line has no
 * newline).
 */
export function selectedLinesText(
  proposal: { readonly before: string; readonly after: string; readonly hunks: readonly Hunk[] },
  keys: ReadonlySet<LineKey>,
  replaced: ReadonlyMap<string, string> = new Map(),
): string | null {
  const before = linesKeepingEol(proposal.before);
  const after = linesKeepingEol(proposal.after);
  const out: string[] = [];
  let at = 0;
  for (const hunk of proposal.hunks) {
    const start = hunkIndexes(hunk).old;
    for (; at < start; at += 1) out.push(before[at] ?? '');
    const own = replaced.get(hunk.id);
    out.push(...(own !== undefined ? linesKeepingEol(own) : keptLines(hunk, keys, before, after)));
    at = start + hunk.oldLines;
  }
  for (; at < before.length; at += 1) out.push(before[at] ?? '');
  const joins = out.some((line, k) => k < out.length - 1 && !line.endsWith('\n'));
  return joins ? null : out.join('');
}
