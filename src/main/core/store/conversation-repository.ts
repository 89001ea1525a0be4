// Conversations in the app database (migration 0010). Written as the turn happens through
// the TurnRecorder it hands out, so a crash loses at most the reply being streamed; read back
// as the history the model is sent and as the transcript the UI shows.
import { randomUUID } from 'node:crypto';
import type { ConversationSummary, TranscriptItem } from '../../../shared/contract/agent-service';
import type { TurnEndReason, Usage } from '../../../shared/agent-events';
import type { ChatMessage, TurnRecorder } from './conversation-records';
import type { WritableDb } from './database-handles';
import {
  buildTranscript,
  type StoredMessage,
  type StoredToolCall,
  type StoredTurn,
} from './conversation-transcript';

export interface ConversationRecord extends ConversationSummary {
  model: string;
}

export interface LastTurn {
  id: string;
  userText: string;
  reason: TurnEndReason | null;
  message: string | null;
}

export interface ConversationRepository {
  create(input: {
    projectId: string;
    title: string;
    model: string;
    id?: string;
  }): ConversationRecord;
  get(id: string): ConversationRecord | null;
  /** Newest first; one project's when projectId is given. */
  list(projectId?: string): ConversationSummary[];
  rename(id: string, title: string): ConversationRecord | null;
  setModel(id: string, model: string): void;
  delete(id: string): boolean;
  /** Complete messages in order: exactly what the model saw. */
  history(id: string): ChatMessage[];
  startTurn(conversationId: string, userText: string, turnId?: string): string;
  lastTurn(conversationId: string): LastTurn | null;
  /** Marks turns left without an end (Sluice stopped mid-turn) as errors; returns how many. */
  closeInterruptedTurns(conversationId: string, message: string): number;
  recorder(conversationId: string): TurnRecorder;
  transcript(conversationId: string): TranscriptItem[];
  usageTotals(conversationId: string): Usage;
}

interface ConversationRow {
  id: string;
  project_id: string;
  title: string;
  model: string;
  created_at: number;
  updated_at: number;
}

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRecord(row: ConversationRow): ConversationRecord {
  return { ...toSummary(row), model: row.model };
}

/** Stored JSON that no longer parses is a broken invariant: say which row, do not guess. */
function parseContent(json: string, where: string): ChatMessage['content'] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) return value as ChatMessage['content'];
  } catch {
    // reported below
  }
  throw new Error(`The stored conversation is damaged: ${where} is not a list of content blocks.`);
}

