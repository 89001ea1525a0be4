// The two sides of one hunk, from its ' ', '-', '+' prefixed lines.
import type { Hunk } from '../../../shared/approvals';

export function hunkSides(hunk: Hunk): { before: string; after: string } {
  const before: string[] = [];
  const after: string[] = [];
  for (const line of hunk.lines) {
    const marker = line[0];
    const text = line.slice(1);
    if (marker === ' ') {
      before.push(text);
      after.push(text);
    } else if (marker === '-') before.push(text);
    else if (marker === '+') after.push(text);
    // "\ No newline at end of file" and anything else is not content.
  }
  return { before: before.join('\n'), after: after.join('\n') };
}

/** Word-level highlighting costs a lot on long lines and big hunks: only short ones get it. */
export function wantsWordDiff(hunk: Hunk): boolean {
  return hunk.lines.length <= 400 && hunk.lines.every((line) => line.length <= 200);
}
