// Change sets in the app DB: the row is created as `running` when a propose
// run starts, each overlay file is saved as it changes, and the end of the run sets the final
// status. A row left `running` by a process that died is marked failed by recoverAbandoned.
// Every status write is a compare-and-set against the table in change-set-status.ts.
import type {
  ChangeSetFileState,
  ChangeSetStatus,
  ChangeSetSummary,
} from '../../../shared/change-sets';
import type { Usage } from '../../../shared/agent-events';
import { proposalEvidenceSchema, type ProposalEvidence } from '../../../shared/diagnostics';
import { createChangeSetClaims, type ChangeSetClaims } from './change-set-claims';
import { assertTransitions, OPEN_CHANGE_SET_STATUSES } from './change-set-status';
import type { ReadableDb, WritableDb } from './database-handles';
import {
  fileOf,
  summaryOf,
  type FileRow,
  type NewChangeSet,
  type SetRow,
  type StoredChangeSet,
  type ChangeSetFileRecord,
} from './change-set-rows';
import { readRunEvidence } from './background-run-repository';
import { plainHunk } from '../edits/bounded-line-diff';

export type {
  ChangeSetFileRecord,
  FileAgainstBase,
  NewChangeSet,
  StoredChangeSet,
  StoredChangeSetFile,
} from './change-set-rows';

/** Slack past a run's own time limit before a `running` row counts as abandoned anyway. */
export const ABANDONED_SLACK_MS = 60_000;

export interface ChangeSetRepository extends Omit<ChangeSetClaims, 'releaseDeadClaims'> {
  create(input: NewChangeSet): void;
  /** Saves a file into an open set (running or proposed, not being applied); false otherwise. */
  saveFile(id: string, file: ChangeSetFileRecord): boolean;
  /** Ends a `running` set; false when it was no longer running. */
  finish(
    id: string,
    end: { status: ChangeSetStatus; reason: string | null; summary: string; usage: Usage },
  ): boolean;
  /**
   * Compare-and-set: moves the set to `to` only while its status is one of `from` and nobody
   * is applying it; false when it was not (nothing changed). An edge the transition table
   * lacks throws.
   */
  transition(
    id: string,
    from: readonly ChangeSetStatus[],
    to: ChangeSetStatus,
    reason: string | null,
  ): boolean;
  /** Says the set's base is stale (a conflict on apply); a live MCP session then moves on. */
  noteRecheck(id: string, reason: string): void;
  /** Stores the set's latest evidence (the end of its run, a re-check). */
  setEvidence(id: string, evidence: ProposalEvidence): void;
  setFileState(
    id: string,
    path: string,
    state: ChangeSetFileState,
    note: string | null,
    checkpointId: string | null,
  ): void;
  get(id: string): StoredChangeSet | null;
  /** Ids starting with `prefix` (hex digits and dashes only), at most `limit` of them. */
  idsStartingWith(prefix: string, limit?: number): string[];
  /** Newest first; one project's when given. */
  list(projectId?: string): ChangeSetSummary[];
  /** Marks other reviewable sets of the project touching `paths`; returns their ids. */
  markRecheck(
    except: string,
    projectId: string,
    paths: readonly string[],
    reason: string,
  ): string[];
  /** Marks `running` rows whose process is gone (or long past their limit) failed; returns their ids. */
  recoverAbandoned(isAlive: (pid: number) => boolean, now: number): string[];
  /** Changes whenever any set is created or changes: the inbox polls it. */
  fingerprint(): string;
}

export function readChangeSetFingerprint(db: ReadableDb): string {
  const row = db
    .prepare('SELECT COUNT(*) AS n, COALESCE(MAX(updated_at), 0) AS at FROM change_sets')
    .get() as { n: number; at: number };
  return `${row.n}:${row.at}`;
}

