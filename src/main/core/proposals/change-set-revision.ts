// Which version of a change set the person looked at. An MCP client may add edits to an open
// set while its review is on the screen, and "Accept all" or "hunk 2 of a.ts" then means
// something the person never saw. The inbox sends back the revision it showed; the apply
// compares it with the set as it reads it under its claim, and refuses when they differ.
import { createHash } from 'node:crypto';

interface RevisionFile {
  readonly path: string;
  readonly baseHash: string;
  readonly finalText: string;
}

/** How much of a revision a person may quote (`sluice proposal show` prints this much). */
export const SHORT_REVISION_LENGTH = 16;

/** sha256 over every file's path, base and final text, in the set's order. */
export function changeSetRevision(set: { readonly files: readonly RevisionFile[] }): string {
  const hash = createHash('sha256');
  for (const file of set.files)
    hash.update(JSON.stringify([file.path, file.baseHash, file.finalText]));
  return hash.digest('hex');
}

/** Whether `seen` (the whole revision, or at least its short form) names this revision. */
export function isRevision(seen: string, revision: string): boolean {
  return seen.length >= SHORT_REVISION_LENGTH && revision.startsWith(seen.toLowerCase());
}
