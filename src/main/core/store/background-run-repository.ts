// Background runs beside their change sets (migration 0080): what the person allowed
// when starting the run, its place in the machine-wide queue, when it last edited a file, the
// commands it ran or was refused, and the changes a set cannot carry. The queue lives in the
// app DB so runs started by the app and by `sluice ask` in other processes share one limit.
import {
  describeChecks,
  type BackgroundRun,
  type BackgroundRunState,
  type ChangeSetCommand,
} from '../../../shared/change-set-commands';
import type { ReadableDb, WritableDb } from './database-handles';

interface RunRow {
  change_set_id: string;
  allowed_commands: string;
  allow_network: number;
  state: BackgroundRunState;
  queued_at: number;
  started_at: number | null;
  last_edit_at: number | null;
  stop_requested: number;
  unapplied: string;
}

interface CommandRow {
  seq: number;
  command: string;
  cwd: string;
  outcome: 'ran' | 'refused';
  decided_by: string;
  reason: string | null;
  end_kind: string | null;
  exit_code: number | null;
  end_text: string | null;
  duration_ms: number | null;
  head: string;
  tail: string;
  total_lines: number;
  lines_cut: number;
  log_id: string | null;
  started_at: number;
  finished_at: number | null;
}

export type NewCommandRecord = Omit<ChangeSetCommand, 'seq'>;

function runOf(row: RunRow): BackgroundRun {
  return {
    state: row.state,
    allowedCommands: JSON.parse(row.allowed_commands) as string[],
    allowNetwork: row.allow_network === 1,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    lastEditAt: row.last_edit_at,
  };
}

