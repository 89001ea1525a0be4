// Undoing a committed turn in the app, as `sluice undo --turn` does: when the
// turn's commit (found by its Sluice-Turn trailer) is HEAD, the undo is its `git revert` (the
// person's command: hooks run, output returned) and the turn's checkpoints are marked undone;
// when later commits came after it, it says why not and the files are undone as usual.
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { GitReader } from './git-reader';
import { createOwnGit } from './own-git';
import { findTurnCommit, revertTurnCommit } from './turn-commits';
import { plural } from '../../../shared/plural';

export type TurnUndoByGit =
  | { readonly kind: 'reverted' | 'failed'; readonly message: string; readonly output: string }
  | { readonly kind: 'behind'; readonly message: string };

/** What git did for the undo of `turnId`, or null when the turn has no commit to revert. */
export async function undoTurnByGit(args: {
  root: string;
  store: CheckpointStore;
  turnId: string;
  env: NodeJS.ProcessEnv;
}): Promise<TurnUndoByGit | null> {
  const opened = await GitReader.open(args.root, args.env);
  if (opened.kind === 'not-a-repository') return null;
  if (args.store.byTurn(args.turnId).every((r) => r.undoneAt !== null)) return null;
  const place = await findTurnCommit(opened.reader, args.turnId);
  if (place.kind === 'none') return null;
  const short = place.commit.slice(0, 12);
  if (place.kind === 'behind')
    return {
      kind: 'behind',
      message: `This turn's commit ${short} is not HEAD (${plural(place.after, 'commit')} came after it), so it was not reverted: the files were restored as usual and the commit stays in history.`,
    };
  const result = await revertTurnCommit({
    git: createOwnGit(opened.reader, args.env),
    checkpoints: args.store,
    turnId: args.turnId,
    commit: place.commit,
  });
  return result.kind === 'failed'
    ? {
        kind: 'failed',
        message: `git revert of this turn's commit ${short} exited ${result.exitCode}; nothing was undone. Commit or stash your own changes and try again.`,
        output: result.output,
      }
    : {
        kind: 'reverted',
        message: `Reverted this turn's commit ${short} with git revert (new commit ${result.revert.slice(0, 12)}).`,
        output: result.output,
      };
}
