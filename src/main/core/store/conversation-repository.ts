// Conversations in the app database (migration 0010). Written as the turn happens through
// the TurnRecorder it hands out, so a crash loses at most the reply being streamed; read back
// as the history the model is sent (shortened by a compaction) and as the transcript the UI
// shows (conversation-reads.ts).
import { randomUUID } from 'node:crypto';
import type {
  ConversationSummary,
  TranscriptItem,
  TurnMode,
} from '../../../shared/contract/agent-service';
import type { Usage } from '../../../shared/agent-events';
import type { ImageInput } from '../../../shared/image-attachments';
import { prepareAttachedImageRead } from './attached-images';
import type { ChatMessage, TurnRecorder } from './conversation-records';
import {
  listConversations,
  type ConversationSummary as ListedConversation,
  type ListConversationsOptions,
} from './conversation-listing';
import type { WritableDb } from './database-handles';
import { latestCompaction, sentHistory } from './conversation-compactions';
import {
  prepareConversationStatements,
  type ConversationStatements,
} from './conversation-statements';
import { prepareHookRunStatements, type HookRunStatements } from './conversation-hook-runs';
import {
  readLastTurn,
  readMessages,
  readTranscript,
  readUsageTotals,
  type LastTurn,
} from './conversation-reads';

export type { LastTurn } from './conversation-reads';

export interface ConversationRecord extends ConversationSummary {
  model: string;
}

/** The Sluice worktree a conversation works in: the project it was made from, and its name. */
export interface ConversationWorktree {
  readonly projectId: string;
  readonly name: string;
}

export interface ConversationRepository {
  create(input: {
    projectId: string;
    title: string;
    model: string;
    id?: string;
    worktree?: ConversationWorktree | null | undefined;
  }): ConversationRecord;
  get(id: string): ConversationRecord | null;
  /** Newest first; one project's when projectId is given. */
  list(projectId?: string): ConversationSummary[];
  /** With its figures and markers, the project's worktrees' too (conversation-listing.ts). */
  listing(projectId: string, options?: ListConversationsOptions): ListedConversation[];
  rename(id: string, title: string): ConversationRecord | null;
  setModel(id: string, model: string): void;
  delete(id: string): boolean;
  /** Complete messages in order, as stored (a compaction leaves them whole). */
  history(id: string): ChatMessage[];
  /**
   * What the next request sends of the history: after a compaction, its summary and the
   * messages since (conversation-compactions.ts); else every message.
   */
  sentHistory(id: string): ChatMessage[];
  /** The compaction in force (conversation-compactions.ts), by its id; null when none. */
  latestCompactionId(id: string): number | null;
  /** `mode`: the mode the turn runs in, when the caller knows it (a review note has none). */
  startTurn(
    conversationId: string,
    userText: string,
    turnId?: string,
    mode?: TurnMode | null,
  ): string;
  lastTurn(conversationId: string): LastTurn | null;
  /** Marks turns left without an end (Sluice stopped mid-turn) as errors; returns how many. */
  closeInterruptedTurns(conversationId: string, message: string): number;
  recorder(conversationId: string): TurnRecorder;
  transcript(conversationId: string): TranscriptItem[];
  /** The n-th image (from 0) the person attached to a turn's message; null when there is none. */
  attachedImage(conversationId: string, turnId: string, index: number): ImageInput | null;
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

type AppendMessage = (conversationId: string, turnId: string, message: ChatMessage) => void;

export function createConversationRepository(
  db: WritableDb,
  now: () => number = Date.now,
): ConversationRepository {
  const q = prepareConversationStatements(db);
  const hookRuns = prepareHookRunStatements(db);
  const attachedImage = prepareAttachedImageRead(db);

  const appendMessage: AppendMessage = db.transaction(
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

  const startTurn = db.transaction(
    (conversationId: string, userText: string, turnId: string, mode: TurnMode | null) => {
      const { next } = q.nextTurnSeq.get(conversationId) as { next: number };
      const at = now();
      q.insertTurn.run(turnId, conversationId, next, userText, at, mode);
      q.touch.run(at, conversationId);
    },
  );

  const create = db.transaction(
    (row: ConversationRecord, worktree: ConversationWorktree | null | undefined) => {
      q.insert.run(row.id, row.projectId, row.title, row.model, row.createdAt, row.updatedAt);
      if (worktree) q.insertWorktree.run(row.id, worktree.projectId, worktree.name);
    },
  );

  return {
    create({ projectId, title, model, id = randomUUID(), worktree }) {
      const at = now();
      const row = { id, projectId, title, model, createdAt: at, updatedAt: at };
      create(row, worktree);
      return row;
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
    listing: (projectId, options) => listConversations(db, projectId, options),
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
      return readMessages(q, id).map((m) => m.message);
    },
    sentHistory: (id) => sentHistory(readMessages(q, id), latestCompaction(db, id)),
    latestCompactionId: (id) => latestCompaction(db, id)?.id ?? null,
    startTurn(conversationId, userText, turnId = randomUUID(), mode = null) {
      startTurn(conversationId, userText, turnId, mode);
      return turnId;
    },
    lastTurn: (conversationId) => readLastTurn(q, conversationId),
    closeInterruptedTurns(conversationId, message) {
      return q.closeOpen.run(now(), message, conversationId).changes;
    },
    recorder: (conversationId) => turnRecorder(q, hookRuns, appendMessage, now, conversationId),
    transcript: (conversationId) =>
      readTranscript(q, conversationId, hookRuns.read(conversationId)),
    attachedImage,
    usageTotals: (conversationId) => readUsageTotals(q, conversationId),
  };
}

/** What the agent loop reports during a turn, written as it comes. */
function turnRecorder(
  q: ConversationStatements,
  hookRuns: HookRunStatements,
  appendMessage: AppendMessage,
  now: () => number,
  conversationId: string,
): TurnRecorder {
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
        outcome.result.shownAs ?? null,
        now(),
      );
    },
    hookRun: (run, turnId, step) => hookRuns.record(conversationId, turnId, run, step, now()),
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
}
