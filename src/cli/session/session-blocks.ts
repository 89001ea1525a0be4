// What the terminal session has printed for good, and what is still live. The conversation is
// the app's own view-model (shared/conversation-state.ts); this walks its items in order and
// turns each finished one into a block printed once above the prompt (Ink's <Static>). The
// answer being streamed is printed line by line: its complete lines become blocks as they
// arrive, and only the line still being written stays live, so a long answer never has to
// be redrawn. A running step stops the walk: what follows it waits, so the order holds.
import type { ChatItem } from '../../shared/conversation-state';
import { hookStepWords, type HookStepWords } from '../../shared/hook-words';
import { stepView, type StepView, type ToolStep } from '../../shared/step-view';
import { openFenceAfter, type Fence } from './markdown-lines';

export type SessionBlock =
  | {
      readonly key: string;
      readonly kind: 'user';
      readonly text: string;
      /** The names of the images sent with it. */
      readonly images?: readonly string[];
    }
  | {
      readonly key: string;
      readonly kind: 'text';
      readonly text: string;
      /** Claude's answer (shown as markdown), from inside this open code block. */
      readonly markdown?: { readonly fence: Fence | null };
    }
  | { readonly key: string; readonly kind: 'step'; readonly view: StepView }
  | {
      readonly key: string;
      readonly kind: 'hook';
      readonly words: HookStepWords;
      /** About a tool call: shown under its step. */
      readonly nested: boolean;
    }
  | { readonly key: string; readonly kind: 'error'; readonly text: string }
  | {
      readonly key: string;
      readonly kind: 'notice';
      readonly text: string;
      readonly tone: 'info' | 'warn' | 'ok';
    };

/** Where printing stands: the items printed whole, and how much of the answer being streamed. */
export interface PrintCursor {
  readonly printed: ReadonlySet<string>;
  /** The answer printed in part: its item id and the characters printed. */
  readonly partial: { readonly id: string; readonly chars: number } | null;
}

export const START_CURSOR: PrintCursor = { printed: new Set(), partial: null };

export interface LiveView {
  /** The line of the answer still being written. */
  readonly text: string;
  /** Steps not printed yet: the first is running, those after it wait behind it. */
  readonly steps: readonly StepView[];
}

export interface Advanced {
  readonly blocks: SessionBlock[];
  readonly cursor: PrintCursor;
  readonly live: LiveView;
}

type AnswerItem = Extract<ChatItem, { type: 'assistant_text' }>;

/**
 * The blocks that became final since `cursor`, and the live rest. `turnOver`: no item will
 * change any more (the answer's last line is printed even without a newline).
 */
export function advance(
  items: readonly ChatItem[],
  cursor: PrintCursor,
  turnOver: boolean,
): Advanced {
  const printed = new Set(cursor.printed);
  const blocks: SessionBlock[] = [];
  let partial = cursor.partial;
  if (partial && !items.some((item) => item.id === partial?.id)) {
    // A reply that was cut off and asked again: its printed lines stay above, marked void.
    blocks.push({
      key: `void-${partial.id}`,
      kind: 'notice',
      tone: 'warn',
      text: '(that reply was cut off; Claude is answering again)',
    });
    partial = null;
  }
  const pending = items.filter((item) => !printed.has(item.id));
  let live: LiveView = { text: '', steps: [] };
  for (let i = 0; i < pending.length; i += 1) {
    const item = pending[i] as ChatItem;
    const last = i === pending.length - 1;
    if (item.type === 'assistant_text') {
      const done = !last || turnOver;
      const from = partial?.id === item.id ? partial.chars : 0;
      const answered = answerLines(item, from, done);
      if (answered.block) blocks.push(answered.block);
      if (!done) {
        partial = { id: item.id, chars: answered.chars };
        live = { text: item.text.slice(answered.chars), steps: [] };
        break;
      }
      if (partial?.id === item.id) partial = null;
      printed.add(item.id);
      continue;
    }
    if (item.type === 'tool' && item.status === 'running' && !turnOver) {
      live = {
        text: '',
        steps: pending.slice(i).flatMap((rest) => (rest.type === 'tool' ? [stepView(rest)] : [])),
      };
      break;
    }
    const block = blockOf(item);
    if (block) blocks.push(block);
    printed.add(item.id);
  }
  return { blocks, cursor: { printed, partial }, live };
}

/** The complete lines of an answer from `from` (all of it when done), as one block. */
function answerLines(
  item: AnswerItem,
  from: number,
  done: boolean,
): { block: SessionBlock | null; chars: number } {
  const end = done ? item.text.length : item.text.lastIndexOf('\n') + 1;
  if (end <= from) return { block: null, chars: from };
  const text = item.text.slice(from, end).replace(/\n$/u, '');
  // A code block opened in lines printed before stays one: what it holds is code.
  const markdown = { fence: from > 0 ? openFenceAfter(item.text.slice(0, from)) : null };
  return { block: { key: `${item.id}:${from}`, kind: 'text', text, markdown }, chars: end };
}

function blockOf(item: ChatItem): SessionBlock | null {
  switch (item.type) {
    case 'user':
      return item.images?.length
        ? { key: item.id, kind: 'user', text: item.text, images: item.images.map((i) => i.name) }
        : { key: item.id, kind: 'user', text: item.text };
    case 'tool':
      return { key: item.id, kind: 'step', view: stepView(item as ToolStep) };
    case 'error':
      return { key: item.id, kind: 'error', text: item.message };
    case 'hook':
      return {
        key: item.id,
        kind: 'hook',
        words: hookStepWords(item.run, item.message),
        nested: item.toolUseId !== undefined,
      };
    case 'assistant_text':
      return { key: item.id, kind: 'text', text: item.text, markdown: { fence: null } };
    default:
      return otherItem(item);
  }
}

/** Items the transcript keeps that the session shows as a plain notice, if at all. */
function otherItem(item: ChatItem): SessionBlock | null {
  const text = 'text' in item && typeof item.text === 'string' ? item.text : null;
  return text ? { key: item.id, kind: 'notice', tone: 'info', text } : null;
}
