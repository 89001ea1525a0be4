// "Commit each approved turn": a per-project setting under which every turn that applied
// writes ends as one commit of exactly the files it wrote, with trailers naming the
// conversation and the turn (and Sluice as co-author). The person turned the setting on, so
// the commit is theirs (sandboxed-git.ts: their identity, the repository's hooks, confined).
// Undoing such a turn reverts the commit with `git revert` when it is still HEAD (Sluice's own
// write: nothing of the repository runs); otherwise it says why not and the undo restores the
// files as usual, leaving the commit in history.
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { makeCommit, trailerValues, type CommitResult } from './commit-changes';
import type { GitReader } from './git-reader';
import type { GitWriter } from './git-process';
import { gitOutput } from './sandboxed-git';

export const CONVERSATION_TRAILER = 'Sluice-Conversation';
export const TURN_TRAILER = 'Sluice-Turn';
export const COAUTHOR_TRAILER = 'Co-authored-by: Sluice <sluice@users.noreply.invalid>';

export type TurnCommit =
  | { readonly kind: 'nothing' }
  | ({ readonly kind: 'committed' | 'failed'; readonly paths: string[] } & CommitResult);

/** The subject of a turn's commit: the person's request, on one line of at most 72 characters. */
export function turnSubject(prompt: string): string {
  const line = prompt.replace(/\s+/gu, ' ').trim();
  const subject = `Sluice: ${line}`;
  return subject.length <= 72 ? subject : `${subject.slice(0, 71)}…`;
}

/** Commits the files a turn wrote (those whose checkpoints are not undone), or nothing. */
export async function commitTurn(args: {
  git: GitWriter;
  checkpoints: CheckpointStore;
  conversationId: string;
  turnId: string;
  prompt: string;
}): Promise<TurnCommit> {
  const records = args.checkpoints.byTurn(args.turnId).filter((r) => r.undoneAt === null);
  const paths = [...new Set(records.map((r) => r.path))].sort();
  if (paths.length === 0) return { kind: 'nothing' };
  const message = `${turnSubject(args.prompt)}\n\nFiles written in this turn: ${paths.join(', ')}.`;
  const result = await makeCommit(args.git, {
    scope: { kind: 'paths', paths },
    message,
    trailers: [
      `${CONVERSATION_TRAILER}: ${args.conversationId}`,
      `${TURN_TRAILER}: ${args.turnId}`,
      COAUTHOR_TRAILER,
    ],
  });
  return { kind: result.ok ? 'committed' : 'failed', paths, ...result };
}

/** Where the commit of a turn stands: HEAD, further back (with what came after), or none. */
export type TurnCommitPlace =
  | { readonly kind: 'head'; readonly commit: string }
  | { readonly kind: 'behind'; readonly commit: string; readonly after: number }
  | { readonly kind: 'none' };

/** Looks for the commit whose Sluice-Turn trailer names `turnId` in the last 500 commits. */
export async function findTurnCommit(reader: GitReader, turnId: string): Promise<TurnCommitPlace> {
  if ((await reader.headCommit()) === null) return { kind: 'none' };
  const result = await reader.run([
    'log',
    '--no-show-signature',
    '--max-count=500',
    '-z',
    // The message as written, its trailers read here: git's own reading follows the
    // repository's `trailer.*` settings, which could hide ours.
    '--format=%H%x1f%B',
  ]);
  const records = result.stdout.toString('utf8').split('\0').filter(Boolean);
  for (const [index, record] of records.entries()) {
    const cut = record.indexOf('\x1f');
    const hash = record.slice(0, cut);
    if (trailerValues(record.slice(cut + 1), TURN_TRAILER).includes(turnId))
      return index === 0
        ? { kind: 'head', commit: hash }
        : { kind: 'behind', commit: hash, after: index };
  }
  return { kind: 'none' };
}

export type TurnRevert =
  | {
      readonly kind: 'reverted';
      readonly commit: string;
      readonly revert: string;
      readonly output: string;
    }
  | {
      readonly kind: 'failed';
      readonly commit: string;
      readonly output: string;
      readonly exitCode: number;
    };

/**
 * `git revert --no-edit` of a turn's commit that is HEAD (Sluice's own write: nothing runs);
 * on success the turn's checkpoints are marked undone, since the files are back as before.
 */
export async function revertTurnCommit(args: {
  git: GitWriter;
  checkpoints: CheckpointStore;
  turnId: string;
  commit: string;
}): Promise<TurnRevert> {
  const result = await args.git.run(['revert', '--no-edit', args.commit]);
  const output = gitOutput(result);
  if (result.code !== 0) {
    // A revert that stopped half way leaves nothing staged for the person to untangle.
    await args.git.run(['revert', '--abort']);
    return { kind: 'failed', commit: args.commit, output, exitCode: result.code };
  }
  for (const record of args.checkpoints.byTurn(args.turnId))
    if (record.undoneAt === null) args.checkpoints.markUndone(record.id);
  const head = await args.git.run(['rev-parse', 'HEAD']);
  return {
    kind: 'reverted',
    commit: args.commit,
    revert: /[0-9a-f]{40,64}/u.exec(head.stdout.toString('utf8'))?.[0] ?? '',
    output,
  };
}
