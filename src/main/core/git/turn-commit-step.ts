// Commit each approved turn in the app: when the open project has the setting on and the turn
// applied writes, they become one commit (turn-commits.ts: the person's identity and hooks,
// confined, trailers naming the conversation and turn), and what happened is returned as
// a step for the chat to show: the outcome as its label, git's output as its result (the
// repository's text, shown as such).
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { GitReader, notARepositoryMessage } from './git-reader';
import { createPersonGit } from './sandboxed-git';
import { commitTurn } from './turn-commits';
import { plural } from '../../../shared/plural';

export interface TurnCommitStep {
  readonly status: 'ok' | 'error';
  readonly label: string;
  readonly result: string;
}

export async function commitTurnStep(args: {
  root: string;
  checkpoints: CheckpointStore;
  conversationId: string;
  turnId: string;
  prompt: string;
  env: NodeJS.ProcessEnv;
  /** SLUICE_HOME, hidden from the hooks. */
  home: string;
}): Promise<TurnCommitStep | null> {
  if (args.checkpoints.byTurn(args.turnId).every((r) => r.undoneAt !== null)) return null;
  const opened = await GitReader.open(args.root, args.env);
  if (opened.kind === 'not-a-repository')
    return {
      status: 'error',
      label: notARepositoryMessage("this turn's writes were not committed.", opened.why),
      result: '',
    };
  const result = await commitTurn({
    git: createPersonGit(opened.reader, { env: args.env, hidden: [args.home] }),
    checkpoints: args.checkpoints,
    conversationId: args.conversationId,
    turnId: args.turnId,
    prompt: args.prompt,
  });
  if (result.kind === 'nothing') return null;
  return result.kind === 'committed'
    ? {
        status: 'ok',
        label: `Committed this turn (${plural(result.paths.length, 'file')}) as ${result.commit?.slice(0, 12) ?? ''}`,
        result: result.output || '(git printed nothing)',
      }
    : {
        status: 'error',
        label: `This turn's files are written but not committed: git commit exited ${result.exitCode}`,
        result: result.output,
      };
}
