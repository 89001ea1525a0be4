// After a `sluice ask` turn: when the project has "commit each approved turn" on and the turn
// applied writes, those files become one commit (git/turn-commits.ts: the person's, their hooks
// confined); what git and the hooks printed is shown. A failed commit leaves the files written and says so.
import { commitsEachTurn } from '../main/core/git/commit-each-turn-setting';
import { GitReader, notARepositoryMessage } from '../main/core/git/git-reader';
import { createPersonGit } from '../main/core/git/sandboxed-git';
import { sluiceHomeFor } from './project-context';
import { commitTurn } from '../main/core/git/turn-commits';
import { createCheckpointRepository } from '../main/core/store/checkpoint-repository';
import type { WritableDb } from '../main/core/store/database-handles';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { terminalCommandOutput } from './terminal-safe-text';
import { plural } from '../shared/plural';

export async function commitTurnIfOn(args: {
  io: CliIo;
  db: WritableDb;
  workspace: Workspace;
  projectId: string;
  conversationId: string;
  turnId: string | null;
  prompt: string;
}): Promise<void> {
  const { io } = args;
  if (args.turnId === null || !commitsEachTurn(args.db, args.projectId)) return;
  const checkpoints = createCheckpointRepository(args.db, args.projectId);
  if (checkpoints.byTurn(args.turnId).every((r) => r.undoneAt !== null)) return;
  const opened = await GitReader.open(args.workspace.root, {
    ...io.env,
    PATH: io.env.PATH ?? process.env.PATH,
  });
  if (opened.kind === 'not-a-repository') {
    io.stderr.write(
      `${notARepositoryMessage("this turn's writes were not committed.", opened.why)}\n`,
    );
    return;
  }
  const result = await commitTurn({
    git: createPersonGit(opened.reader, { env: io.env, hidden: [sluiceHomeFor(io)] }),
    checkpoints,
    conversationId: args.conversationId,
    turnId: args.turnId,
    prompt: args.prompt,
  });
  if (result.kind === 'nothing') return;
  if (result.output) io.stderr.write(`${terminalCommandOutput(result.output)}\n`);
  io.stderr.write(
    result.kind === 'committed'
      ? `Committed this turn (${plural(result.paths.length, 'file')}) as ${result.commit?.slice(0, 12) ?? ''}; undo it with sluice undo ${args.turnId} --turn.\n`
      : `This turn's files are written but not committed: git commit exited ${result.exitCode} (its output is above).\n`,
  );
}