export function createChangeSetRepository(
  db: WritableDb,
  now: () => number = Date.now,
): ChangeSetRepository {
  const paths = (id: string): string[] =>
    (
      db
        .prepare('SELECT path FROM change_set_files WHERE change_set_id = ? ORDER BY path')
        .all(id) as { path: string }[]
    ).map((r) => r.path);
  // updated_at must grow even for two writes in the same millisecond, or a poll misses one.
  const stamp = (): number => {
    const last = (
      db.prepare('SELECT COALESCE(MAX(updated_at), 0) AS at FROM change_sets').get() as {
        at: number;
      }
    ).at;
    return Math.max(now(), last + 1);
  };
  const claims = createChangeSetClaims(db, stamp);
  const touch = (id: string): void => {
    db.prepare('UPDATE change_sets SET updated_at = ? WHERE id = ?').run(stamp(), id);
  };
  return {
    create(input) {
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
    },
    saveFile(id, file) {
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
    },
    finish(id, end) {
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
    },
    transition(id, from, to, reason) {
      assertTransitions(from, to);
      const moved = db
        .prepare(
          `UPDATE change_sets SET status = ?, status_reason = ?, updated_at = ?
           WHERE id = ? AND applying_pid IS NULL AND status IN (${from.map(() => '?').join(', ')})`,
        )
        .run(to, reason, stamp(), id, ...from);
      return moved.changes === 1;
    },
    ...claims,
    noteRecheck(id, reason) {
      db.prepare('UPDATE change_sets SET needs_recheck = ?, updated_at = ? WHERE id = ?').run(
        reason,
        stamp(),
        id,
      );
    },
    setEvidence(id, evidence) {
      db.prepare('UPDATE change_sets SET evidence_json = ?, updated_at = ? WHERE id = ?').run(
        JSON.stringify(proposalEvidenceSchema.parse(evidence)),
        stamp(),
        id,
      );
    },
    setFileState(id, path, state, note, checkpointId) {
      db.prepare(
        `UPDATE change_set_files SET state = ?, note = ?, checkpoint_id = ?, updated_at = ?
         WHERE change_set_id = ? AND path = ?`,
      ).run(state, note, checkpointId, now(), id, path);
      touch(id);
    },
    idsStartingWith(prefix, limit = 10) {
      // Only what an id holds: no LIKE wildcard can come in with the prefix.
      if (!/^[0-9a-f-]{1,64}$/u.test(prefix)) return [];
      return (
        db
          .prepare('SELECT id FROM change_sets WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT ?')
          .all(prefix.length, prefix, limit) as { id: string }[]
      ).map((row) => row.id);
    },
    get(id) {
      const row = db.prepare('SELECT * FROM change_sets WHERE id = ?').get(id) as
        SetRow | undefined;
      if (!row) return null;
      const files = (
        db
          .prepare('SELECT * FROM change_set_files WHERE change_set_id = ? ORDER BY path')
          .all(id) as FileRow[]
      ).map(fileOf);
      return {
        ...summaryOf(
          row,
          files.map((f) => f.path),
          db,
        ),
        files,
        ...readRunEvidence(db, id),
        pid: row.pid,
        timeoutMs: row.timeout_ms,
      };
    },
    list(projectId) {
      const rows = (
        projectId === undefined
          ? db.prepare('SELECT * FROM change_sets ORDER BY created_at DESC, rowid DESC').all()
          : db
              .prepare(
                'SELECT * FROM change_sets WHERE project_id = ? ORDER BY created_at DESC, rowid DESC',
              )
              .all(projectId)
      ) as SetRow[];
      return rows.map((row) => summaryOf(row, paths(row.id), db));
    },
    markRecheck(except, projectId, changed, reason) {
      const wanted = new Set(changed);
      const marked: string[] = [];
      const rows = db
        .prepare(
          `SELECT id FROM change_sets WHERE project_id = ? AND id != ?
             AND status IN ('running', 'proposed')`,
        )
        .all(projectId, except) as { id: string }[];
      for (const { id } of rows) {
        const overlap = paths(id).filter((p) => wanted.has(p));
        if (!overlap.length) continue;
        db.prepare('UPDATE change_sets SET needs_recheck = ?, updated_at = ? WHERE id = ?').run(
          `${reason} (${overlap.join(', ')})`,
          stamp(),
          id,
        );
        marked.push(id);
      }
      return marked;
    },
    recoverAbandoned(isAlive, at) {
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
      claims.releaseDeadClaims(isAlive);
      return failed;
    },
    fingerprint: () => readChangeSetFingerprint(db),
  };
}

/** process.kill(pid, 0): true while a process with that id exists (EPERM: it exists, not ours). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
