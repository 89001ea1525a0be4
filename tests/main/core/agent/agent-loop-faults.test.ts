import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  contextWindowExceeded,
  cutMidText,
  cutMidToolInput,
  maxTokensMidToolUse,
  overloaded,
  promptTooLong,
  rateLimited,
  refusal,
  reply,
  serverError,
  spendLimit,
  streamErrorEvent,
  toolUse,
  unauthorized,
} from '../../../support/fake-anthropic-server';
import { ofType, runTurn, startHarness, textOf, type Harness } from './agent-harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

function lastError(events: Parameters<typeof ofType>[0]) {
  return ofType(events, 'error').at(-1);
}

describe('runAgentTurn faults', () => {
  it('529 twice then success - the SDK retries, each retry is an event, the turn succeeds', async () => {
    h = await startHarness({}, 3);
    h.server.enqueue(overloaded(0.001), overloaded(0.001), reply('finally'));
    const { events, outcome } = await runTurn(h);
    expect(ofType(events, 'retry').map((e) => e.attempt)).toEqual([1, 2]);
    expect(ofType(events, 'retry')[0]?.reason).toContain('529');
    expect(textOf(events)).toBe('finally');
    expect(outcome.reason).toBe('end_turn');
    expect(h.server.requests).toHaveLength(3);
  });

  it('529 until retries run out - error says overloaded and retryable, turn ends with error', async () => {
    h = await startHarness({}, 2);
    h.server.enqueue(overloaded(0.001), overloaded(0.001), overloaded(0.001));
    const { events, outcome } = await runTurn(h);
    expect(h.server.requests).toHaveLength(3);
    expect(ofType(events, 'retry')).toHaveLength(2);
    expect(lastError(events)).toMatchObject({ kind: 'overloaded', retryable: true });
    expect(outcome.reason).toBe('error');
    expect(outcome.history.map((m) => m.role)).toEqual(['user']);
  });

  it('429 with retry-after and 500 - retried by the SDK, then the turn succeeds', async () => {
    h = await startHarness({}, 3);
    h.server.enqueue(rateLimited(0.001), serverError(), reply('ok'));
    const { events, outcome } = await runTurn(h);
    expect(ofType(events, 'retry').map((e) => e.reason)).toEqual([
      'rate limited (HTTP 429)',
      'HTTP 500',
    ]);
    expect(outcome.reason).toBe('end_turn');
  });

  it('401 - not retried, message says to set the API key', async () => {
    h = await startHarness({}, 3);
    h.server.enqueue(unauthorized(), reply('never'));
    const { events } = await runTurn(h);
    expect(h.server.requests).toHaveLength(1);
    expect(lastError(events)).toMatchObject({ kind: 'api_key', retryable: false });
    expect(lastError(events)?.message).toContain('ANTHROPIC_API_KEY');
  });

  it('spend-limit 429 - recognised by its message, not retried, says to raise the limit', async () => {
    h = await startHarness({}, 3);
    h.server.enqueue(spendLimit(), reply('never'));
    const { events } = await runTurn(h);
    expect(h.server.requests).toHaveLength(1);
    expect(ofType(events, 'retry')).toHaveLength(0);
    expect(lastError(events)).toMatchObject({ kind: 'spend_limit', retryable: false });
    expect(lastError(events)?.message).toMatch(/raise the limit/);
  });

  it('stream cut mid-text - clear error, partial reply never enters the history', async () => {
    h = await startHarness({}, 0);
    h.server.enqueue({ ...cutMidText('Hello wor'), chunkSize: 3 });
    const { events, outcome } = await runTurn(h);
    expect(textOf(events)).toContain('Hel');
    expect(lastError(events)).toMatchObject({ kind: 'stream', retryable: true });
    expect(lastError(events)?.message).toContain('partial reply was discarded');
    expect(outcome.reason).toBe('error');
    expect(outcome.history.map((m) => m.role)).toEqual(['user']);
  });

  it('stream cut inside tool input - no tool runs, nothing half-kept', async () => {
    h = await startHarness({ 'a.txt': 'A' }, 0);
    h.server.enqueue(cutMidToolInput('read_file', { path: 'a.txt' }, 4));
    const { events, outcome } = await runTurn(h);
    expect(ofType(events, 'tool_start')).toHaveLength(0);
    expect(lastError(events)?.kind).toBe('stream');
    expect(outcome.history).toHaveLength(1);
  });

  it('in-stream error event - ends the turn with the API message, nothing kept', async () => {
    h = await startHarness({}, 0);
    h.server.enqueue(streamErrorEvent('Working on'));
    const { events, outcome } = await runTurn(h);
    expect(lastError(events)?.message).toContain('Overloaded');
    expect(outcome.history).toHaveLength(1);
  });

  it('max_tokens inside a tool_use - one retry with a larger max_tokens, then the tool runs', async () => {
    h = await startHarness({ 'a.txt': 'A' });
    h.server.enqueue(
      maxTokensMidToolUse('read_file'),
      reply([toolUse('read_file', { path: 'a.txt' })]),
      reply('done'),
    );
    const { events, outcome } = await runTurn(h, { maxTokens: 1000 });
    expect(h.server.requests.map((r) => r.body.max_tokens)).toEqual([1000, 2000, 1000]);
    const retry = ofType(events, 'retry')[0];
    expect(retry?.reason).toContain('max_tokens');
    // The UI is told which streamed message to drop: the one that was cut.
    const firstMessage = ofType(events, 'text_delta')[0]?.messageId;
    expect(retry?.discardedMessageId).toBeTruthy();
    if (firstMessage) expect(retry?.discardedMessageId).toBe(firstMessage);
    expect(ofType(events, 'tool_end')).toHaveLength(1);
    expect(outcome.reason).toBe('end_turn');
    // The cut reply never reached the history.
    expect(outcome.history).toHaveLength(4);
  });

  it('max_tokens inside a tool_use twice - clear error, no tool run', async () => {
    h = await startHarness();
    h.server.enqueue(maxTokensMidToolUse('read_file'), maxTokensMidToolUse('read_file'));
    const { events, outcome } = await runTurn(h, { maxTokens: 1000 });
    expect(ofType(events, 'tool_start')).toHaveLength(0);
    expect(lastError(events)).toMatchObject({ kind: 'max_tokens' });
    expect(lastError(events)?.message).toContain('max_tokens 2000');
    expect(outcome.history).toHaveLength(1);
  });

  it('refusal and context-window stops - reported plainly, nothing kept', async () => {
    h = await startHarness();
    h.server.enqueue(refusal(), contextWindowExceeded(), promptTooLong());
    const refused = await runTurn(h);
    expect(lastError(refused.events)).toMatchObject({ kind: 'refusal' });
    expect(lastError(refused.events)?.message).toContain('declined');
    const full = await runTurn(h);
    expect(lastError(full.events)).toMatchObject({ kind: 'context_window' });
    const tooLong = await runTurn(h);
    expect(lastError(tooLong.events)).toMatchObject({ kind: 'context_window', retryable: false });
    expect(refused.outcome.history).toHaveLength(1);
  });

  it('API unreachable - connection retried, then a network error naming ANTHROPIC_BASE_URL', async () => {
    h = await startHarness({}, 1);
    const closed = await startHarness();
    const baseURL = closed.server.baseURL;
    await closed.close();
    const client = new Anthropic({ apiKey: 'test-key', baseURL, maxRetries: 1 });
    const { events, outcome } = await runTurn(h, { client });
    expect(ofType(events, 'retry')[0]?.reason).toContain('connection failed');
    expect(lastError(events)).toMatchObject({ kind: 'network', retryable: true });
    expect(lastError(events)?.message).toContain('ANTHROPIC_BASE_URL');
    expect(outcome.history).toHaveLength(1);
  });
});
