// The hooks' rows in the app database (migration 0210): the person's own hooks, the versions of
// project hooks the person approved, and the audit trail of every run. Plain records in and
// out; deciding what runs is the hooks' own (core/hooks).
import type { HookEvent, HookOutcome, HookRun, HookSource } from '../../../shared/hooks';
import type { ReadableDb, WritableDb } from './database-handles';

/** Runs kept per project; the oldest go as new ones come. */
export const MAX_KEPT_HOOK_RUNS = 2000;

export interface PersonHookRow {
  readonly id: string;
  /** null: every project. */
  readonly projectId: string | null;
  readonly event: HookEvent;
  readonly matcher: string | null;
  readonly command: string;
  readonly timeoutSeconds: number;
  readonly createdAt: number;
}

export interface HookApprovalRow {
  readonly pinHash: string;
  readonly hookId: string;
  readonly slot: string;
  readonly approvedAt: number;
}

export interface HookRunRow extends HookRun {
  readonly at: number;
  readonly conversationId: string | null;
}

export interface HookRepository {
  /** The person's hooks that apply to a project (its own and every project's), oldest first. */
  personHooks(projectId: string): PersonHookRow[];
  addPersonHook(row: PersonHookRow): void;
  removePersonHook(id: string): boolean;
  approvals(projectId: string): HookApprovalRow[];
  approve(projectId: string, row: HookApprovalRow): void;
  recordRun(projectId: string, run: HookRunRow): void;
  recentRuns(projectId: string, limit: number): HookRunRow[];
}

interface PersonHookRecord {
  id: string;
  project_id: string | null;
  event: HookEvent;
  matcher: string | null;
  command: string;
  timeout_seconds: number;
  created_at: number;
}

interface RunRecord {
  conversation_id: string | null;
  hook_id: string;
  source: HookSource;
  event: HookEvent;
  command: string;
  tool_name: string | null;
  outcome: HookOutcome;
  exit_code: number | null;
  ms: number;
  output: string;
  reason: string | null;
  at: number;
}

function runOf(record: RunRecord): HookRunRow {
  return {
    hookId: record.hook_id,
    source: record.source,
    event: record.event,
    command: record.command,
    ...(record.tool_name !== null ? { toolName: record.tool_name } : {}),
    outcome: record.outcome,
    exitCode: record.exit_code,
    ms: record.ms,
    output: record.output,
    ...(record.reason !== null ? { reason: record.reason } : {}),
    at: record.at,
    conversationId: record.conversation_id,
  };
}

export function listPersonHooks(db: ReadableDb, projectId: string): PersonHookRow[] {
  return (
    db
      .prepare(
        `SELECT * FROM person_hooks WHERE project_id IS NULL OR project_id = ?
         ORDER BY created_at, rowid`,
      )
      .all(projectId) as PersonHookRecord[]
  ).map((r) => ({
    id: r.id,
    projectId: r.project_id,
    event: r.event,
    matcher: r.matcher,
    command: r.command,
    timeoutSeconds: r.timeout_seconds,
    createdAt: r.created_at,
  }));
}

export function createHookRepository(db: WritableDb): HookRepository {
  return {
    personHooks: (projectId) => listPersonHooks(db, projectId),
    addPersonHook(row) {
      db.prepare(
        `INSERT INTO person_hooks (id, project_id, event, matcher, command, timeout_seconds, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        row.id,
        row.projectId,
        row.event,
        row.matcher,
        row.command,
        row.timeoutSeconds,
        row.createdAt,
      );
    },
    removePersonHook: (id) =>
      db.prepare('DELETE FROM person_hooks WHERE id = ?').run(id).changes > 0,
    approvals: (projectId) =>
      (
        db
          .prepare(
            `SELECT pin_hash, hook_id, slot, approved_at FROM project_hook_approvals
             WHERE project_id = ? ORDER BY approved_at, rowid`,
          )
          .all(projectId) as {
          pin_hash: string;
          hook_id: string;
          slot: string;
          approved_at: number;
        }[]
      ).map((r) => ({
        pinHash: r.pin_hash,
        hookId: r.hook_id,
        slot: r.slot,
        approvedAt: r.approved_at,
      })),
    approve(projectId, row) {
      db.prepare(
        `INSERT INTO project_hook_approvals (project_id, pin_hash, hook_id, slot, approved_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (project_id, pin_hash) DO UPDATE SET slot = excluded.slot,
           approved_at = excluded.approved_at`,
      ).run(projectId, row.pinHash, row.hookId, row.slot, row.approvedAt);
    },
    recordRun(projectId, run) {
      const insert = db.prepare(
        `INSERT INTO hook_runs (project_id, conversation_id, hook_id, source, event, command,
           tool_name, outcome, exit_code, ms, output, reason, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const prune = db.prepare(
        `DELETE FROM hook_runs WHERE project_id = ? AND id <= (
           SELECT id FROM hook_runs WHERE project_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      );
      db.transaction(() => {
        insert.run(
          projectId,
          run.conversationId,
          run.hookId,
          run.source,
          run.event,
          run.command,
          run.toolName ?? null,
          run.outcome,
          run.exitCode,
          Math.round(run.ms),
          run.output,
          run.reason ?? null,
          run.at,
        );
        prune.run(projectId, projectId, MAX_KEPT_HOOK_RUNS);
      })();
    },
    recentRuns: (projectId, limit) =>
      (
        db
          .prepare(
            `SELECT conversation_id, hook_id, source, event, command, tool_name, outcome,
               exit_code, ms, output, reason, at
             FROM hook_runs WHERE project_id = ? ORDER BY id DESC LIMIT ?`,
          )
          .all(projectId, Math.max(0, Math.floor(limit))) as RunRecord[]
      ).map(runOf),
  };
}
