// What the fake Anthropic server answers: a scripted reply per request. Builders below name
// every fault the agent must survive, so a test reads as the conversation it scripts.
//
// Spend limit: the real API answers a spend/usage-limit hit with HTTP 429 `rate_limit_error`
// whose message names the usage limit, and (unlike an ordinary rate limit) retrying does not
// help. `spendLimit()` reproduces that WITHOUT an `x-should-retry` header, so the test proves
// that Sluice itself recognises the message and stops the SDK from retrying.

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export type FakeBlock =
  | { type: 'text'; text: string }
  /** `rawJson` sends exactly that text as input_json_delta (lets a test send malformed JSON). */
  | { type: 'tool_use'; id: string; name: string; input: unknown; rawJson?: string };

export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

export interface MessageReply {
  kind: 'message';
  content: FakeBlock[];
  stopReason: StopReason;
  usage?: Partial<FakeUsage>;
  /** Characters per text_delta / input_json_delta (tool input always spans several deltas). */
  chunkSize?: number;
  /** Pause between SSE events, in ms (0 = write as fast as possible). */
  delayMs?: number;
  /**
   * Stop writing after this many characters of the last block's deltas and then either
   * destroy the socket ('destroy'), keep the connection open until the client leaves
   * ('stall'), or send an in-stream `error` event ('error_event').
   */
  cut?: { afterChars: number; how: 'destroy' | 'stall' | 'error_event' };
}

export interface HttpErrorReply {
  kind: 'http_error';
  status: number;
  errorType: string;
  message: string;
  headers?: Record<string, string>;
}

export type FakeReply = MessageReply | HttpErrorReply;

export interface RecordedRequest {
  /** 0-based position in arrival order. */
  index: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (null when it was not JSON). */
  body: FakeRequestBody;
  /** process.hrtime.bigint() in ns when the request's body was fully read. */
  receivedAtNs: bigint;
}

/** The parts of a Messages request the tests assert on; anything else stays reachable. */
export interface FakeRequestBody {
  model?: string;
  max_tokens?: number;
  stream?: boolean;
  system?: unknown;
  tools?: { name: string; cache_control?: unknown; [key: string]: unknown }[];
  messages?: { role: 'user' | 'assistant'; content: unknown }[];
  [key: string]: unknown;
}

/** A reply, or a function choosing one from the request (e.g. echoing what the tools sent). */
export type ReplySource = FakeReply | ((request: RecordedRequest) => FakeReply);

let toolIds = 0;
function nextToolId(): string {
  toolIds += 1;
  return `toolu_fake_${String(toolIds).padStart(4, '0')}`;
}

export function text(value: string): FakeBlock {
  return { type: 'text', text: value };
}

export function toolUse(name: string, input: unknown, id: string = nextToolId()): FakeBlock {
  return { type: 'tool_use', id, name, input };
}

/** A tool_use whose streamed input is exactly `rawJson` (may be invalid JSON). */
export function rawToolUse(name: string, rawJson: string, id: string = nextToolId()): FakeBlock {
  return { type: 'tool_use', id, name, input: {}, rawJson };
}

/** A finished assistant message; stop_reason is tool_use when a block calls a tool. */
export function reply(
  content: FakeBlock[] | string,
  options: Partial<Omit<MessageReply, 'kind' | 'content'>> = {},
): MessageReply {
  const blocks = typeof content === 'string' ? [text(content)] : content;
  const stopReason =
    options.stopReason ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return { kind: 'message', content: blocks, ...options, stopReason };
}

export function httpError(
  status: number,
  errorType: string,
  message: string,
  headers?: Record<string, string>,
): HttpErrorReply {
  return { kind: 'http_error', status, errorType, message, ...(headers ? { headers } : {}) };
}

export function overloaded(retryAfterSeconds?: number): HttpErrorReply {
  return httpError(
    529,
    'overloaded_error',
    'Overloaded',
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) },
  );
}

export function rateLimited(retryAfterSeconds = 0.01): HttpErrorReply {
  return httpError(
    429,
    'rate_limit_error',
    'Number of request tokens has exceeded your per-minute rate limit.',
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
}

export function serverError(): HttpErrorReply {
  return httpError(500, 'api_error', 'Internal server error');
}

export function unauthorized(): HttpErrorReply {
  return httpError(401, 'authentication_error', 'invalid x-api-key');
}

export function spendLimit(): HttpErrorReply {
  return httpError(
    429,
    'rate_limit_error',
    'You have reached your specified API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
  );
}

export function promptTooLong(): HttpErrorReply {
  return httpError(
    400,
    'invalid_request_error',
    'prompt is too long: 210000 tokens > 200000 maximum',
  );
}

/** Text, then the socket is destroyed partway through it. */
export function cutMidText(
  partial: string,
  full = `${partial} and the rest that never arrives`,
): MessageReply {
  return { ...reply(full), cut: { afterChars: partial.length, how: 'destroy' } };
}

/** A tool_use whose input_json stream is destroyed partway through. */
export function cutMidToolInput(name: string, input: unknown, afterChars = 5): MessageReply {
  return {
    ...reply([text('Let me look.'), toolUse(name, input)]),
    cut: { afterChars, how: 'destroy' },
  };
}

/** An in-stream `error` event (e.g. overloaded after the 200 OK) partway through text. */
export function streamErrorEvent(partial: string): MessageReply {
  return {
    ...reply(`${partial} never finished`),
    cut: { afterChars: partial.length, how: 'error_event' },
  };
}

/** Text then a stall: the server keeps the connection open until the client aborts. */
export function stallAfterText(partial: string): MessageReply {
  return { ...reply(`${partial} and more`), cut: { afterChars: partial.length, how: 'stall' } };
}

/** stop_reason max_tokens while a tool_use's input is incomplete. */
export function maxTokensMidToolUse(name: string, partialJson = '{"path": "src/ap'): MessageReply {
  return reply([text('Calling the tool.'), rawToolUse(name, partialJson)], {
    stopReason: 'max_tokens',
  });
}

export function refusal(): MessageReply {
  return reply('I can’t help with that.', { stopReason: 'refusal' });
}

export function contextWindowExceeded(): MessageReply {
  return reply('Partial answer', { stopReason: 'model_context_window_exceeded' });
}
