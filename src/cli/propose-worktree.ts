// `sluice ask --mode propose --worktree[=NAME]`, after the run: its proposed change set is
// applied to the worktree it ran over and committed on the branch (Sluice's own commit: the
// person's identity, no hook of the repository; output shown escaped), so the result is a
// branch as well as a change set.
// Finishing is `sluice worktrees merge|apply|remove NAME` from the project, as for a live ask.
import { commitRunToWorktree } from '../main/core/proposals/worktree-run';
import type { StoredChangeSet } from '../main/core/store/change-set-repository';
import type { WritableDb } from '../main/core/store/database-handles';
import { visibleUntrusted } from '../shared/untrusted-text';
import type { AskWorktree } from './ask-worktree';
import { writeJsonLine, type CliIo } from './cli-io';
import { terminalCommandOutput } from './terminal-safe-text';
import { plural } from '../shared/plural';

/** True when the branch got its commit (or the set had nothing to commit). */
export async function commitToWorktree(
  io: CliIo,
  args: {
    db: WritableDb;
    home: string;
    set: StoredChangeSet;
    worktree: AskWorktree;
    json: boolean;
  },
): Promise<boolean> {
  const { worktree, set } = args;
  const result = await commitRunToWorktree({
    db: args.db,
    home: args.home,
    workspace: worktree.workspace,
    changeSetId: set.id,
    conversationId: set.conversationId,
    prompt: set.prompt,
    env: { ...io.env, PATH: io.env.PATH ?? process.env.PATH },
  });
  const ok = result.commit === null || result.commit.ok;
  if (args.json) {
    writeJsonLine(io, {
      type: 'worktree_commit',
      name: worktree.name,
      branch: worktree.branch,
      ok,
      commit: result.commit?.commit ?? null,
      applied: result.applied,
      notApplied: result.notApplied,
      output: result.commit?.output ?? '',
    });
    return ok;
  }
  for (const skipped of result.notApplied)
    io.stderr.write(
      `Not committed: ${visibleUntrusted(skipped.path)} (${visibleUntrusted(skipped.why)}).\n`,
    );
  if (result.commit?.output) io.stderr.write(`${terminalCommandOutput(result.commit.output)}\n`);
  const finish = `Finish it from the project: sluice worktrees merge|apply|remove ${worktree.name} --project ${visibleUntrusted(worktree.mainRoot)}.`;
  if (result.commit === null)
    io.stderr.write(`Nothing of the set could be committed to ${worktree.branch}. ${finish}\n`);
  else if (result.commit.ok)
    io.stderr.write(
      `Committed ${plural(result.applied.length, 'file')} to ${worktree.branch} as ${result.commit.commit?.slice(0, 12) ?? ''}. ${finish}\n`,
    );
  else
    io.stderr.write(
      `git commit on ${worktree.branch} failed (its output, and any hook's, is above); the files are written in the worktree, uncommitted. ${finish}\n`,
    );
  return ok;
}
