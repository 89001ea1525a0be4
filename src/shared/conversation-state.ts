// One conversation as the chat shows it, rebuilt from a stored view and then advanced by
// live AgentEvents. Pure: the app's chat hook and the terminal session own subscriptions and calls.
import type { AgentEvent, AgentEventOf, Usage } from './agent-events';
import type { ConversationView, TranscriptItem } from './contract';
import { missingCase } from './missing-case';
import { addUsage, ZERO_USAGE } from './usage';
import { applyPlanEvent } from './plan-step-state';
import {
  figuresAfterUsage,
  figuresFromView,
  NO_FIGURES,
  type ConversationFigures,
} from './conversation-figures';

type ErrorItem = Extract<TranscriptItem, { type: 'error' }>;
type ToolItem = Extract<TranscriptItem, { type: 'tool' }>;
type ToolChatItem = ToolItem & { waitingFor?: string };

/**
 * The transcript's items; live errors also carry whether Retry makes sense, and a running step
 * the approval it waits for (the person's move, not the tool's).
 */
export type ChatItem =
  | Exclude<TranscriptItem, ErrorItem | ToolItem>
  | (ErrorItem & { retryable?: boolean; kind?: string })
  | ToolChatItem;

/** The step without its approval wait (decided, ended, or its turn over). */
function settled(item: ToolChatItem): ToolChatItem {
  const { waitingFor: _done, ...rest } = item;
  return rest;
}

/** Live command output kept per running step (its tail). */
export const LIVE_OUTPUT_CHARS = 32 * 1024;

export interface TurnEnd {
  turnId: string;
  reason: 'end_turn' | 'max_turns' | 'aborted' | 'error';
  message?: string;
}

export interface ConversationState {
  id: string;
  items: ChatItem[];
  usage: Usage;
  running: boolean;
  canContinue: boolean;
  /** The turn whose steps are still live (not yet collapsed). */
  activeTurnId: string | null;
  lastTurnEnd: TurnEnd | null;
  /** A transient note such as "Retrying (attempt 2): overloaded". */
  notice: string | null;
  /** Each turn's cost, the context in use, compactions (conversation-figures.ts). */
  figures: ConversationFigures;
}

export function emptyConversation(id: string): ConversationState {
  return {
    id,
    items: [],
    usage: ZERO_USAGE,
    running: false,
    canContinue: false,
    activeTurnId: null,
    lastTurnEnd: null,
    notice: null,
    figures: NO_FIGURES,
  };
}

export function fromView(view: ConversationView): ConversationState {
  const lastTurn = [...view.items].reverse().find((item) => item.type !== 'user');
  const activeTurnId = view.running && lastTurn && 'turnId' in lastTurn ? lastTurn.turnId : null;
  return {
    ...emptyConversation(view.id),
    items: view.items,
    usage: view.usage,
    running: view.running,
    canContinue: view.canContinue,
    activeTurnId,
    figures: figuresFromView(view),
  };
}

type TurnEvent = AgentEventOf<'turn_start' | 'turn_end' | 'usage'>;
type MessageEvent = AgentEventOf<'text_delta' | 'retry' | 'error'>;
type StepEvent = AgentEventOf<'tool_start' | 'tool_end' | 'command_output'>;
type ApprovalEvent = AgentEventOf<
  | 'approval_request'
  | 'command_approval_request'
  | 'tool_call_approval_request'
  | 'approval_resolved'
  | 'approval_evidence'
>;

export function applyAgentEvent(state: ConversationState, event: AgentEvent): ConversationState {
  switch (event.type) {
    case 'turn_start':
    case 'turn_end':
    case 'usage':
      return applyTurnEvent(state, event);
    case 'text_delta':
    case 'retry':
    case 'error':
      return applyMessageEvent(state, event);
    case 'tool_start':
    case 'tool_end':
    case 'command_output':
      return applyStepEvent(state, event);
    case 'approval_request':
    case 'command_approval_request':
    case 'tool_call_approval_request':
    case 'approval_resolved':
    case 'approval_evidence':
      return applyApprovalEvent(state, event);
    case 'plan_request':
    case 'plan_resolved':
      return { ...state, items: applyPlanEvent(state.items, event) };
    case 'hook_run':
      return { ...state, items: withHookRun(state.items, event) };
    default:
      return missingCase(event);
  }
}

