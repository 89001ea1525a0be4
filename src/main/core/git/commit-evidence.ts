// What a commit carries, checked before it is made: the errors the committed files introduce
// and fix compared with HEAD. The checkers answer "what would this change do to the project on
// disk"; for a commit the disk already holds the new text, so they are asked what putting HEAD's
// text back would do, and the answer is read the other way round: the errors that going back
// would fix are the ones the commit introduces (at their lines on disk), and the errors it would
// bring back are the ones the commit fixes. A file the commit adds goes back as a deletion.
// The tests it affects run forward: the committed text against HEAD's as the baseline (never a
// cached disk baseline, since the disk already holds the commit).
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import { decodeText, NotTextError } from '../edits/text-format';
import type { ProjectTests } from '../test-runs/project-tests';
import type { TestChange } from '../test-runs/test-plan';
import type { Workspace } from '../workspace/workspace';
import type { GitReader } from './git-reader';

/** Tests before a commit get the time a whole run may take. */
export const COMMIT_TESTS_DEADLINE_MS = 120_000;

/** A commit's check gets longer than a live edit's: nobody is waiting on a diff to read. */
export const COMMIT_CHECK_DEADLINE_MS = 30_000;

export async function commitEvidence(args: {
  reader: GitReader;
  /** Absent: nothing is checked (the shell runs without checkers). */
  diagnostics: DiagnosticsPort | undefined;
  /** Project-relative paths whose working copies the commit takes. */
  paths: readonly string[];
  /** The project's tests (absent: no test verdict). */
  tests?: ProjectTests | undefined;
  /** The project, whose working copies are what the tests run on. */
  workspace?: Workspace | undefined;
  deadlineMs?: number;
  signal?: AbortSignal;
}): Promise<ProposalEvidence> {
  const back: { path: string; after: string | null }[] = [];
  const forward: TestChange[] = [];
  for (const path of args.paths) {
    const head = await args.reader.headBytes(path);
    let headText: string | null;
    try {
      headText = head === null ? null : decodeText(head, path).text;
    } catch (error) {
      // A binary file has no errors to check; it is left out of the question.
      if (!(error instanceof NotTextError)) throw error;
      continue;
    }
    back.push({ path, after: headText });
    const now = args.workspace ? await workingText(args.workspace, path) : null;
    if (now !== null) forward.push({ path, after: now, before: headText });
  }
  const options = {
    deadlineMs: args.deadlineMs ?? COMMIT_CHECK_DEADLINE_MS,
    ...(args.signal ? { signal: args.signal } : {}),
  };
  const [checked, tests] = await Promise.all([
    args.diagnostics
      ? args.diagnostics.checkChange(back, options)
      : Promise.resolve(notCheckedEvidence('no checkers run in this shell')),
    args.tests && forward.length
      ? args.tests.verdict({
          changes: forward,
          baselineNotOnDisk: true,
          deadlineMs: COMMIT_TESTS_DEADLINE_MS,
          ...(args.signal ? { signal: args.signal } : {}),
        })
      : null,
  ]);
  return {
    ...checked,
    introduced: checked.fixed,
    fixed: checked.introduced,
    ...(tests ? { tests } : {}),
  };
}

/** A working copy's text, or null when it is gone or not text. */
async function workingText(workspace: Workspace, path: string): Promise<string | null> {
  try {
    if (!(await workspace.stat(path))) return null;
    return decodeText((await workspace.readBytes(path)).bytes, path).text;
  } catch {
    return null;
  }
}
