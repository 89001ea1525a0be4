// The contract's `checkpoints` service: list the open project's checkpoints, undo one or a
// whole turn (refused with the reason when the file changed since, unless forced).
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { checkpointService } from '../../../shared/contract/checkpoint-service';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { undoCheckpoint, undoTurn, type UndoDeps } from '../checkpoints/undo-checkpoint';
import type { TurnUndoByGit } from '../git/turn-undo';
import type { Workspace } from '../workspace/workspace';

export interface CheckpointHandlersDeps {
  /** The open project's workspace and checkpoints; throws a message when none is open. */
  currentProject(): {
    workspace: Workspace;
    checkpoints: CheckpointStore;
    symbolIndex?: UndoDeps['symbolIndex'];
  };
  /** A committed turn's undo through git (git/turn-undo.ts); absent: files only. */
  undoTurnByGit?(args: {
    root: string;
    store: CheckpointStore;
    turnId: string;
  }): Promise<TurnUndoByGit | null>;
  /** `checkpoints.changed` after an undo. */
  emitCheckpointsChanged?(payload: { conversationId: string | null }): void;
}

export type CheckpointHandlers = ServiceHandlers<typeof checkpointService>;

export function createCheckpointHandlers(deps: CheckpointHandlersDeps): CheckpointHandlers {
  const undoDeps = (): UndoDeps => {
    const project = deps.currentProject();
    return {
      workspace: project.workspace,
      store: project.checkpoints,
      symbolIndex: project.symbolIndex,
    };
  };
  const changed = (store: CheckpointStore, ids: readonly string[]): void => {
    const conversations = new Set(ids.map((id) => store.get(id)?.conversationId ?? null));
    for (const conversationId of conversations) deps.emitCheckpointsChanged?.({ conversationId });
  };
  return {
    list({ conversationId }) {
      return deps.currentProject().checkpoints.list({ conversationId });
    },
    async undo({ id, force }) {
      const d = undoDeps();
      const result = await undoCheckpoint(d, id, force);
      changed(d.store, result.undone);
      return result;
    },
    async undoTurn({ turnId, force }) {
      const d = undoDeps();
      const before = d.store.byTurn(turnId).filter((r) => r.undoneAt === null);
      const git = deps.undoTurnByGit
        ? await deps.undoTurnByGit({ root: d.workspace.root, store: d.store, turnId })
        : null;
      if (git && git.kind !== 'behind') {
        const undone = git.kind === 'reverted' ? before.map((r) => r.id) : ([] as string[]);
        changed(d.store, undone);
        return { undone, refused: [], git: { message: git.message, output: git.output } };
      }
      const result = await undoTurn(d, turnId, force);
      changed(d.store, result.undone);
      return git ? { ...result, git: { message: git.message, output: '' } } : result;
    },
  };
}
