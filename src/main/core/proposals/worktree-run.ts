// A background run in a worktree (`sluice ask --mode propose --worktree`): the run works over
// the worktree as its project (its private copy, commands and evidence are the worktree's),
// and once its change set is proposed, the set is applied to the worktree and committed there
// on the branch sluice/NAME, so the result is a branch as well as a change set. Nobody asked
// for that commit, so it is Sluice's own (own-git.ts): the person's identity, and nothing the
// repository configures runs (no hooks); its output comes back to be shown escaped.
import { applyChangeSet } from './apply-change-set';
import type { WritableDb } from '../store/database-handles';
import type { Workspace } from '../workspace/workspace';
import { makeCommit, type CommitResult } from '../git/commit-changes';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import { createOwnGit } from '../git/own-git';
import { CONVERSATION_TRAILER, COAUTHOR_TRAILER, turnSubject } from '../git/turn-commits';

export const CHANGE_SET_TRAILER = 'Sluice-Change-Set';

export interface WorktreeRunCommit {
  /** Files of the set written to the worktree. */
  readonly applied: string[];
  /** Files not written (protected paths, conflicts), with why. */
  readonly notApplied: { path: string; why: string }[];
  readonly commit: CommitResult | null;
}

export async function commitRunToWorktree(args: {
  db: WritableDb;
  home: string;
  /** The worktree's project: the set was made over it. */
  workspace: Workspace;
  changeSetId: string;
  conversationId: string | null;
  prompt: string;
  env: NodeJS.ProcessEnv;
}): Promise<WorktreeRunCommit> {
  const result = await applyChangeSet(
    { db: args.db, workspace: args.workspace, home: args.home },
    { changeSetId: args.changeSetId, reason: 'committed to its worktree branch' },
  );
  const applied = result.files
    .filter((f) => f.state === 'applied' || f.state === 'partly-applied')
    .map((f) => f.path);
  const notApplied = result.files
    .filter((f) => f.state !== 'applied' && f.state !== 'partly-applied')
    .map((f) => ({ path: f.path, why: f.note ?? f.state }));
  if (applied.length === 0) return { applied, notApplied, commit: null };
  const opened = await GitReader.open(args.workspace.root, args.env);
  if (opened.kind !== 'repository')
    return {
      applied,
      notApplied,
      commit: {
        ok: false,
        commit: null,
        output: notARepositoryMessage('the run was not committed.', opened.why),
        exitCode: 1,
      },
    };
  const commit = await makeCommit(createOwnGit(opened.reader, args.env), {
    scope: { kind: 'paths', paths: applied },
    message: `${turnSubject(args.prompt)}\n\nBackground run, change set ${args.changeSetId}: ${applied.join(', ')}.`,
    trailers: [
      ...(args.conversationId ? [`${CONVERSATION_TRAILER}: ${args.conversationId}`] : []),
      `${CHANGE_SET_TRAILER}: ${args.changeSetId}`,
      COAUTHOR_TRAILER,
    ],
  });
  return { applied, notApplied, commit };
}
