// Rebuilds what the UI shows (TranscriptItem[]) from the stored conversation: the person's
// messages, Claude's text, each tool call with its stored status and result (a submitted plan
// with its decision), the hook runs (after the tool call they were about, else where they ran
// among the turn's messages), and an error row after each turn that ended in error. Tool
// results inside user messages are not rows of their own: they belong to their tool call. Only
// a turn's first message is the person's: a later user message of the turn (a Stop hook's
// reason sent back) is what Claude was told, shown by its hook's step.
import type { TranscriptItem } from '../../../shared/contract/agent-service';
import type { ToolStatus, TurnEndReason } from '../../../shared/agent-events';
import type { ChatMessage } from './conversation-records';
import type { StoredHookRun } from './conversation-hook-runs';
import { planCardOf, type PlanRow } from './plan-repository';
import { personMessage } from './attached-images';

export interface StoredMessage {
  seq: number;
  turnId: string;
  createdAt: number;
  message: ChatMessage;
}

export interface StoredTurn {
  id: string;
  /** The person's prompt as the turn started ('' for Continue and Retry). */
  userText?: string;
  startedAt?: number;
  reason: TurnEndReason | null;
  message: string | null;
}

export interface StoredToolCall {
  name: string;
  label: string;
  input: unknown;
  status: ToolStatus;
  result: string;
  /** What the person reads in place of the result's words (a change sent back to Claude). */
  shownAs?: string;
}

/** A tool call with no stored result: running, or cut off when Sluice stopped. */
const NOT_FINISHED = 'This tool call did not finish.';

export function buildTranscript(
  messages: StoredMessage[],
  turns: StoredTurn[],
  tools: ReadonlyMap<string, StoredToolCall>,
  /** Plan mode's plans by the tool call (submit_plan) that submitted them. */
  plans: ReadonlyMap<string, PlanRow> = new Map(),
  hookRuns: readonly StoredHookRun[] = [],
): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const byTurn = groupBy(messages, (m) => m.turnId);
  const hooksByTurn = groupBy(hookRuns, (h) => h.turnId);
  for (const turn of turns) {
    const turnMessages = byTurn.get(turn.id) ?? [];
    const hooks = placeHooks(turn.id, turnMessages, hooksByTurn.get(turn.id) ?? []);
    const first = turnMessages[0];
    const said =
      first?.message.role === 'user' ? personMessage(first.message.content, turn.id) : null;
    if (first && said)
      items.push({
        type: 'user',
        id: `${first.seq}:${said.index}`,
        text: said.text,
        createdAt: first.createdAt,
        ...(said.images.length ? { images: said.images } : {}),
      });
    else if (!first && turn.userText)
      // A prompt that was never sent (a hook blocked it): the person's words, then its step.
      items.push({
        type: 'user',
        id: `turn-text:${turn.id}`,
        text: turn.userText,
        createdAt: turn.startedAt ?? 0,
      });
    items.push(...hooks.opening);
    for (const stored of turnMessages) {
      if (stored.message.role === 'assistant')
        items.push(...assistantItems(stored, turn, tools, plans, hooks.byTool));
      items.push(...(hooks.afterMessage.get(stored.seq) ?? []));
    }
    items.push(...hooks.closing);
    if (turn.reason === 'error')
      items.push({
        type: 'error',
        id: `turn-error:${turn.id}`,
        turnId: turn.id,
        message: turn.message ?? 'The turn failed.',
      });
  }
  return items;
}

function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const group = groups.get(key(item)) ?? [];
    group.push(item);
    groups.set(key(item), group);
  }
  return groups;
}

type HookItem = Extract<TranscriptItem, { type: 'hook' }>;

interface PlacedHooks {
  /** Before the turn's first message (SessionStart, UserPromptSubmit), after the person's row. */
  readonly opening: HookItem[];
  readonly byTool: Map<string, HookItem[]>;
  readonly afterMessage: Map<number, HookItem[]>;
  /** Anything else of the turn, at its end. */
  readonly closing: HookItem[];
}

/** Where each hook run of a turn goes; ids count the turn's runs as the live view does. */
function placeHooks(
  turnId: string,
  turnMessages: readonly StoredMessage[],
  runs: readonly StoredHookRun[],
): PlacedHooks {
  const toolIds = new Set<string>();
  for (const stored of turnMessages)
    for (const block of stored.message.content)
      if (block.type === 'tool_use') toolIds.add(block.id);
  const seqs = new Set(turnMessages.map((m) => m.seq));
  const firstSeq = turnMessages[0]?.seq;
  const placed: PlacedHooks = {
    opening: [],
    byTool: new Map(),
    afterMessage: new Map(),
    closing: [],
  };
  runs.forEach((stored, index) => {
    const item: HookItem = {
      type: 'hook',
      id: `hook-${turnId}-${index}`,
      turnId,
      ...(stored.toolUseId ? { toolUseId: stored.toolUseId } : {}),
      run: stored.run,
      ...(stored.message ? { message: stored.message } : {}),
    };
    if (stored.toolUseId && toolIds.has(stored.toolUseId)) {
      const list = placed.byTool.get(stored.toolUseId) ?? [];
      list.push(item);
      placed.byTool.set(stored.toolUseId, list);
    } else if (stored.afterSeq !== null && seqs.has(stored.afterSeq)) {
      const list = placed.afterMessage.get(stored.afterSeq) ?? [];
      list.push(item);
      placed.afterMessage.set(stored.afterSeq, list);
    } else if (stored.afterSeq === null || firstSeq === undefined || stored.afterSeq < firstSeq) {
      placed.opening.push(item);
    } else {
      placed.closing.push(item);
    }
  });
  return placed;
}

/** Claude's text and tool calls of one stored reply, each call followed by its hook runs. */
function assistantItems(
  stored: StoredMessage,
  turn: StoredTurn,
  tools: ReadonlyMap<string, StoredToolCall>,
  plans: ReadonlyMap<string, PlanRow>,
  hooksByTool: ReadonlyMap<string, HookItem[]>,
): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  stored.message.content.forEach((block, index) => {
    const id = `${stored.seq}:${index}`;
    if (block.type === 'text' && block.text)
      items.push({ type: 'assistant_text', id, turnId: turn.id, text: block.text });
    if (block.type === 'tool_use') {
      const call = tools.get(block.id);
      const planRow = plans.get(block.id);
      const plan = planRow ? planCardOf(planRow, turn.reason !== null) : null;
      items.push({
        type: 'tool',
        id: block.id,
        turnId: turn.id,
        name: block.name,
        label: call?.label ?? block.name,
        input: block.input,
        status: call ? call.status : turn.reason === null ? 'running' : 'error',
        result: call?.result ?? (turn.reason === null ? '' : NOT_FINISHED),
        ...(call?.shownAs ? { shownAs: call.shownAs } : {}),
        ...(plan ? { plan } : {}),
      });
      items.push(...(hooksByTool.get(block.id) ?? []));
    }
  });
  return items;
}
