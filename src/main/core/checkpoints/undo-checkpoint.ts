// Undo: restore a checkpoint's exact bytes before, or remove a file the
// change created. Refuses, saying why, when the file changed since the checkpoint (its hash
// is no longer the one written), unless forced. Restores and removals go through the
// Workspace (replaceFile / remove), like every other write.
import type { UndoResult } from '../../../shared/contract/checkpoint-service';
import type { AtomicWriteOps } from '../workspace/atomic-write';
import { ABSENT_FILE_HASH, readContentHash } from '../workspace/content-hash';
import { ContentConflictError, type Workspace } from '../workspace/workspace';
import type { CheckpointRecord, CheckpointStore } from './checkpoint-store';

export interface UndoDeps {
  readonly workspace: Workspace;
  readonly store: CheckpointStore;
  readonly atomicOps?: AtomicWriteOps;
  /** Optional symbol index port: refreshed for each restored file. */
  readonly symbolIndex?: { refreshFile(path: string): unknown } | undefined;
}

export async function undoCheckpoint(
  deps: UndoDeps,
  id: string,
  force = false,
): Promise<UndoResult> {
  const record = deps.store.get(id);
  if (!record)
    return {
      undone: [],
      refused: [{ id, path: '', reason: `no checkpoint ${id} in this project.` }],
    };
  return undoRecords(deps, [record], force);
}

/** Undoes every change of a turn, newest first; each is decided on its own. */
export async function undoTurn(deps: UndoDeps, turnId: string, force = false): Promise<UndoResult> {
  const records = deps.store.byTurn(turnId);
  if (records.length === 0)
    return {
      undone: [],
      refused: [
        { id: turnId, path: '', reason: `no checkpoints for turn ${turnId} in this project.` },
      ],
    };
  return undoRecords(
    deps,
    records.filter((r) => r.undoneAt === null),
    force,
  );
}

async function undoRecords(
  deps: UndoDeps,
  records: readonly CheckpointRecord[],
  force: boolean,
): Promise<UndoResult> {
  const result: { undone: string[]; refused: UndoResult['refused'] } = { undone: [], refused: [] };
  for (const record of records) {
    const reason = await undoOne(deps, record, force);
    if (reason === null) result.undone.push(record.id);
    else result.refused.push({ id: record.id, path: record.path, reason });
  }
  return result;
}

/** Null when undone; otherwise why not. */
async function undoOne(
  deps: UndoDeps,
  record: CheckpointRecord,
  force: boolean,
): Promise<string | null> {
  if (record.undoneAt !== null) return `checkpoint ${record.id} was already undone.`;
  try {
    deps.workspace.resolve(record.path, 'write'); // a symlink there is refused by name
    const now = await readContentHash(deps.workspace, record.path);
    if (now.hash !== record.afterHash && !force) return changedReason(record, now.hash);
    // Forced or not, what is there now is what may be replaced: a change during the undo
    // is a conflict (Workspace re-checks it just before the rename or unlink).
    if (record.beforeBytes === null) {
      await deps.workspace.remove(record.path, { expectHash: now.hash, ops: deps.atomicOps });
    } else {
      await deps.workspace.replaceFile(record.path, record.beforeBytes, {
        expectHash: now.hash,
        newFileMode: record.mode,
        ops: deps.atomicOps,
      });
    }
  } catch (error) {
    if (error instanceof ContentConflictError)
      return `${record.path} changed while it was being restored; nothing was written. Try again.`;
    const message = error instanceof Error ? error.message : String(error);
    return `could not restore ${record.path}: ${message}`;
  }
  deps.store.markUndone(record.id);
  try {
    await deps.symbolIndex?.refreshFile(record.path);
  } catch {
    // The index catches up on its next refresh; the undo itself succeeded.
  }
  return null;
}

function changedReason(record: CheckpointRecord, now: string): string {
  const what =
    now === ABSENT_FILE_HASH
      ? 'it no longer exists'
      : `its content is not what this checkpoint wrote (sha256 now ${now.slice(0, 12)}…, written ${record.afterHash.slice(0, 12)}…)`;
  return `${record.path} changed since checkpoint ${record.id}: ${what}. Undoing would discard those changes; use force to undo anyway.`;
}
