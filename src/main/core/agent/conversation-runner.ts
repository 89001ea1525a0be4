// Runs turns of stored conversations: the piece the app's agent handlers and `sluice ask`
// share. It creates or reopens the conversation, records the turn as it happens, builds the
// system prompt from the project's guidance, and tracks the one running turn per conversation
// so it can be aborted. Send, Continue and Retry differ only in what they may start from.
import { AnthropicConfigError } from './anthropic-client';
import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { TurnMode } from '../../../shared/contract/agent-service';
import { conversationTitle } from '../../../shared/conversation-title';
import type { ToolDefinition } from '../tools/tool';
import type {
  ConversationRepository,
  ConversationWorktree,
} from '../store/conversation-repository';
import { userContent, type ChatMessage } from './chat-message';
import { attachedImages, checkImageInputs, type ImageInput } from './image-attachments';
import { runAgentTurn, type AgentTurnOptions, type TurnOutcome } from './agent-loop';
import { DEFAULT_MODEL, modelInfo } from './model-catalog';
import { loadProjectGuidance, type GuidanceFiles } from './project-guidance';
import { buildSystemPrompt } from './system-prompt';
import type { ToolPorts } from './tool-execution';
import type { TurnToolSet, TurnToolSource } from './turn-tool-set';
import { createSubmitPlanTool } from '../tools/submit-plan';
import type { ProjectHooks } from '../hooks/hooks-port';
import { SessionSources } from './session-sources';
import type { UndoneChange } from '../checkpoints/checkpoint-store';
import { undoneChangesNote } from './undone-changes-note';
import type { SessionStartSource } from './turn-hooks';

export type TurnKind = 'send' | 'continue' | 'retry';

/** Names of the tools a history called, each once. */
function calledTools(history: readonly ChatMessage[]): string[] {
  const names = new Set<string>();
  for (const message of history)
    for (const block of message.content) if (block.type === 'tool_use') names.add(block.name);
  return [...names];
}

export interface ConversationRunnerDeps {
  repository: ConversationRepository;
  projectId: string;
  /** Called per turn, so a key set in Settings applies at once; may throw "no API key". */
  createClient: () => Anthropic;
  /** The model for new conversations (Settings or --model); default DEFAULT_MODEL. */
  model?: () => string;
  tools: readonly ToolDefinition[];
  /**
   * Per turn, tools that come and go (MCP servers' tools), fitted to the model's context
   * window, and the ones a tool search loads during the turn; a failure offers none.
   */
  extraTools?: TurnToolSource;
  /** Per turn: the ToolContext ports (the turn's emitter reaches tools as ctx.emit). */
  ports: (turn: { conversationId: string; turnId: string }) => ToolPorts;
  /** Where AGENTS.md / CLAUDE.md and skills are read from (the workspace). */
  guidanceFiles: GuidanceFiles;
  /** Plan mode, read as each turn starts: the turn gets submit_plan and the planning prompt. */
  planning?: () => boolean;
  maxRounds?: () => number | undefined;
  maxTokens?: number;
  /** The mode each turn runs in, recorded as it starts so a listing can say it. */
  mode?: () => TurnMode | null;
  /** The Sluice worktree this project is, recorded with each conversation it starts. */
  worktree?: ConversationWorktree | null;
  /** The project's hooks, run around each turn and tool call; absent: none. */
  hooks?: ProjectHooks;
  /**
   * What the person undid in the conversation since a time (the checkpoints): a Send after
   * the person undid some of Claude's changes tells the model which files are back.
   */
  undoneSince?: (conversationId: string, since: number) => readonly UndoneChange[];
}

export interface StartedTurn {
  conversationId: string;
  turnId: string;
  /** Must be consumed for the turn to run. */
  events: AsyncGenerator<AgentEvent, TurnOutcome>;
}

/** A request that cannot start (unknown conversation, already running, nothing to continue). */
export class TurnRefusedError extends Error {
  override readonly name = 'TurnRefusedError';
}

export const INTERRUPTED_TURN = 'Sluice stopped before this turn finished.';

