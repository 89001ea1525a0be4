// Start-up housekeeping for background runs: a run whose process died (kill -9, a
// crash) is marked failed, and every private copy no set needs any more is removed. Nothing
// is ever left mounted or running to clean up: the copy's mount lived in the command's own
// namespace and its processes in bwrap's PID namespace, both gone with the process. Called
// by each shell when it opens the app DB for change sets, and by the inbox's poll.
import { createChangeSetRepository, processIsAlive } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';
import { sweepRunCopies } from '../sandbox/run-copy';

export function sweepBackgroundRuns(
  db: WritableDb,
  home: string,
  isAlive: (pid: number) => boolean = processIsAlive,
  now: number = Date.now(),
): { failed: string[]; removedCopies: string[] } {
  const repo = createChangeSetRepository(db);
  const failed = repo.recoverAbandoned(isAlive, now);
  // Asked per copy after the folder was listed: a run creates its set's row before its copy,
  // so a copy another process makes meanwhile is never mistaken for an orphan.
  const status = db.prepare('SELECT status FROM change_sets WHERE id = ?');
  const keep = (id: string): boolean => {
    const row = status.get(id) as { status: string } | undefined;
    return row?.status === 'running' || row?.status === 'proposed';
  };
  return { failed, removedCopies: sweepRunCopies(home, keep) };
}