/**
 * A hook run as a step: right after the tool call it was about and that call's earlier hook
 * runs (as a reloaded transcript places it), else at the end.
 */
function withHookRun(items: readonly ChatItem[], event: AgentEventOf<'hook_run'>): ChatItem[] {
  const count = items.filter((item) => item.type === 'hook' && item.turnId === event.turnId).length;
  const item: ChatItem = {
    type: 'hook',
    id: `hook-${event.turnId}-${count}`,
    turnId: event.turnId,
    ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}),
    run: event.run,
    ...(event.message ? { message: event.message } : {}),
  };
  const toolAt = event.toolUseId
    ? items.findIndex((i) => i.type === 'tool' && i.id === event.toolUseId)
    : -1;
  if (toolAt === -1) return [...items, item];
  let at = toolAt + 1;
  while (at < items.length) {
    const next = items[at];
    if (next?.type !== 'hook' || next.toolUseId !== event.toolUseId) break;
    at += 1;
  }
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/** The state of the steps that match, changed; every other item as it was. */
function mapSteps(
  state: ConversationState,
  matches: (step: ToolChatItem) => boolean,
  change: (step: ToolChatItem) => ToolChatItem,
): ChatItem[] {
  return state.items.map((item) => (item.type === 'tool' && matches(item) ? change(item) : item));
}

/** A turn starting and ending, and what it cost. */
function applyTurnEvent(state: ConversationState, event: TurnEvent): ConversationState {
  switch (event.type) {
    case 'turn_start': {
      const userId = `user-${event.turnId}`;
      const hasUser = state.items.some((item) => item.id === userId);
      const items: ChatItem[] = hasUser
        ? state.items
        : [
            ...state.items,
            {
              type: 'user',
              id: userId,
              text: event.userText,
              createdAt: Date.now(),
              ...(event.images?.length ? { images: event.images } : {}),
            },
          ];
      return {
        ...state,
        items,
        running: true,
        canContinue: false,
        activeTurnId: event.turnId,
        lastTurnEnd: null,
        notice: null,
      };
    }
    case 'turn_end':
      return {
        ...state,
        running: false,
        canContinue: event.reason === 'max_turns',
        activeTurnId: null,
        notice: null,
        lastTurnEnd: {
          turnId: event.turnId,
          reason: event.reason,
          ...(event.message ? { message: event.message } : {}),
        },
        // A step still marked running when its turn ended will never finish.
        items: mapSteps(
          state,
          (step) => step.turnId === event.turnId && step.status === 'running',
          (step) => ({
            ...settled(step),
            status: 'error',
            result: step.result || 'Stopped before it finished.',
          }),
        ),
      };
    case 'usage':
      return {
        ...state,
        usage: addUsage(state.usage, event.usage),
        figures: figuresAfterUsage(state.figures, event),
      };
    default:
      return missingCase(event);
  }
}

