// New change sets appear in a running app even when another process made them: the app DB
// is shared (WAL), so the app polls a cheap fingerprint (row count and
// newest update stamp) and emits `proposals.changed` when it moves. Each poll first marks
// sets whose process died as failed, so a killed CLI run shows up as failed without a reload.
import { processIsAlive, createChangeSetRepository } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';

export const CHANGE_SET_POLL_MS = 1000;

export interface ChangeSetWatcher {
  /** Checks now (also after this process changed a set). */
  poll(): void;
  close(): void;
}

export function watchChangeSets(deps: {
  db: WritableDb;
  onChange: () => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
  isAlive?: (pid: number) => boolean;
}): ChangeSetWatcher {
  const repo = createChangeSetRepository(deps.db);
  let last = repo.fingerprint();
  let closed = false;
  const poll = (): void => {
    if (closed) return;
    try {
      repo.recoverAbandoned(deps.isAlive ?? processIsAlive, Date.now());
      const now = repo.fingerprint();
      if (now === last) return;
      last = now;
      deps.onChange();
    } catch (error) {
      deps.onError(error);
    }
  };
  const timer = setInterval(poll, deps.intervalMs ?? CHANGE_SET_POLL_MS);
  timer.unref?.();
  return {
    poll,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
