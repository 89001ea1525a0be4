// The evidence of a change over several files, the one way every set of files is checked: a
// propose run's edits and its final state, an MCP client's set, the inbox's re-check of a set
// the disk moved under. The checkers look at the files' texts together, then the tests they
// affect run on them; each part's later result replaces that part only, through `onLate`.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { Workspace } from '../workspace/workspace';
import { checkAgainstDisk, checkOverlayFiles } from './disk-evidence';

export interface FileToCheck {
  readonly path: string;
  readonly text: string;
  /** The disk version the change was made on (an overlay's); the evidence names it. */
  readonly baseHash: string;
  /** The text it was made on; null: a new file; absent: the disk's text now. */
  readonly baseText?: string | null | undefined;
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
  /** Identity across revisions: a newer check of the same key cancels the older test run. */
  readonly testKey: string;
  readonly testDeadlineMs: number;
  readonly signal?: AbortSignal | undefined;
  /** The evidence again, whenever a late part (the checker's, the tests') arrives. */
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
    ...signal,
    onLateResult: (late: ProposalEvidence) => {
      current = { ...late, ...(current.tests ? { tests: current.tests } : {}) };
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
  return current;
}
