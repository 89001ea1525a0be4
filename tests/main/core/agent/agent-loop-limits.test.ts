import { afterEach, describe, expect, it } from 'vitest';
import { reply, stallAfterText, toolUse } from '../../../support/fake-anthropic-server';
import {
  createNoteTool,
  createSlowReadTool,
  ofType,
  runTurn,
  startHarness,
  textOf,
  type Harness,
} from './agent-harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('runAgentTurn limits', () => {
  it('round limit then Continue - max_turns, and Continue resumes from the tool results', async () => {
    h = await startHarness({ 'a.txt': 'A' });
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'a.txt' })]),
      reply([toolUse('read_file', { path: 'a.txt' })]),
    );
    const first = await runTurn(h, { maxRounds: 2 });
    expect(first.outcome.reason).toBe('max_turns');
    expect(first.events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'max_turns' });
    expect(h.server.requests).toHaveLength(2);
    expect(first.outcome.history.at(-1)?.role).toBe('user');

    h.server.enqueue(reply('Finished after continuing.'));
    const resumed = await runTurn(h, {
      history: first.outcome.history,
      userText: undefined,
      turnId: 't2',
    });
    expect(resumed.events[0]).toMatchObject({ type: 'turn_start', userText: '' });
    expect(textOf(resumed.events)).toBe('Finished after continuing.');
    expect(resumed.outcome.reason).toBe('end_turn');
    expect(h.server.requests[2]?.body.messages).toHaveLength(5);
  });

  it('abort mid-stream - stops the stream at once, turn ends aborted, no partial reply kept', async () => {
    h = await startHarness();
    h.server.enqueue({ ...stallAfterText('Thinking about'), chunkSize: 4 });
    const controller = new AbortController();
    const started = performance.now();
    const { events, outcome } = await runTurn(h, { signal: controller.signal }, (event) => {
      if (event.type === 'text_delta') controller.abort();
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'aborted' });
    expect(ofType(events, 'error')).toHaveLength(0);
    expect(outcome.history.map((m) => m.role)).toEqual(['user']);
  });

  it('abort while tools run - unstarted writes are not run, every tool_use still gets a result', async () => {
    h = await startHarness();
    const reads: { id: string; start: number; end: number }[] = [];
    const writes: { id: string; start: number; end: number }[] = [];
    h.server.enqueue(
      reply([toolUse('slow_read', { id: 'r' }, 'r'), toolUse('write_note', { id: 'w' }, 'w')]),
    );
    const controller = new AbortController();
    const { events, outcome } = await runTurn(
      h,
      { signal: controller.signal, tools: [createSlowReadTool(reads, 50), createNoteTool(writes)] },
      (event) => {
        if (event.type === 'tool_start') controller.abort();
      },
    );
    expect(writes).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'aborted' });
    const results = outcome.history.at(-1)?.content ?? [];
    expect(results.map((b) => (b.type === 'tool_result' ? b.tool_use_id : b.type))).toEqual([
      'r',
      'w',
    ]);
    const write = results[1];
    expect(write?.type === 'tool_result' && write.is_error).toBe(true);
    expect(write?.type === 'tool_result' && String(write.content)).toContain('aborted');
    expect(h.server.requests).toHaveLength(1);
  });

  it('history ending with an assistant message - refused with a clear error, nothing sent', async () => {
    h = await startHarness();
    const { events, outcome } = await runTurn(h, {
      userText: undefined,
      history: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      ],
    });
    expect(outcome.reason).toBe('error');
    expect(ofType(events, 'error')[0]?.message).toContain('nothing to send');
    expect(h.server.requests).toHaveLength(0);
  });
});
