// What a commit carries, checked before it is made: the errors the committed files introduce
// and fix compared with HEAD. The checkers answer "what would this change do to the project on
// disk"; for a commit the disk already holds the new text, so they are asked what putting HEAD's
// text back would do, and the answer is read the other way round: the errors that going back
// would fix are the ones the commit introduces (at their lines on disk), and the errors it would
// bring back are the ones the commit fixes. A file the commit adds goes back as a deletion.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { decodeText, NotTextError } from '../edits/text-format';
import type { GitReader } from './git-reader';

/** A commit's check gets longer than a live edit's: nobody is waiting on a diff to read. */
export const COMMIT_CHECK_DEADLINE_MS = 30_000;

export async function commitEvidence(args: {
  reader: GitReader;
  diagnostics: DiagnosticsPort;
  /** Project-relative paths whose working copies the commit takes. */
  paths: readonly string[];
  deadlineMs?: number;
  signal?: AbortSignal;
}): Promise<ProposalEvidence> {
  const changes = [];
  for (const path of args.paths) {
    const head = await args.reader.headBytes(path);
    try {
      changes.push({ path, after: head === null ? null : decodeText(head, path).text });
    } catch (error) {
      // A binary file has no errors to check; it is left out of the question.
      if (!(error instanceof NotTextError)) throw error;
    }
  }
  const back = await args.diagnostics.checkChange(changes, {
    deadlineMs: args.deadlineMs ?? COMMIT_CHECK_DEADLINE_MS,
    ...(args.signal ? { signal: args.signal } : {}),
  });
  return { ...back, introduced: back.fixed, fixed: back.introduced };
}
