// The evidence of a change over several files, the one way every set of files is checked: a
// propose run's edits and its final state, an MCP client's set, the inbox's re-check of a set
// the disk moved under. The checkers look at the files' texts together, then the tests they
// affect run on them, and beside the tests the person's PreToolUse hooks on write tools see
// the files' texts in a private copy; each part's later result replaces that part only,
// through `onLate`. A caller whose reader waits on each answer (an overlay's edit) asks for the
// changed files first, as a live check does: the complete answer when it comes within
// CHANGED_FILES_FIRST_MS, else the changed files' part (state `checking`), the importers
// following through `onLate`.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import type { Workspace } from '../workspace/workspace';
import { checkAgainstDisk, checkOverlayFiles } from './disk-evidence';
import { CHANGED_FILES_FIRST_MS } from './live-evidence';

export interface FileToCheck {
  readonly path: string;
  readonly text: string;
  /** The disk version the change was made on (an overlay's); the evidence names it. */
  readonly baseHash: string;
  /** The text it was made on; null: a new file; absent: the disk's text now. */
  readonly baseText?: string | null | undefined;
  /** A file the change creates (for which write tool's hooks match); default: known by baseText null. */
  readonly isNewFile?: boolean | undefined;
}

export interface FilesEvidenceOptions {
  readonly diagnostics?: DiagnosticsPort | undefined;
  readonly tests?: ProjectTests | undefined;
  /**
   * Against what the evidence is recorded: the bases the files were made on (a run, an MCP
   * set), or the disk as it is now (the inbox's re-check).
   */
  readonly against: 'bases' | { readonly disk: Workspace };
  readonly deadlineMs: number;
  /**
   * Answer with the changed files' errors once they are in and the whole answer has not come
   * within CHANGED_FILES_FIRST_MS; the complete evidence follows through `onLate`. Without it
   * the check waits for the complete answer until the deadline (a run's final state).
   */
  readonly changedFilesFirst?: boolean | undefined;
  /** Identity across revisions: a newer check of the same key cancels the older test run. */
  readonly testKey: string;
  readonly testDeadlineMs: number;
  /** The person's hooks on write tools; they share the tests' key and deadline. */
  readonly hooks?: ProposalHooks | undefined;
  /** The conversation the files come from (a propose run's), for the hooks' `session_id`. */
  readonly conversationId?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The evidence again, whenever a late part (the checker's, the tests', the hooks') arrives. */
  readonly onLate: (evidence: ProposalEvidence) => void;
}

export const NO_CHECKER_REASON = 'errors are not checked in this session';

export async function filesEvidence(
  files: readonly FileToCheck[],
  options: FilesEvidenceOptions,
): Promise<ProposalEvidence> {
  const signal = options.signal ? { signal: options.signal } : {};
  let current: ProposalEvidence;
  const checkOptions = {
    deadlineMs: options.deadlineMs,
    ...(options.changedFilesFirst ? { changedFilesFirstAfterMs: CHANGED_FILES_FIRST_MS } : {}),
    ...signal,
    onLateResult: (late: ProposalEvidence) => {
      current = {
        ...late,
        ...(current.tests ? { tests: current.tests } : {}),
        ...(current.hooks ? { hooks: current.hooks } : {}),
      };
      options.onLate(current);
    },
  };
  const { diagnostics } = options;
  if (!diagnostics)
    current = {
      ...notCheckedEvidence(NO_CHECKER_REASON),
      baseHashes: Object.fromEntries(files.map((f) => [f.path, f.baseHash])),
    };
  else if (options.against === 'bases')
    current = await checkOverlayFiles(diagnostics, files, checkOptions);
  else
    current = await checkAgainstDisk(
      diagnostics,
      options.against.disk,
      files.map((f) => ({ path: f.path, after: f.text })),
      checkOptions,
    );
  // The hooks run in their own copy while the tests run in theirs.
  const hooks = options.hooks?.check({
    files: files.map((f) => ({
      path: f.path,
      text: f.text,
      isNewFile: f.isNewFile ?? f.baseText === null,
    })),
    conversationId: options.conversationId,
    key: options.testKey || undefined,
    deadlineMs: options.testDeadlineMs,
    ...signal,
    onLateResult: (late) => {
      current = { ...current, hooks: late };
      options.onLate(current);
    },
  });
  const verdict = await options.tests?.verdict({
    changes: files.map((f) => ({
      path: f.path,
      after: f.text,
      ...(f.baseText !== undefined ? { before: f.baseText } : {}),
    })),
    key: options.testKey,
    deadlineMs: options.testDeadlineMs,
    ...signal,
    onLateResult: (late) => {
      current = { ...current, tests: late };
      options.onLate(current);
    },
  });
  if (verdict) current = { ...current, tests: verdict };
  const part = await hooks;
  if (part) current = { ...current, hooks: part };
  return current;
}
