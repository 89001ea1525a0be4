// Turns a scripted MessageReply into the Messages API's streaming event sequence, as the real
// API sends it: message_start, ping, per block content_block_start / content_block_delta
// (text_delta or input_json_delta, split into chunks) / content_block_stop, message_delta with
// stop_reason and usage, message_stop. Also builds the non-streaming JSON body.
import type { FakeBlock, FakeUsage, MessageReply } from './scripted-reply';

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  /** Characters of the current block's deltas written up to and including this event. */
  deltaChars?: number;
  /** True for deltas of the reply's last block (the one a `cut` applies to). */
  inLastBlock?: boolean;
}

let messageIds = 0;

export function fakeMessageId(): string {
  messageIds += 1;
  return `msg_fake_${String(messageIds).padStart(5, '0')}`;
}

function blockJson(block: FakeBlock): string {
  if (block.type === 'text') return '';
  return block.rawJson ?? JSON.stringify(block.input);
}

function chunks(value: string, size: number): string[] {
  if (value.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size));
  return out;
}

export function outputTokensOf(content: FakeBlock[]): number {
  const chars = content.reduce(
    (n, b) => n + (b.type === 'text' ? b.text.length : blockJson(b).length + b.name.length),
    0,
  );
  return Math.max(1, Math.ceil(chars / 4));
}

export function usageFor(reply: MessageReply, inputTokens: number): FakeUsage {
  return {
    input_tokens: inputTokens,
    output_tokens: outputTokensOf(reply.content),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    ...reply.usage,
  };
}

export function sseSequence(
  reply: MessageReply,
  model: string,
  usage: FakeUsage,
  id = fakeMessageId(),
): SseEvent[] {
  const size = reply.chunkSize ?? 7;
  const events: SseEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
  ];
  reply.content.forEach((block, index) => {
    const last = index === reply.content.length - 1;
    const start =
      block.type === 'text'
        ? { type: 'text', text: '' }
        : { type: 'tool_use', id: block.id, name: block.name, input: {} };
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: start },
    });
    // Tool input always spans at least two deltas, like the real API.
    const pieces =
      block.type === 'text'
        ? chunks(block.text, size)
        : chunks(
            blockJson(block),
            Math.min(size, Math.max(1, Math.ceil(blockJson(block).length / 2))),
          );
    let written = 0;
    for (const piece of pieces) {
      written += piece.length;
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: piece }
          : { type: 'input_json_delta', partial_json: piece };
      events.push({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index, delta },
        deltaChars: written,
        inLastBlock: last,
      });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: reply.stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

export function encodeSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The non-streaming response body for the same reply. */
export function messageJson(
  reply: MessageReply,
  model: string,
  usage: FakeUsage,
  id = fakeMessageId(),
): Record<string, unknown> {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: reply.content.map((b) =>
      b.type === 'text'
        ? { type: 'text', text: b.text, citations: null }
        : {
            type: 'tool_use',
            id: b.id,
            name: b.name,
            input: b.rawJson === undefined ? b.input : safeParse(b.rawJson),
          },
    ),
    stop_reason: reply.stopReason,
    stop_sequence: null,
    usage,
  };
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}
