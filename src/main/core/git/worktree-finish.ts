// Finishing a Sluice worktree from its project, saying what really happened. A merge looks
// first: uncommitted work in the worktree stops it (the shell offers a commit, or says what is
// there), a branch with nothing the project lacks is "nothing to merge", and a merge is called
// done only when the project's HEAD moved. A removal refuses a worktree holding uncommitted or
// unmerged work unless forced, and says what would be lost.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { NewCheckpoint } from '../checkpoints/checkpoint-store';
import type { GitWriter } from './git-process';
import type { GitReader } from './git-reader';
import { gitOutput } from './sandboxed-git';
import { describeUnfinished, worktreeState, type WorktreeState } from './worktree-state';
import { WORKTREE_BRANCH_PREFIX, type SluiceWorktree } from './worktrees';

export type MergeOutcome =
  | {
      readonly kind: 'merged';
      readonly commit: string;
      readonly output: string;
      /** Checkpoints recorded for the files the merge changed (each undoable). */
      readonly checkpoints: string[];
    }
  | { readonly kind: 'nothing'; readonly message: string }
  /** The person saw the preview and said no. */
  | { readonly kind: 'declined' }
  | { readonly kind: 'uncommitted'; readonly state: WorktreeState; readonly message: string }
  | { readonly kind: 'failed'; readonly exitCode: number; readonly output: string };

export async function mergeWorktreeChecked(args: {
  main: GitReader;
  /** The person's git (their hooks, confined): they asked for the merge. */
  git: GitWriter;
  worktree: SluiceWorktree;
  env: NodeJS.ProcessEnv;
  /** Records a checkpoint of each file the merge changed in the project (so it can be undone). */
  record?: (checkpoint: NewCheckpoint) => string;
  /** Asked after the checks, before git merges (a shell shows the branch's diff and evidence). */
  confirm?: (state: WorktreeState) => Promise<boolean>;
}): Promise<MergeOutcome> {
  const { worktree } = args;
  const state = await worktreeState(args.main, worktree, args.env);
  if (state.uncommittedCount > 0)
    return {
      kind: 'uncommitted',
      state,
      message: `Worktree ${worktree.name} holds ${describeUnfinished({ ...state, ahead: 0 })} that a merge would leave behind: commit them in the worktree first, or apply them per hunk (worktrees apply ${worktree.name}). Nothing was merged.`,
    };
  if (state.ahead === 0)
    return {
      kind: 'nothing',
      message: `Nothing to merge: ${worktree.branch} has no commit that ${state.base ?? 'HEAD'} lacks.`,
    };
  if (args.confirm && !(await args.confirm(state))) return { kind: 'declined' };
  const before = await args.main.headCommit();
  const result = await args.git.run(['merge', '--no-ff', '--no-edit', worktree.branch]);
  const output = [args.git.note, gitOutput(result)].filter(Boolean).join('\n');
  if (result.code !== 0) {
    await args.git.run(['merge', '--abort']);
    return { kind: 'failed', exitCode: result.code, output };
  }
  const after = await args.main.headCommit();
  if (after === null || after === before)
    return {
      kind: 'nothing',
      message: `git merged nothing: ${state.base ?? 'HEAD'} did not move. ${output}`.trim(),
    };
  const checkpoints = args.record ? await recordMerge(args.main, before, after, args.record) : [];
  return { kind: 'merged', commit: after, output, checkpoints };
}

/** The turn a merge's checkpoints share: `sluice undo ID --turn` undoes them together. */
export function mergeTurnId(commit: string): string {
  return `merge-${commit.slice(0, 12)}`;
}

/** A checkpoint per project file the merge changed: its bytes in both commits. */
async function recordMerge(
  main: GitReader,
  before: string | null,
  after: string,
  record: (checkpoint: NewCheckpoint) => string,
): Promise<string[]> {
  if (before === null) return [];
  const changed = await main.changedPaths(before, after);
  const ids: string[] = [];
  for (const path of changed) {
    const was = await main.bytesAt(before, path);
    const now = await main.bytesAt(after, path);
    ids.push(
      record({
        approvalId: null,
        conversationId: null,
        turnId: mergeTurnId(after),
        path,
        beforeBytes: was,
        afterBytes: now,
        mode: ((await stat(join(main.root, path)).catch(() => null))?.mode ?? 0o644) & 0o777,
      }),
    );
  }
  return ids;
}

export type RemoveOutcome =
  | {
      readonly kind: 'removed';
      /** False when an unforced removal kept a branch git does not call merged. */
      readonly branchDeleted: boolean;
      readonly output: string;
    }
  | { readonly kind: 'refused'; readonly state: WorktreeState; readonly message: string }
  | { readonly kind: 'failed'; readonly output: string };

export async function removeWorktreeChecked(args: {
  main: GitReader;
  /** Sluice's own git: removing runs nothing of the repository. */
  git: GitWriter;
  worktree: SluiceWorktree;
  env: NodeJS.ProcessEnv;
  force: boolean;
}): Promise<RemoveOutcome> {
  const { worktree, force } = args;
  const state = await worktreeState(args.main, worktree, args.env);
  const unfinished = describeUnfinished(state);
  if (unfinished && !force)
    return {
      kind: 'refused',
      state,
      message: `Worktree ${worktree.name} was not removed: it holds ${unfinished}, which removing it would lose. Merge or apply it first, or remove it anyway with --force.`,
    };
  const removed = await args.git.run([
    'worktree',
    'remove',
    ...(force ? ['--force', '--force'] : []),
    worktree.path,
  ]);
  if (removed.code !== 0 && !state.missing) return { kind: 'failed', output: gitOutput(removed) };
  if (state.missing) await args.git.run(['worktree', 'prune']);
  // Only the branch Sluice made for it: a worktree switched to another branch keeps that one.
  if (worktree.branch !== `${WORKTREE_BRANCH_PREFIX}${worktree.name}`)
    return { kind: 'removed', branchDeleted: false, output: gitOutput(removed) };
  const branch = await args.git.run(['branch', force ? '-D' : '-d', '--', worktree.branch]);
  return {
    kind: 'removed',
    branchDeleted: branch.code === 0,
    output: [gitOutput(removed), gitOutput(branch)].filter(Boolean).join('\n'),
  };
}