export function createConversationRepository(
  db: WritableDb,
  now: () => number = Date.now,
): ConversationRepository {
  const q = {
    insert: db.prepare(
      'INSERT INTO conversations (id, project_id, title, model, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    get: db.prepare('SELECT * FROM conversations WHERE id = ?'),
    listAll: db.prepare('SELECT * FROM conversations ORDER BY updated_at DESC, id'),
    listProject: db.prepare(
      'SELECT * FROM conversations WHERE project_id = ? ORDER BY updated_at DESC, id',
    ),
    rename: db.prepare('UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?'),
    setModel: db.prepare('UPDATE conversations SET model = ? WHERE id = ?'),
    touch: db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM conversations WHERE id = ?'),
    messages: db.prepare(
      'SELECT seq, turn_id, role, content_json, created_at FROM conversation_messages WHERE conversation_id = ? ORDER BY seq',
    ),
    nextMessageSeq: db.prepare(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM conversation_messages WHERE conversation_id = ?',
    ),
    insertMessage: db.prepare(
      'INSERT INTO conversation_messages (conversation_id, seq, turn_id, role, content_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    nextTurnSeq: db.prepare(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM conversation_turns WHERE conversation_id = ?',
    ),
    insertTurn: db.prepare(
      'INSERT INTO conversation_turns (id, conversation_id, seq, user_text, started_at) VALUES (?, ?, ?, ?, ?)',
    ),
    endTurn: db.prepare(
      'UPDATE conversation_turns SET ended_at = ?, end_reason = ?, end_message = ? WHERE id = ?',
    ),
    turns: db.prepare(
      'SELECT id, seq, user_text, end_reason, end_message FROM conversation_turns WHERE conversation_id = ? ORDER BY seq',
    ),
    lastTurn: db.prepare(
      'SELECT id, user_text, end_reason, end_message FROM conversation_turns WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1',
    ),
    closeOpen: db.prepare(
      "UPDATE conversation_turns SET ended_at = ?, end_reason = 'error', end_message = ? WHERE conversation_id = ? AND end_reason IS NULL",
    ),
    insertTool: db.prepare(`
      INSERT INTO conversation_tool_calls (conversation_id, tool_use_id, turn_id, name, label, input_json, status, result, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (conversation_id, tool_use_id) DO UPDATE SET status = excluded.status, result = excluded.result`),
    tools: db.prepare(
      'SELECT tool_use_id, turn_id, name, label, input_json, status, result FROM conversation_tool_calls WHERE conversation_id = ?',
    ),
    insertUsage: db.prepare(`
      INSERT INTO conversation_usage (conversation_id, turn_id, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    usage: db.prepare(`
      SELECT COALESCE(SUM(input_tokens), 0) AS i, COALESCE(SUM(output_tokens), 0) AS o, COALESCE(SUM(cache_read_tokens), 0) AS r,
             COALESCE(SUM(cache_write_tokens), 0) AS w, COALESCE(SUM(cost_usd), 0) AS c
      FROM conversation_usage WHERE conversation_id = ?`),
  };

  const appendMessage = db.transaction(
    (conversationId: string, turnId: string, message: ChatMessage) => {
      const { next } = q.nextMessageSeq.get(conversationId) as { next: number };
      const at = now();
      q.insertMessage.run(
        conversationId,
        next,
        turnId,
        message.role,
        JSON.stringify(message.content),
        at,
      );
      q.touch.run(at, conversationId);
    },
  );

  const startTurn = db.transaction((conversationId: string, userText: string, turnId: string) => {
    const { next } = q.nextTurnSeq.get(conversationId) as { next: number };
    const at = now();
    q.insertTurn.run(turnId, conversationId, next, userText, at);
    q.touch.run(at, conversationId);
  });

  function readMessages(conversationId: string): StoredMessage[] {
    const rows = q.messages.all(conversationId) as {
      seq: number;
      turn_id: string;
      role: 'user' | 'assistant';
      content_json: string;
      created_at: number;
    }[];
    return rows.map((row) => ({
      seq: row.seq,
      turnId: row.turn_id,
      createdAt: row.created_at,
      message: {
        role: row.role,
        content: parseContent(
          row.content_json,
          `message ${row.seq} of conversation ${conversationId}`,
        ),
      },
    }));
  }

  return {
    create({ projectId, title, model, id = randomUUID() }) {
      const at = now();
      q.insert.run(id, projectId, title, model, at, at);
      return { id, projectId, title, model, createdAt: at, updatedAt: at };
    },
    get(id) {
      const row = q.get.get(id) as ConversationRow | undefined;
      return row ? toRecord(row) : null;
    },
    list(projectId) {
      const rows = (
        projectId === undefined ? q.listAll.all() : q.listProject.all(projectId)
      ) as ConversationRow[];
      return rows.map(toSummary);
    },
    rename(id, title) {
      q.rename.run(title, now(), id);
      const row = q.get.get(id) as ConversationRow | undefined;
      return row ? toRecord(row) : null;
    },
    setModel(id, model) {
      q.setModel.run(model, id);
    },
    delete(id) {
      return q.delete.run(id).changes > 0;
    },
    history(id) {
      return readMessages(id).map((m) => m.message);
    },
    startTurn(conversationId, userText, turnId = randomUUID()) {
      startTurn(conversationId, userText, turnId);
      return turnId;
    },
    lastTurn(conversationId) {
      const row = q.lastTurn.get(conversationId) as
        | {
            id: string;
            user_text: string;
            end_reason: TurnEndReason | null;
            end_message: string | null;
          }
        | undefined;
      return row
        ? { id: row.id, userText: row.user_text, reason: row.end_reason, message: row.end_message }
        : null;
    },
    closeInterruptedTurns(conversationId, message) {
      return q.closeOpen.run(now(), message, conversationId).changes;
    },
    recorder(conversationId) {
      return {
        userMessage: (message, turnId) => appendMessage(conversationId, turnId, message),
        assistantMessage: (message, turnId) => appendMessage(conversationId, turnId, message),
        toolCall: (outcome, turnId) => {
          q.insertTool.run(
            conversationId,
            outcome.call.id,
            turnId,
            outcome.call.name,
            outcome.label,
            JSON.stringify(outcome.call.input ?? null),
            outcome.result.status,
            outcome.result.content,
            now(),
          );
        },
        usage: (usage, model, turnId) => {
          q.insertUsage.run(
            conversationId,
            turnId,
            model,
            usage.inputTokens,
            usage.outputTokens,
            usage.cacheReadTokens,
            usage.cacheWriteTokens,
            usage.costUsd,
            now(),
          );
        },
        turnEnd: (reason, turnId, message) => {
          q.endTurn.run(now(), reason, message ?? null, turnId);
        },
      };
    },
    transcript(conversationId) {
      const turns = q.turns.all(conversationId) as {
        id: string;
        seq: number;
        user_text: string;
        end_reason: TurnEndReason | null;
        end_message: string | null;
      }[];
      const storedTurns: StoredTurn[] = turns.map((t) => ({
        id: t.id,
        reason: t.end_reason,
        message: t.end_message,
      }));
      const tools = q.tools.all(conversationId) as {
        tool_use_id: string;
        turn_id: string;
        name: string;
        label: string;
        input_json: string;
        status: StoredToolCall['status'];
        result: string;
      }[];
      const storedTools = new Map<string, StoredToolCall>(
        tools.map((t) => [
          t.tool_use_id,
          {
            name: t.name,
            label: t.label,
            input: JSON.parse(t.input_json) as unknown,
            status: t.status,
            result: t.result,
          },
        ]),
      );
      return buildTranscript(readMessages(conversationId), storedTurns, storedTools);
    },
    usageTotals(conversationId) {
      const row = q.usage.get(conversationId) as {
        i: number;
        o: number;
        r: number;
        w: number;
        c: number;
      };
      return {
        inputTokens: row.i,
        outputTokens: row.o,
        cacheReadTokens: row.r,
        cacheWriteTokens: row.w,
        costUsd: row.c,
      };
    },
  };
}