/** The assistant's streamed text, a retry that may discard it, and errors. */
function applyMessageEvent(state: ConversationState, event: MessageEvent): ConversationState {
  switch (event.type) {
    case 'text_delta': {
      const index = state.items.findIndex(
        (item) => item.type === 'assistant_text' && item.id === event.messageId,
      );
      if (index === -1) {
        return {
          ...state,
          notice: null,
          items: [
            ...state.items,
            { type: 'assistant_text', id: event.messageId, turnId: event.turnId, text: event.text },
          ],
        };
      }
      const items = state.items.slice();
      const current = items[index] as Extract<ChatItem, { type: 'assistant_text' }>;
      items[index] = { ...current, text: current.text + event.text };
      return { ...state, items, notice: null };
    }
    case 'retry': {
      const notice = `Retrying (attempt ${event.attempt}): ${event.reason}`;
      const discarded = event.discardedMessageId;
      if (!discarded) return { ...state, notice };
      const items = state.items.filter(
        (item) => !(item.type === 'assistant_text' && item.id === discarded),
      );
      return { ...state, notice, items };
    }
    case 'error': {
      const count = state.items.filter((item) => item.type === 'error').length;
      const item: ChatItem = {
        type: 'error',
        id: `error-${event.turnId}-${count}`,
        turnId: event.turnId,
        message: event.message,
        retryable: event.retryable,
        kind: event.kind,
      };
      return { ...state, notice: null, items: [...state.items, item] };
    }
    default:
      return missingCase(event);
  }
}

/** A tool step starting, its live output, and its end. */
function applyStepEvent(state: ConversationState, event: StepEvent): ConversationState {
  switch (event.type) {
    case 'tool_start': {
      if (state.items.some((item) => item.type === 'tool' && item.id === event.toolUseId))
        return state;
      const step: ChatItem = {
        type: 'tool',
        id: event.toolUseId,
        turnId: event.turnId,
        name: event.name,
        label: event.label,
        input: event.input,
        status: 'running',
        result: '',
      };
      return { ...state, notice: null, items: [...state.items, step] };
    }
    case 'tool_end':
      return {
        ...state,
        items: mapSteps(
          state,
          (step) => step.id === event.toolUseId,
          (step) => ({
            ...settled(step),
            status: event.status,
            result: event.result,
            ...(event.shownAs ? { shownAs: event.shownAs } : {}),
          }),
        ),
      };
    case 'command_output':
      // Live output of a running command, shown in its step until tool_end replaces it.
      return {
        ...state,
        items: mapSteps(
          state,
          (step) => step.id === event.toolUseId && step.status === 'running',
          (step) => ({ ...step, result: (step.result + event.text).slice(-LIVE_OUTPUT_CHARS) }),
        ),
      };
    default:
      return missingCase(event);
  }
}

/** The review modal owns approvals; a step only shows that it waits for the person. */
function applyApprovalEvent(state: ConversationState, event: ApprovalEvent): ConversationState {
  switch (event.type) {
    case 'approval_request':
    case 'command_approval_request':
    case 'tool_call_approval_request': {
      const { toolUseId } = event;
      if (!toolUseId) return state;
      return {
        ...state,
        items: mapSteps(
          state,
          (step) => step.id === toolUseId && step.status === 'running',
          (step) => ({ ...step, waitingFor: event.request.approvalId }),
        ),
      };
    }
    case 'approval_resolved':
      return {
        ...state,
        items: mapSteps(state, (step) => step.waitingFor === event.approvalId, settled),
      };
    case 'approval_evidence':
      // Late evidence belongs to the review modal's request; the step list does not change.
      return state;
    default:
      return missingCase(event);
  }
}

/** A turn as the transcript renders it: the person's message and what followed. */
export interface TurnGroup {
  key: string;
  /** The turn of the first item after the person's message (null until one arrives). */
  turnId: string | null;
  user: Extract<ChatItem, { type: 'user' }> | null;
  items: Exclude<ChatItem, { type: 'user' }>[];
}

export function groupTurns(items: ChatItem[]): TurnGroup[] {
  const groups: TurnGroup[] = [];
  let current: TurnGroup | null = null;
  for (const item of items) {
    if (item.type === 'user') {
      current = { key: item.id, turnId: null, user: item, items: [] };
      groups.push(current);
      continue;
    }
    if (!current) {
      current = { key: `orphan-${item.id}`, turnId: item.turnId, user: null, items: [] };
      groups.push(current);
    }
    if (current.turnId === null) current.turnId = item.turnId;
    current.items.push(item);
  }
  return groups;
}
