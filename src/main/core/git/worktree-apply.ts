// Applying a worktree's work to the main tree per hunk, through the usual
// review: each file that differs becomes a proposal (main tree's text → the worktree's text)
// that goes to the approval gate, where the person approves it whole, by hunk, edits or
// rejects it; what is written is a checkpoint like any write. Which files differ is read from
// git in the worktree (names only, every executing setting off: git-reader.ts).
import { readBaseFile } from '../edits/base-file';
import { createProposal } from '../edits/proposal';
import { decodeText, NotTextError } from '../edits/text-format';
import { commitProposal } from '../tools/commit-change';
import type { Workspace } from '../workspace/workspace';
import type { GitReader } from './git-reader';
import type { RevertContext } from './revert-to-head';

export interface AppliedFile {
  readonly path: string;
  readonly outcome: 'applied' | 'rejected' | 'skipped' | 'conflict' | 'same';
  readonly message: string;
}

/** Files the worktree changed against `base` (a commit of the main tree): committed or not. */
export async function worktreeChangedPaths(
  worktreeReader: GitReader,
  base: string,
): Promise<string[]> {
  const names = new Set(await worktreeReader.changedPaths(base));
  for (const entry of await worktreeReader.status())
    if (entry.state === 'untracked') names.add(entry.path);
  return [...names].sort();
}

/** Offers each changed file to the gate in `ctx` (the main tree's), one after the other. */
export async function applyWorktreeFiles(args: {
  paths: readonly string[];
  worktree: Workspace;
  ctx: RevertContext;
  name: string;
}): Promise<AppliedFile[]> {
  const results: AppliedFile[] = [];
  for (const relative of args.paths) {
    const source = await readBaseFile(args.worktree, relative);
    const target = await readBaseFile(args.ctx.workspace, relative);
    if (!source.exists) {
      results.push({
        path: relative,
        outcome: 'skipped',
        message: `${relative} was deleted in the worktree; Sluice does not delete it here (delete it yourself if you mean to).`,
      });
      continue;
    }
    if (target.exists && target.bytes.equals(source.bytes)) {
      results.push({
        path: relative,
        outcome: 'same',
        message: `${relative} is already the same.`,
      });
      continue;
    }
    let after: ReturnType<typeof decodeText>;
    try {
      after = decodeText(source.bytes, relative);
      if (target.exists) decodeText(target.bytes, relative);
    } catch (error) {
      if (!(error instanceof NotTextError)) throw error;
      results.push({
        path: relative,
        outcome: 'skipped',
        message: `${error.message} Take it with a merge instead.`,
      });
      continue;
    }
    const proposal = createProposal({
      tool: target.exists ? 'edit_file' : 'create_file',
      path: target.relative,
      isNewFile: !target.exists,
      before: target.exists ? target.text : '',
      after: after.text,
      format: after.format,
      baseHash: target.baseHash,
      description: `From worktree ${args.name}: its version of ${relative}.`,
    });
    const result = await commitProposal(proposal, args.ctx);
    results.push({
      path: relative,
      outcome:
        result.status === 'ok'
          ? 'applied'
          : result.status === 'conflict'
            ? 'conflict'
            : result.status === 'error'
              ? 'skipped'
              : 'rejected',
      message: result.content,
    });
  }
  return results;
}
