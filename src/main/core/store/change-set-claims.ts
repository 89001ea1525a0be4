// The claim an apply holds on a change set (migration 0100): while
// `applying_pid` is set the set takes no file and no other status move; the claimant's
// closing move releases it, and a dead claimant's claim is released on recovery (the set is
// partly accepted when some file was written before it died).
import { assertTransitions } from './change-set-status';
import type { ChangeSetStatus } from '../../../shared/change-sets';
import type { WritableDb } from './database-handles';

export interface ChangeSetClaims {
  /** Claims a proposed set for applying (by this process); false when it is not claimable. */
  claimApply(id: string, pid: number): boolean;
  /** The claimant's closing move from `proposed`; releases the claim. */
  finishApply(id: string, pid: number, to: ChangeSetStatus, reason: string | null): boolean;
  /** Releases a claim without moving the status (the apply threw). */
  releaseApply(id: string, pid: number): void;
  /** Releases the claims of processes that are gone. */
  releaseDeadClaims(isAlive: (pid: number) => boolean): void;
}

export function createChangeSetClaims(db: WritableDb, stamp: () => number): ChangeSetClaims {
  return {
    claimApply(id, pid) {
      const claimed = db
        .prepare(
          `UPDATE change_sets SET applying_pid = ?, updated_at = ?
           WHERE id = ? AND status = 'proposed' AND applying_pid IS NULL`,
        )
        .run(pid, stamp(), id);
      return claimed.changes === 1;
    },
    finishApply(id, pid, to, reason) {
      assertTransitions(['proposed'], to);
      const moved = db
        .prepare(
          `UPDATE change_sets SET status = ?, status_reason = ?, applying_pid = NULL,
             updated_at = ? WHERE id = ? AND status = 'proposed' AND applying_pid = ?`,
        )
        .run(to, reason, stamp(), id, pid);
      return moved.changes === 1;
    },
    releaseApply(id, pid) {
      db.prepare(
        'UPDATE change_sets SET applying_pid = NULL, updated_at = ? WHERE id = ? AND applying_pid = ?',
      ).run(stamp(), id, pid);
    },
    releaseDeadClaims(isAlive) {
      const claims = db
        .prepare('SELECT id, applying_pid FROM change_sets WHERE applying_pid IS NOT NULL')
        .all() as { id: string; applying_pid: number }[];
      for (const claim of claims) {
        if (isAlive(claim.applying_pid)) continue;
        const wrote = db
          .prepare(
            `SELECT 1 FROM change_set_files WHERE change_set_id = ?
               AND state IN ('applied', 'partly-applied')`,
          )
          .get(claim.id);
        db.prepare(
          `UPDATE change_sets SET applying_pid = NULL, updated_at = ?,
             status = CASE WHEN ? THEN 'partly-accepted' ELSE status END,
             status_reason = CASE WHEN ? THEN ? ELSE status_reason END
           WHERE id = ? AND applying_pid = ?`,
        ).run(
          stamp(),
          wrote ? 1 : 0,
          wrote ? 1 : 0,
          'the process applying it stopped halfway; the files marked applied were written',
          claim.id,
          claim.applying_pid,
        );
      }
    },
  };
}
