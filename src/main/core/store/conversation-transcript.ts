// Rebuilds what the UI shows (TranscriptItem[]) from the stored conversation: the person's
// messages, Claude's text, each tool call with its stored status and result (a submitted plan
// with its decision), and an error row after each turn that ended in error. Tool results
// inside user messages are not rows of their own: they belong to their tool call.
import type { TranscriptItem } from '../../../shared/contract/agent-service';
import type { ToolStatus, TurnEndReason } from '../../../shared/agent-events';
import type { ChatMessage } from './conversation-records';
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
): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const byTurn = new Map<string, StoredMessage[]>();
  for (const stored of messages) {
    const list = byTurn.get(stored.turnId) ?? [];
    list.push(stored);
    byTurn.set(stored.turnId, list);
  }
  for (const turn of turns) {
    for (const stored of byTurn.get(turn.id) ?? []) {
      const { message, seq } = stored;
      if (message.role === 'user') {
        // Attached images come before the person's text; later text blocks are attached
        // context (mentioned files and symbols), not chat rows.
        const said = personMessage(message.content, turn.id);
        if (said)
          items.push({
            type: 'user',
            id: `${seq}:${said.index}`,
            text: said.text,
            createdAt: stored.createdAt,
            ...(said.images.length ? { images: said.images } : {}),
          });
        continue;
      }
      message.content.forEach((block, index) => {
        const id = `${seq}:${index}`;
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
        }
      });
    }
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
