// What the inbox must say about a set against the disk as it is now:
// which of its still-pending files changed on disk since the run (accepting them would be a
// conflict, so the person is told before the click), and which written files were undone
// since (their checkpoint was undone), so the set does not keep reading as plainly applied.
import { createCheckpointRepository } from '../store/checkpoint-repository';
import type { StoredChangeSet } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';
import { readContentHash } from '../workspace/content-hash';
import type { Workspace } from '../workspace/workspace';

export async function changedOnDisk(workspace: Workspace, set: StoredChangeSet): Promise<string[]> {
  if (set.status !== 'proposed') return [];
  const changed: string[] = [];
  for (const file of set.files) {
    if (file.state !== 'pending' && file.state !== 'conflict') continue;
    if (file.protectedPath) continue;
    // An unreadable file cannot be written either: it counts as changed.
    const now = await readContentHash(workspace, file.path).catch(() => ({ hash: '' }));
    if (now.hash !== file.baseHash) changed.push(file.path);
  }
  return changed;
}

export function undoneFiles(db: WritableDb, set: StoredChangeSet): string[] {
  const checkpoints = createCheckpointRepository(db, set.projectId);
  return set.files
    .filter((f) => f.checkpointId && checkpoints.get(f.checkpointId)?.undoneAt != null)
    .map((f) => f.path);
}
