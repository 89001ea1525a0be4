// What merging a worktree's branch would bring into the project, before the merge: the files
// its branch changed since the two diverged, and their evidence (the errors they would
// introduce and fix in the project as it is on disk). A file the project also changed since
// then is merged by git line by line and is not checked here; the preview names it.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { decodeText, NotTextError } from '../edits/text-format';
import type { GitReader } from './git-reader';

export interface MergePreview {
  /** Project-relative paths the branch changed since the merge base. */
  readonly files: string[];
  /** Of those, the ones the project changed too (merged by git, not checked). */
  readonly bothChanged: string[];
  readonly evidence: ProposalEvidence | null;
}

export async function mergePreview(args: {
  main: GitReader;
  branch: string;
  diagnostics?: DiagnosticsPort | undefined;
  deadlineMs?: number;
}): Promise<MergePreview> {
  const { main } = args;
  const ref = `refs/heads/${args.branch}`;
  const based = await main.run(['merge-base', 'HEAD', ref], { allowFailure: true });
  const base = based.stdout.toString('utf8').trim();
  if (based.code !== 0 || !base) return { files: [], bothChanged: [], evidence: null };
  const files = await main.changedPaths(base, ref);
  const ours = new Set(await main.changedPaths(base, 'HEAD'));
  const bothChanged = files.filter((f) => ours.has(f));
  const changes = [];
  for (const path of files.filter((f) => !ours.has(f))) {
    const bytes = await main.bytesAt(ref, path);
    try {
      changes.push({ path, after: bytes === null ? null : decodeText(bytes, path).text });
    } catch (error) {
      if (!(error instanceof NotTextError)) throw error;
    }
  }
  const evidence =
    args.diagnostics && changes.length
      ? await args.diagnostics.checkChange(changes, { deadlineMs: args.deadlineMs ?? 30_000 })
      : null;
  return { files, bothChanged, evidence };
}