function commandOf(row: CommandRow): ChangeSetCommand {
  return {
    seq: row.seq,
    command: row.command,
    cwd: row.cwd,
    outcome: row.outcome,
    decidedBy: row.decided_by,
    reason: row.reason,
    exitCode: row.exit_code,
    end: row.end_text,
    passed: row.outcome === 'ran' && row.end_kind === 'exited' && row.exit_code === 0,
    durationMs: row.duration_ms,
    head: row.head,
    tail: row.tail,
    totalLines: row.total_lines,
    linesCut: row.lines_cut,
    logId: row.log_id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export function readBackgroundRun(db: ReadableDb, id: string): BackgroundRun | null {
  const row = db.prepare('SELECT * FROM change_set_runs WHERE change_set_id = ?').get(id) as
    RunRow | undefined;
  return row ? runOf(row) : null;
}

/** What a set's view carries beyond its files: commands, the checks line, unapplied changes. */
export function readRunEvidence(
  db: ReadableDb,
  id: string,
): { commands: ChangeSetCommand[]; checks: string | null; unapplied: string[] } {
  const row = db.prepare('SELECT * FROM change_set_runs WHERE change_set_id = ?').get(id) as
    RunRow | undefined;
  if (!row) return { commands: [], checks: null, unapplied: [] };
  const commands = (
    db
      .prepare('SELECT * FROM change_set_commands WHERE change_set_id = ? ORDER BY seq')
      .all(id) as CommandRow[]
  ).map(commandOf);
  return {
    commands,
    checks: describeChecks(commands, row.last_edit_at),
    unapplied: JSON.parse(row.unapplied) as string[],
  };
}

export interface BackgroundRunRepository {
  create(
    id: string,
    input: { allowedCommands: readonly string[]; allowNetwork: boolean; queuedAt: number },
  ): void;
  get(id: string): BackgroundRun | null;
  /**
   * Takes a place among the running if fewer than `limit` runs (of this SLUICE_HOME) are
   * running in live processes and no run queued earlier is still waiting for one. Atomic.
   */
  tryStart(id: string, limit: number, isAlive: (pid: number) => boolean, at: number): boolean;
  end(id: string): void;
  markEdit(id: string, at: number): void;
  setUnapplied(id: string, unapplied: readonly string[]): void;
  requestStop(id: string): void;
  stopRequested(id: string): boolean;
  addCommand(id: string, record: NewCommandRecord): number;
  commands(id: string): ChangeSetCommand[];
}

export function createBackgroundRunRepository(db: WritableDb): BackgroundRunRepository {
  const touch = (id: string): void => {
    // The inbox polls change_sets' fingerprint: evidence added must move it.
    db.prepare(
      `UPDATE change_sets SET updated_at = MAX(updated_at + 1,
         (SELECT COALESCE(MAX(updated_at), 0) + 1 FROM change_sets)) WHERE id = ?`,
    ).run(id);
  };
  return {
    create(id, input) {
      db.prepare(
        `INSERT INTO change_set_runs (change_set_id, allowed_commands, allow_network, state, queued_at)
         VALUES (?, ?, ?, 'queued', ?)`,
      ).run(id, JSON.stringify(input.allowedCommands), input.allowNetwork ? 1 : 0, input.queuedAt);
    },
    get: (id) => readBackgroundRun(db, id),
    tryStart(id, limit, isAlive, at) {
      return db.transaction(() => {
        const rows = db
          .prepare(
            `SELECT r.change_set_id AS id, r.state, r.queued_at, s.pid FROM change_set_runs r
               JOIN change_sets s ON s.id = r.change_set_id
             WHERE r.state IN ('queued', 'running') AND s.status = 'running'`,
          )
          .all() as {
          id: string;
          state: BackgroundRunState;
          queued_at: number;
          pid: number | null;
        }[];
        const live = rows.filter((r) => r.pid !== null && isAlive(r.pid));
        const mine = live.find((r) => r.id === id);
        if (!mine || mine.state !== 'queued') return mine?.state === 'running';
        const running = live.filter((r) => r.state === 'running').length;
        const ahead = live.filter(
          (r) =>
            r.state === 'queued' &&
            r.id !== id &&
            (r.queued_at < mine.queued_at || (r.queued_at === mine.queued_at && r.id < id)),
        ).length;
        if (running + ahead >= limit) return false;
        db.prepare(
          "UPDATE change_set_runs SET state = 'running', started_at = ? WHERE change_set_id = ?",
        ).run(at, id);
        touch(id);
        return true;
      })();
    },
    end(id) {
      db.prepare("UPDATE change_set_runs SET state = 'ended' WHERE change_set_id = ?").run(id);
    },
    markEdit(id, at) {
      db.prepare('UPDATE change_set_runs SET last_edit_at = ? WHERE change_set_id = ?').run(at, id);
    },
    setUnapplied(id, unapplied) {
      db.prepare('UPDATE change_set_runs SET unapplied = ? WHERE change_set_id = ?').run(
        JSON.stringify(unapplied),
        id,
      );
      touch(id);
    },
    requestStop(id) {
      db.prepare('UPDATE change_set_runs SET stop_requested = 1 WHERE change_set_id = ?').run(id);
    },
    stopRequested(id) {
      const row = db
        .prepare('SELECT stop_requested FROM change_set_runs WHERE change_set_id = ?')
        .get(id) as { stop_requested: number } | undefined;
      return row?.stop_requested === 1;
    },
    addCommand(id, record) {
      return db.transaction(() => {
        const seq =
          (
            db
              .prepare(
                'SELECT COALESCE(MAX(seq), 0) AS n FROM change_set_commands WHERE change_set_id = ?',
              )
              .get(id) as { n: number }
          ).n + 1;
        db.prepare(
          `INSERT INTO change_set_commands (change_set_id, seq, command, cwd, outcome, decided_by,
             reason, end_kind, exit_code, end_text, duration_ms, head, tail, total_lines,
             lines_cut, log_id, started_at, finished_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          seq,
          record.command,
          record.cwd,
          record.outcome,
          record.decidedBy,
          record.reason,
          record.outcome === 'ran' ? (record.exitCode !== null ? 'exited' : 'other') : null,
          record.exitCode,
          record.end,
          record.durationMs,
          record.head,
          record.tail,
          record.totalLines,
          record.linesCut,
          record.logId,
          record.startedAt,
          record.finishedAt,
        );
        touch(id);
        return seq;
      })();
    },
    commands: (id) => readRunEvidence(db, id).commands,
  };
}
