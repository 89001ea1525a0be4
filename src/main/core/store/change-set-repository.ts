// Change sets in the app DB: the row is created as `running` when a propose
// run starts, each overlay file is saved as it changes, and the end of the run sets the final
// status. A row left `running` by a process that died is marked failed by recoverAbandoned.
// Every status write is a compare-and-set against the table in change-set-status.ts. The
// reads are in change-set-reads.ts, the longer writes in change-set-writes.ts.
import type {
  ChangeSetFileState,
  ChangeSetStatus,
  ChangeSetSummary,
} from '../../../shared/change-sets';
import type { Usage } from '../../../shared/agent-events';
import { proposalEvidenceSchema, type ProposalEvidence } from '../../../shared/diagnostics';
import { createChangeSetClaims, type ChangeSetClaims } from './change-set-claims';
import { assertTransitions } from './change-set-status';
import type { ReadableDb, WritableDb } from './database-handles';
import type { NewChangeSet, StoredChangeSet, ChangeSetFileRecord } from './change-set-rows';
import { changeSetIdsStartingWith, listChangeSets, readChangeSet } from './change-set-reads';
import {
  changeSetWriteContext,
  failAbandonedChangeSets,
  finishChangeSet,
  insertChangeSet,
  markChangeSetsForRecheck,
  saveChangeSetFile,
} from './change-set-writes';

export type {
  ChangeSetFileRecord,
  FileAgainstBase,
  NewChangeSet,
  StoredChangeSet,
  StoredChangeSetFile,
} from './change-set-rows';

export { ABANDONED_SLACK_MS } from './change-set-writes';

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
  const w = changeSetWriteContext(db, now);
  const { stamp, touch } = w;
  const claims = createChangeSetClaims(db, stamp);
  return {
    create: (input) => insertChangeSet(w, input),
    saveFile: (id, file) => saveChangeSetFile(w, id, file),
    finish: (id, end) => finishChangeSet(w, id, end),
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
    idsStartingWith: (prefix, limit = 10) => changeSetIdsStartingWith(db, prefix, limit),
    get: (id) => readChangeSet(db, id),
    list: (projectId) => listChangeSets(db, projectId),
    markRecheck: (except, projectId, changed, reason) =>
      markChangeSetsForRecheck(w, except, projectId, changed, reason),
    recoverAbandoned(isAlive, at) {
      const failed = failAbandonedChangeSets(w, isAlive, at);
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
