// Reading a stored conversation back: its messages (the history the model is sent), the
// transcript the UI shows, its last turn and what its turns cost.
import type { TranscriptItem } from '../../../shared/contract/agent-service';
import type { TurnEndReason, Usage } from '../../../shared/agent-events';
import type { ChatMessage } from './conversation-records';
import type { ConversationStatements } from './conversation-statements';
import type { PlanRow } from './plan-repository';
import type { StoredHookRun } from './conversation-hook-runs';
import {
  buildTranscript,
  type StoredMessage,
  type StoredToolCall,
  type StoredTurn,
} from './conversation-transcript';

export interface LastTurn {
  id: string;
  userText: string;
  reason: TurnEndReason | null;
  message: string | null;
  /** When it started (ms since the epoch). */
  startedAt: number;
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

export function readMessages(q: ConversationStatements, conversationId: string): StoredMessage[] {
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

export function readLastTurn(q: ConversationStatements, conversationId: string): LastTurn | null {
  const row = q.lastTurn.get(conversationId) as
    | {
        id: string;
        user_text: string;
        end_reason: TurnEndReason | null;
        end_message: string | null;
        started_at: number;
      }
    | undefined;
  return row
    ? {
        id: row.id,
        userText: row.user_text,
        reason: row.end_reason,
        message: row.end_message,
        startedAt: row.started_at,
      }
    : null;
}

export function readTranscript(
  q: ConversationStatements,
  conversationId: string,
  hookRuns: readonly StoredHookRun[] = [],
): TranscriptItem[] {
  const turns = q.turns.all(conversationId) as {
    id: string;
    seq: number;
    user_text: string;
    started_at: number;
    end_reason: TurnEndReason | null;
    end_message: string | null;
  }[];
  const storedTurns: StoredTurn[] = turns.map((t) => ({
    id: t.id,
    userText: t.user_text,
    startedAt: t.started_at,
    reason: t.end_reason,
    message: t.end_message,
  }));
  const storedTools = readToolCalls(q, conversationId);
  const plans = q.plans.all(conversationId) as PlanRow[];
  return buildTranscript(
    readMessages(q, conversationId),
    storedTurns,
    storedTools,
    new Map(plans.map((row) => [row.tool_use_id, row])),
    hookRuns,
  );
}

/** The conversation's tool calls by tool-use id, as the transcript pairs them with messages. */
function readToolCalls(
  q: ConversationStatements,
  conversationId: string,
): Map<string, StoredToolCall> {
  const tools = q.tools.all(conversationId) as {
    tool_use_id: string;
    turn_id: string;
    name: string;
    label: string;
    input_json: string;
    status: StoredToolCall['status'];
    result: string;
    shown_as: string | null;
  }[];
  return new Map<string, StoredToolCall>(
    tools.map((t) => [
      t.tool_use_id,
      {
        name: t.name,
        label: t.label,
        input: JSON.parse(t.input_json) as unknown,
        status: t.status,
        result: t.result,
        ...(t.shown_as ? { shownAs: t.shown_as } : {}),
      },
    ]),
  );
}

export function readUsageTotals(q: ConversationStatements, conversationId: string): Usage {
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
}
