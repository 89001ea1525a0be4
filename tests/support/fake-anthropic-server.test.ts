import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cutMidText,
  cutMidToolInput,
  maxTokensMidToolUse,
  overloaded,
  refusal,
  reply,
  spendLimit,
  startFakeAnthropicServer,
  streamErrorEvent,
  text,
  toolUse,
  unauthorized,
  type FakeAnthropicServer,
} from './fake-anthropic-server';

let server: FakeAnthropicServer;
let client: Anthropic;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 2 });
});
afterEach(async () => {
  await server.close();
});

const params = {
  model: 'claude-sonnet-5-5',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'hi' }],
};

async function rawEvents(): Promise<string> {
  const response = await fetch(`${server.baseURL}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, stream: true }),
  });
  return response.text();
}

describe('fake anthropic server', () => {
  it('streams the real SSE event sequence - the SDK assembles text and tool input', async () => {
    server.enqueue(
      reply([
        text('Hello there, friend.'),
        toolUse('read_file', { path: 'package.json', long: 'x'.repeat(30) }),
      ]),
    );
    const stream = client.messages.stream(params);
    const deltas: string[] = [];
    stream.on('text', (t) => deltas.push(t));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Hello there, friend.');
    expect(message.stop_reason).toBe('tool_use');
    const tool = message.content[1];
    expect(tool?.type === 'tool_use' && tool.input).toEqual({
      path: 'package.json',
      long: 'x'.repeat(30),
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
  });

  it('sends events in API order - several input_json_delta per tool input, ping, message_delta', async () => {
    server.enqueue(reply([toolUse('list_files', { path: '.' })]));
    const body = await rawEvents();
    const names = [...body.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe('message_start');
    expect(names).toContain('ping');
    expect(names.filter((n) => n === 'content_block_delta').length).toBeGreaterThanOrEqual(2);
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(body).toContain('"stop_reason":"tool_use"');
  });

  it('answers non-streaming requests with message JSON', async () => {
    server.enqueue(reply('plain'));
    const message = await client.messages.create(params);
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'plain' });
  });

  it('records requests - body, headers and order', async () => {
    server.enqueue(reply('a'), (req) => reply(`you sent ${req.body.messages?.length} messages`));
    await client.messages.create(params);
    const second = await client.messages.create({
      ...params,
      messages: [
        ...params.messages,
        { role: 'assistant', content: 'a' },
        { role: 'user', content: 'b' },
      ],
    });
    expect(second.content[0]).toMatchObject({ text: 'you sent 3 messages' });
    expect(server.requests.map((r) => r.index)).toEqual([0, 1]);
    expect(JSON.stringify(server.requests[0]?.headers)).toContain('test-key');
  });

  it('injects 529 - the SDK retries and then succeeds', async () => {
    server.enqueue(overloaded(0.001), overloaded(0.001), reply('ok'));
    const message = await client.messages.stream(params).finalMessage();
    expect(message.content[0]).toMatchObject({ text: 'ok' });
    expect(server.requests).toHaveLength(3);
  });

  it('injects 401 and spend-limit 429 - error bodies with the API error type', async () => {
    server.enqueue(unauthorized());
    await expect(client.messages.create(params)).rejects.toBeInstanceOf(
      Anthropic.AuthenticationError,
    );
    server.enqueue(spendLimit());
    client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
    const error = await client.messages.create(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as Error).message).toContain('usage limits');
  });

  it('cuts a stream mid-text and mid tool input - the SDK rejects, no final message', async () => {
    server.enqueue(cutMidText('Hel'));
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow();
    server.enqueue(cutMidToolInput('read_file', { path: 'a-long-path/file.ts' }));
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow();
  });

  it('sends an in-stream error event - the SDK raises it', async () => {
    server.enqueue(streamErrorEvent('Hi'));
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow(/Overloaded/);
  });

  it('stops on max_tokens mid tool_use and on refusal - stop reasons reach the SDK', async () => {
    server.enqueue(maxTokensMidToolUse('read_file'), refusal());
    const cut = await client.messages.stream(params).finalMessage();
    expect(cut.stop_reason).toBe('max_tokens');
    const refused = await client.messages.stream(params).finalMessage();
    expect(refused.stop_reason).toBe('refusal');
  });

  it('answers an unscripted request with a clear 400 - never hangs', async () => {
    const error = await client.messages.create(params).catch((e: unknown) => e);
    expect((error as Error).message).toContain('no scripted reply left');
    expect(server.unscripted).toHaveLength(1);
  });
});