export interface ConversationRunner {
  start(request: {
    kind: TurnKind;
    conversationId?: string;
    text?: string;
    /** Sent with the text as a second block (mentioned files and symbols); not shown as a chat row. */
    context?: string;
    /**
     * Send only: images sent before the text and kept with the message. Checked here again
     * (image-attachments.ts); one that fails refuses the turn (TurnRefusedError) in words.
     */
    images?: readonly ImageInput[];
    model?: string;
  }): StartedTurn;
  abort(conversationId: string): boolean;
  isRunning(conversationId: string): boolean;
  /**
   * An image of the running turn's message, by its index: the message is kept only once the
   * turn's opening hooks have run, and the transcript shows its pictures from the turn's start.
   */
  turnImage(conversationId: string, turnId: string, index: number): ImageInput | null;
  /** Aborts every running turn and waits for them to end. */
  shutdown(): Promise<void>;
}

interface RunningTurn {
  readonly controller: AbortController;
  readonly done: Promise<void>;
  readonly turnId: string;
  readonly images: readonly ImageInput[];
}

type RunningTurns = Map<string, RunningTurn>;

export function createConversationRunner(deps: ConversationRunnerDeps): ConversationRunner {
  const running: RunningTurns = new Map();
  const sessions = new SessionSources(deps.repository);

  return {
    start(request) {
      const images = request.kind === 'send' ? checkedImages(request.images) : [];
      const { conversationId, model, created, previousStart } = prepareTurn(deps, running, request);
      const sessionStart = sessions.turnStarts(conversationId, created);
      const text = request.kind === 'send' ? request.text : undefined;
      const turnId = deps.repository.startTurn(
        conversationId,
        text ?? '',
        randomUUID(),
        deps.mode?.() ?? null,
      );
      const controller = new AbortController();
      let finish!: () => void;
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      running.set(conversationId, { controller, done, turnId, images });
      const context =
        request.kind === 'send'
          ? withUndoneNote(deps, conversationId, previousStart, request.context)
          : undefined;
      const inner = runTurn(
        deps,
        { conversationId, turnId, model, text, context, images, sessionStart },
        controller,
      );
      async function* tracked(): AsyncGenerator<AgentEvent, TurnOutcome> {
        try {
          return yield* inner;
        } finally {
          running.delete(conversationId);
          finish();
        }
      }
      return { conversationId, turnId, events: tracked() };
    },
    abort(conversationId) {
      const entry = running.get(conversationId);
      if (!entry) return false;
      entry.controller.abort();
      return true;
    },
    isRunning: (conversationId) => running.has(conversationId),
    turnImage(conversationId, turnId, index) {
      const turn = running.get(conversationId);
      return turn?.turnId === turnId ? (turn.images[index] ?? null) : null;
    },
    async shutdown() {
      const entries = [...running.values()];
      for (const entry of entries) entry.controller.abort();
      await Promise.all(entries.map((e) => e.done));
    },
  };
}

/**
 * The conversation a turn runs in: a new one for a first Send, else the stored one when the
 * kind of turn may start from where it stands.
 */
function prepareTurn(
  deps: ConversationRunnerDeps,
  running: RunningTurns,
  request: { kind: TurnKind; conversationId?: string; text?: string; model?: string },
): { conversationId: string; model: string; created: boolean; previousStart?: number } {
  const { repository } = deps;
  if (request.conversationId === undefined) {
    if (request.kind !== 'send' || request.text === undefined)
      throw new TurnRefusedError(`${request.kind} needs an existing conversation.`);
    const model = request.model ?? deps.model?.() ?? DEFAULT_MODEL;
    const created = repository.create({
      projectId: deps.projectId,
      title: conversationTitle(request.text),
      model,
      worktree: deps.worktree,
    });
    return { conversationId: created.id, model, created: true };
  }
  const record = repository.get(request.conversationId);
  if (!record) throw new TurnRefusedError(`There is no conversation ${request.conversationId}.`);
  if (running.has(record.id))
    throw new TurnRefusedError(
      'A turn is already running in this conversation; wait for it or abort it first.',
    );
  repository.closeInterruptedTurns(record.id, INTERRUPTED_TURN);
  const last = repository.lastTurn(record.id);
  if (request.kind === 'continue' && last?.reason !== 'max_turns') {
    throw new TurnRefusedError(
      'Continue is only possible after a turn stopped at the round limit.',
    );
  }
  if (request.kind === 'retry' && last?.reason !== 'error' && last?.reason !== 'aborted') {
    throw new TurnRefusedError('Retry is only possible after a turn that failed or was stopped.');
  }
  const history = repository.history(record.id);
  if (request.kind !== 'send' && history.at(-1)?.role !== 'user') {
    throw new TurnRefusedError(
      'There is nothing to send again: the conversation ends with a complete reply.',
    );
  }
  if (request.model && request.model !== record.model)
    repository.setModel(record.id, request.model);
  return {
    conversationId: record.id,
    model: request.model ?? record.model,
    created: false,
    ...(last ? { previousStart: last.startedAt } : {}),
  };
}

