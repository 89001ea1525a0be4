// The diff a command approval card shows for a write whose new text is known before the
// command runs: `echo x > src/app.ts`, `cat <<'EOF' > f`. Read against the
// file as it is now; a file too large, not text or not a regular file is left out (the
// write still asks, the card just shows no diff for it).
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProposedCommandWrite } from '../../../shared/command-approvals';
import { computeLineDiff, plainHunk } from '../edits/bounded-line-diff';
import type { ProjectWrite } from '../shell/command-writes';

/** Files above this are not read for a diff. */
export const MAX_PROPOSED_WRITE_BYTES = 256 * 1024;

function currentText(file: string): string | null | undefined {
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_PROPOSED_WRITE_BYTES) return undefined;
    const bytes = readFileSync(file);
    if (bytes.includes(0)) return undefined;
    return bytes.toString('utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}

export function proposedWrites(
  root: string,
  writes: readonly ProjectWrite[],
): ProposedCommandWrite[] {
  const out: ProposedCommandWrite[] = [];
  for (const write of writes) {
    if (write.content === null) continue;
    const before = currentText(path.join(root, ...write.path.split('/')));
    if (before === undefined) continue;
    const after = write.append ? (before ?? '') + write.content : write.content;
    if (after.length > MAX_PROPOSED_WRITE_BYTES) continue;
    const { hunks } = computeLineDiff(before ?? '', after);
    out.push({
      path: write.path,
      isNewFile: before === null,
      append: write.append,
      hunks: hunks.map(plainHunk),
    });
  }
  return out;
}
