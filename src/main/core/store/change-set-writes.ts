// The longer writes of the change-set repository: a new set, a file saved into it, the end of
// its run, the re-check marks a changed file leaves on other sets, and the recovery of sets
// whose run died. Every status write is a compare-and-set against change-set-status.ts.
import type { ChangeSetStatus } from '../../../shared/change-sets';
import type { Usage } from '../../../shared/agent-events';
import { assertTransitions, OPEN_CHANGE_SET_STATUSES } from './change-set-status';
import type { WritableDb } from './database-handles';
import type { ChangeSetFileRecord, NewChangeSet } from './change-set-rows';
import { changeSetPaths } from './change-set-reads';
import { plainHunk } from '../edits/bounded-line-diff';

/** Slack past a run's own time limit before a `running` row counts as abandoned anyway. */
export const ABANDONED_SLACK_MS = 60_000;

/** What the writes share: the handle, the clock, and the stamps the inbox's poll sees. */
export interface ChangeSetWriteContext {
  readonly db: WritableDb;
  readonly now: () => number;
  /** The updated_at of a write. */
  readonly stamp: () => number;
  /** Moves a set's updated_at (one of its files changed). */
  readonly touch: (id: string) => void;
}

export function changeSetWriteContext(db: WritableDb, now: () => number): ChangeSetWriteContext {
  // updated_at must grow even for two writes in the same millisecond, or a poll misses one.
  const stamp = (): number => {
    const last = (
      db.prepare('SELECT COALESCE(MAX(updated_at), 0) AS at FROM change_sets').get() as {
        at: number;
      }
    ).at;
    return Math.max(now(), last + 1);
  };
  const touch = (id: string): void => {
    db.prepare('UPDATE change_sets SET updated_at = ? WHERE id = ?').run(stamp(), id);
  };
  return { db, now, stamp, touch };
}

export function insertChangeSet({ db, stamp }: ChangeSetWriteContext, input: NewChangeSet): void {
  db.prepare(
    `INSERT INTO change_sets (id, project_id, project_root, conversation_id, turn_id, prompt,
       status, model, refines, pid, timeout_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)`,
  ).run(
    input.id,
    input.projectId,
    input.projectRoot,
    input.conversationId,
    input.turnId,
    input.prompt,
    input.model,
    input.refines,
    input.pid,
    input.timeoutMs,
    input.createdAt,
    stamp(),
  );
}

/** Saves a file into an open set (running or proposed, not being applied); false otherwise. */
export function saveChangeSetFile(
  { db, now, touch }: ChangeSetWriteContext,
  id: string,
  file: ChangeSetFileRecord,
): boolean {
  return db.transaction(() => {
    const open = db
      .prepare(
        `SELECT 1 FROM change_sets WHERE id = ? AND applying_pid IS NULL
           AND status IN (${OPEN_CHANGE_SET_STATUSES.map(() => '?').join(', ')})`,
      )
      .get(id, ...OPEN_CHANGE_SET_STATUSES);
    if (!open) return false;
    if (!file.isNewFile && file.text === file.baseText) {
      // Edited and then reverted: nothing to review, so the file leaves the set.
      db.prepare('DELETE FROM change_set_files WHERE change_set_id = ? AND path = ?').run(
        id,
        file.path,
      );
      touch(id);
      return true;
    }
    db.prepare(
      `INSERT INTO change_set_files (change_set_id, path, is_new_file, base_hash, base_text,
         final_text, format, hunks, unified_diff, protected_path, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (change_set_id, path) DO UPDATE SET final_text = excluded.final_text,
         format = excluded.format, hunks = excluded.hunks,
         unified_diff = excluded.unified_diff, updated_at = excluded.updated_at`,
    ).run(
      id,
      file.path,
      file.isNewFile ? 1 : 0,
      file.baseHash,
      file.baseText,
      file.text,
      JSON.stringify(file.format),
      JSON.stringify(file.hunks.map(plainHunk)),
      file.unifiedDiff,
      file.protectedPath ? 1 : 0,
      now(),
    );
    touch(id);
    return true;
  })();
}

/** Ends a `running` set; false when it was no longer running. */
export function finishChangeSet(
  { db, now, stamp }: ChangeSetWriteContext,
  id: string,
  end: { status: ChangeSetStatus; reason: string | null; summary: string; usage: Usage },
): boolean {
  assertTransitions(['running'], end.status);
  const moved = db
    .prepare(
      `UPDATE change_sets SET status = ?, status_reason = ?, summary = ?, finished_at = ?,
       updated_at = ?, input_tokens = ?, output_tokens = ?, cache_read_tokens = ?,
       cache_write_tokens = ?, cost_usd = ? WHERE id = ? AND status = 'running'`,
    )
    .run(
      end.status,
      end.reason,
      end.summary,
      now(),
      stamp(),
      end.usage.inputTokens,
      end.usage.outputTokens,
      end.usage.cacheReadTokens,
      end.usage.cacheWriteTokens,
      end.usage.costUsd,
      id,
    );
  return moved.changes === 1;
}

/** Marks other reviewable sets of the project touching `changed`; returns their ids. */
export function markChangeSetsForRecheck(
  { db, stamp }: ChangeSetWriteContext,
  except: string,
  projectId: string,
  changed: readonly string[],
  reason: string,
): string[] {
  const wanted = new Set(changed);
  const marked: string[] = [];
  const rows = db
    .prepare(
      `SELECT id FROM change_sets WHERE project_id = ? AND id != ?
         AND status IN ('running', 'proposed')`,
    )
    .all(projectId, except) as { id: string }[];
  for (const { id } of rows) {
    const overlap = changeSetPaths(db, id).filter((p) => wanted.has(p));
    if (!overlap.length) continue;
    db.prepare('UPDATE change_sets SET needs_recheck = ?, updated_at = ? WHERE id = ?').run(
      `${reason} (${overlap.join(', ')})`,
      stamp(),
      id,
    );
    marked.push(id);
  }
  return marked;
}

/** Marks `running` rows whose process is gone (or long past their limit) failed; returns their ids. */
export function failAbandonedChangeSets(
  { db, stamp }: ChangeSetWriteContext,
  isAlive: (pid: number) => boolean,
  at: number,
): string[] {
  const rows = db
    .prepare("SELECT id, pid, created_at, timeout_ms FROM change_sets WHERE status = 'running'")
    .all() as { id: string; pid: number | null; created_at: number; timeout_ms: number }[];
  const failed: string[] = [];
  for (const row of rows) {
    const overdue = at > row.created_at + row.timeout_ms + ABANDONED_SLACK_MS;
    const gone = row.pid === null || !isAlive(row.pid);
    if (!overdue && !gone) continue;
    db.prepare(
      `UPDATE change_sets SET status = 'failed', status_reason = ?, finished_at = ?,
         updated_at = ? WHERE id = ? AND status = 'running'`,
    ).run(
      gone
        ? 'the process running it stopped before the run ended (crash or kill); what it had changed is kept for inspection'
        : 'the run went past its time limit without ending; what it had changed is kept for inspection',
      at,
      stamp(),
      row.id,
    );
    failed.push(row.id);
  }
  return failed;
}