/** A Send's context with the note of what the person undid since the previous turn began. */
function withUndoneNote(
  deps: ConversationRunnerDeps,
  conversationId: string,
  previousStart: number | undefined,
  context: string | undefined,
): string | undefined {
  if (previousStart === undefined || !deps.undoneSince) return context;
  const note = undoneChangesNote(deps.undoneSince(conversationId, previousStart));
  return note ? [note, context].filter(Boolean).join('\n\n') : context;
}

/** The images of a Send, checked before anything starts; a refusal refuses the turn. */
function checkedImages(images: readonly ImageInput[] | undefined): ImageInput[] {
  if (!images?.length) return [];
  const checked = checkImageInputs(images);
  if ('refused' in checked) throw new TurnRefusedError(checked.refused);
  return checked.images;
}

interface TurnInput {
  conversationId: string;
  turnId: string;
  model: string;
  text: string | undefined;
  context: string | undefined;
  images: readonly ImageInput[];
  sessionStart: SessionStartSource | undefined;
}

/** One turn, recorded as it happens; a client that cannot be made ends it with an error. */
async function* runTurn(
  deps: ConversationRunnerDeps,
  { conversationId, turnId, model, text, context, images, sessionStart }: TurnInput,
  controller: AbortController,
): AsyncGenerator<AgentEvent, TurnOutcome> {
  const { repository } = deps;
  const recorder = repository.recorder(conversationId);
  // After a compaction, the summary stands for the turns before its point.
  const history = repository.sentHistory(conversationId);
  let client: Anthropic;
  try {
    client = deps.createClient();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (text !== undefined)
      recorder.userMessage({ role: 'user', content: userContent(text, context, images) }, turnId);
    recorder.turnEnd('error', turnId, message);
    yield {
      type: 'turn_start',
      conversationId,
      turnId,
      userText: text ?? '',
      model,
      ...(images.length ? { images: attachedImages(images, turnId) } : {}),
    };
    const kind = error instanceof AnthropicConfigError ? error.kind : 'internal';
    yield { type: 'error', conversationId, turnId, kind, message, retryable: false };
    yield { type: 'turn_end', conversationId, turnId, reason: 'error', message };
    return { reason: 'error', message, history };
  }
  const guidance = await loadProjectGuidance(deps.guidanceFiles);
  const maxRounds = deps.maxRounds?.();
  const planning = deps.planning?.() === true;
  const none: TurnToolSet = { tools: [] };
  const extra = deps.extraTools
    ? await deps
        .extraTools({
          model,
          contextWindow: modelInfo(model).contextWindow,
          calledBefore: calledTools(history),
        })
        .catch(() => none)
    : none;
  const options: AgentTurnOptions = {
    client,
    model,
    conversationId,
    turnId,
    history,
    ...(text !== undefined ? { userText: text } : {}),
    ...(context ? { userContext: context } : {}),
    ...(images.length ? { userImages: images } : {}),
    system: buildSystemPrompt(guidance, { planning }),
    tools: [...deps.tools, ...extra.tools, ...(planning ? [createSubmitPlanTool()] : [])],
    ...(extra.loaded ? { loadedTools: extra.loaded } : {}),
    ports: deps.ports({ conversationId, turnId }),
    signal: controller.signal,
    recorder,
    ...(maxRounds ? { maxRounds } : {}),
    ...(deps.maxTokens ? { maxTokens: deps.maxTokens } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    ...(sessionStart ? { sessionStart } : {}),
  };
  return yield* runAgentTurn(options);
}
