// The working tree against HEAD, file by file: what changed, the diff, and
// who changed it. A file is marked Sluice's when its bytes now are exactly what one of its
// checkpoints wrote (the newest such checkpoint names the conversation); any other change is
// the person's. Git only lists the files (git-reader.ts); the bytes of HEAD come from
// `git cat-file`, the working copy through the Workspace, and Sluice's own diff compares them,
// so no diff program the repository names ever runs.
import type { Hunk } from '../../../shared/approvals';
import {
  computeLineDiff,
  DEFAULT_DIFF_BOUND,
  formatUnifiedDiff,
  plainHunk,
} from '../edits/bounded-line-diff';
import { decodeText, NotTextError } from '../edits/text-format';
import { ABSENT_FILE_HASH, sha256 } from '../workspace/content-hash';
import { SandboxError, type Workspace } from '../workspace/workspace';
import type { GitFileState, GitReader } from './git-reader';

export type ChangeAuthor = 'sluice' | 'person';

export interface WorkingChange {
  /** Project-relative, forward slashes. */
  readonly path: string;
  readonly state: GitFileState;
  readonly by: ChangeAuthor;
  /** The checkpoint whose after-text the file is now (by: 'sluice'), else null. */
  readonly checkpointId: string | null;
  readonly conversationId: string | null;
  /** HEAD → working copy; empty when the file cannot be shown as text (see `note`). */
  readonly hunks: Hunk[];
  readonly unifiedDiff: string;
  /** Why there is no line diff (binary, too large, unreadable), or null. */
  readonly note: string | null;
}

/** The checkpoint lookup the marks need (store/checkpoint-repository.ts implements it). */
export interface WrittenByLookup {
  /** The newest checkpoint not undone that left `path` with these bytes (sha256), or null. */
  findWritten(
    path: string,
    afterHash: string,
  ): { id: string; conversationId: string | null } | null;
}

export interface WorkingChangesDeps {
  readonly reader: GitReader;
  readonly workspace: Workspace;
  readonly checkpoints?: WrittenByLookup | undefined;
}

/** Both sides of one file, as text, for the diff and for a revert. */
export interface FileSides {
  /** HEAD's bytes, null when HEAD has no such file. */
  readonly head: Buffer | null;
  /** The working copy's bytes, null when absent. */
  readonly work: Buffer | null;
}

export async function readFileSides(
  deps: WorkingChangesDeps,
  relative: string,
): Promise<FileSides> {
  const head = await deps.reader.headBytes(relative);
  let work: Buffer | null = null;
  const info = await deps.workspace.stat(relative);
  if (info) work = (await deps.workspace.readBytes(relative)).bytes;
  return { head, work };
}

export async function readWorkingChanges(deps: WorkingChangesDeps): Promise<WorkingChange[]> {
  const changes: WorkingChange[] = [];
  for (const entry of await deps.reader.status()) {
    let sides: FileSides | null = null;
    let note: string | null = null;
    try {
      sides = await readFileSides(deps, entry.path);
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      note = `not shown: ${error.message}`;
    }
    if (sides && sameBytes(sides.head, sides.work) && entry.state !== 'untracked') continue;
    const hash = sides?.work ? sha256(sides.work) : ABSENT_FILE_HASH;
    const written = sides ? (deps.checkpoints?.findWritten(entry.path, hash) ?? null) : null;
    const diff = sides ? textDiff(entry.path, sides) : { hunks: [], unifiedDiff: '', note };
    changes.push({
      path: entry.path,
      state: entry.state,
      by: written ? 'sluice' : 'person',
      checkpointId: written?.id ?? null,
      conversationId: written?.conversationId ?? null,
      hunks: diff.hunks,
      unifiedDiff: diff.unifiedDiff,
      note: diff.note ?? note,
    });
  }
  return changes;
}

/** HEAD → working copy as hunks, or why it cannot be shown as text. */
export function textDiff(
  relative: string,
  sides: FileSides,
): { hunks: Hunk[]; unifiedDiff: string; note: string | null; before: string; after: string } {
  let before = '';
  let after = '';
  try {
    before = sides.head ? decodeText(sides.head, relative).text : '';
    after = sides.work ? decodeText(sides.work, relative).text : '';
  } catch (error) {
    if (error instanceof NotTextError)
      return {
        hunks: [],
        unifiedDiff: '',
        note: 'binary or not UTF-8: no line diff',
        before,
        after,
      };
    throw error;
  }
  const diff = computeLineDiff(before, after, DEFAULT_DIFF_BOUND);
  return {
    hunks: diff.hunks.map(plainHunk),
    unifiedDiff: formatUnifiedDiff(relative, sides.head === null, diff.hunks),
    note: diff.coarse ? 'the diff was too large to compute line by line; shown as one block' : null,
    before,
    after,
  };
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  if (a === null || b === null) return a === b;
  return a.equals(b);
}
