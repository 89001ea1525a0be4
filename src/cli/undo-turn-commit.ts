// `sluice undo ID --turn` for a turn that "commit each approved turn" committed: when that
// commit is HEAD, the undo is its `git revert` (the person's command: hooks run, output shown)
// and the turn's checkpoints are marked undone; when later commits came after it, the undo says
// why it does not revert and restores the files as usual, leaving the commit in history.
import { GitReader } from '../main/core/git/git-reader';
import { createOwnGit } from '../main/core/git/own-git';
import { findTurnCommit, revertTurnCommit } from '../main/core/git/turn-commits';
import type { CheckpointStore } from '../main/core/checkpoints/checkpoint-store';
import type { Workspace } from '../main/core/workspace/workspace';
import { ExitCode, writeJsonLine, type CliIo } from './cli-io';
import { terminalCommandOutput } from './terminal-safe-text';
import { plural } from '../shared/plural';

/** The exit code when the undo was a git revert (done or failed); null to undo files as usual. */
export async function undoTurnThroughGit(args: {
  io: CliIo;
  workspace: Workspace;
  store: CheckpointStore;
  turnId: string;
  json: boolean;
}): Promise<ExitCode | null> {
  const { io } = args;
  const opened = await GitReader.open(args.workspace.root, {
    ...io.env,
    PATH: io.env.PATH ?? process.env.PATH,
  });
  if (opened.kind === 'not-a-repository') return null;
  if (args.store.byTurn(args.turnId).every((r) => r.undoneAt !== null)) return null;
  const place = await findTurnCommit(opened.reader, args.turnId);
  if (place.kind === 'none') return null;
  if (place.kind === 'behind') {
    io.stderr.write(
      `Turn ${args.turnId} was committed as ${place.commit.slice(0, 12)}, which is not HEAD (${plural(place.after, 'commit')} came after it), so Sluice does not git-revert it: the files are restored as usual and the commit stays in history (git revert ${place.commit.slice(0, 12)} yourself if you want it out).\n`,
    );
    return null;
  }
  const result = await revertTurnCommit({
    git: createOwnGit(opened.reader, io.env),
    checkpoints: args.store,
    turnId: args.turnId,
    commit: place.commit,
  });
  if (args.json) writeJsonLine(io, result);
  else if (result.output) io.stderr.write(`${terminalCommandOutput(result.output)}\n`);
  if (result.kind === 'failed') {
    if (!args.json)
      io.stderr.write(
        `git revert of ${place.commit.slice(0, 12)} (this turn's commit, HEAD) exited ${result.exitCode}; nothing was undone. Commit or stash your own changes and try again, or use --keep-commit to restore the files without touching git.\n`,
      );
    return ExitCode.Failure;
  }
  if (!args.json)
    io.stdout.write(
      `Reverted this turn's commit ${place.commit.slice(0, 12)} with git revert (new commit ${result.revert.slice(0, 12)}); its checkpoints are marked undone.\n`,
    );
  return ExitCode.Ok;
}
