// The file line numbers beside each line of a hunk, as the unified diff's gutter shows them: a
// removed line has its number in the old file, an added line its number in the new file, an
// unchanged line both, and a "\ No newline at end of file" note neither.
import type { Hunk } from '../../../shared/approvals';

export interface HunkLineNumber {
  old: number | null;
  new: number | null;
}

export function hunkLineNumbers(
  hunk: Pick<Hunk, 'oldStart' | 'newStart' | 'lines'>,
): HunkLineNumber[] {
  let oldAt = hunk.oldStart;
  let newAt = hunk.newStart;
  return hunk.lines.map((line) => {
    const inOld = line.startsWith(' ') || line.startsWith('-');
    const inNew = line.startsWith(' ') || line.startsWith('+');
    const here = { old: inOld ? oldAt : null, new: inNew ? newAt : null };
    if (inOld) oldAt += 1;
    if (inNew) newAt += 1;
    return here;
  });
}
