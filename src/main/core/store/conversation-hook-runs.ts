// A conversation's hook runs as its steps (migration 0220): written by the turn recorder as each
// run finishes, read back for the transcript, which places each after the tool call it was
// about or among the messages of its turn (conversation-transcript.ts).
import type { HookRun } from '../../../shared/hooks';
import type { WritableDb } from './database-handles';

/** A run as the transcript places it. */
export interface StoredHookRun {
  readonly turnId: string;
  readonly toolUseId?: string;
  /** The conversation's last stored message when the run finished; null when there was none. */
  readonly afterSeq: number | null;
  readonly run: HookRun;
  readonly message?: string;
}

export interface HookRunStep {
  readonly toolUseId?: string | undefined;
  readonly message?: string | undefined;
}

interface HookRunRow {
  turn_id: string;
  tool_use_id: string | null;
  after_seq: number | null;
  hook_id: string;
  source: HookRun['source'];
  event: HookRun['event'];
  command: string;
  tool_name: string | null;
  outcome: HookRun['outcome'];
  exit_code: number | null;
  ms: number;
  output: string;
  reason: string | null;
  message: string | null;
}

export function prepareHookRunStatements(db: WritableDb) {
  const insert = db.prepare(`
    INSERT INTO conversation_hook_runs (conversation_id, turn_id, tool_use_id, after_seq, hook_id, source, event, command, tool_name, outcome, exit_code, ms, output, reason, message, created_at)
    VALUES (?, ?, ?, (SELECT MAX(seq) FROM conversation_messages WHERE conversation_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const list = db.prepare(
    'SELECT * FROM conversation_hook_runs WHERE conversation_id = ? ORDER BY id',
  );
  return {
    record(
      conversationId: string,
      turnId: string,
      run: HookRun,
      step: HookRunStep,
      at: number,
    ): void {
      insert.run(
        conversationId,
        turnId,
        step.toolUseId ?? null,
        conversationId,
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
        step.message ?? null,
        at,
      );
    },
    read(conversationId: string): StoredHookRun[] {
      return (list.all(conversationId) as HookRunRow[]).map((row) => ({
        turnId: row.turn_id,
        ...(row.tool_use_id !== null ? { toolUseId: row.tool_use_id } : {}),
        afterSeq: row.after_seq,
        run: {
          hookId: row.hook_id,
          source: row.source,
          event: row.event,
          command: row.command,
          ...(row.tool_name !== null ? { toolName: row.tool_name } : {}),
          outcome: row.outcome,
          exitCode: row.exit_code,
          ms: row.ms,
          output: row.output,
          ...(row.reason !== null ? { reason: row.reason } : {}),
        },
        ...(row.message !== null ? { message: row.message } : {}),
      }));
    },
  };
}

export type HookRunStatements = ReturnType<typeof prepareHookRunStatements>;
