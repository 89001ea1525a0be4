import { afterEach, describe, expect, it } from 'vitest';
import { createTools } from '../../../../src/main/core/tools';
import { reply, text, toolUse, rawToolUse } from '../../../support/fake-anthropic-server';
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

type Block = { type: string; [key: string]: unknown };
function contentOf(message: { content: unknown } | undefined): Block[] {
  return (message?.content ?? []) as Block[];
}

describe('runAgentTurn', () => {
  it('chat with no tool - streams text, reports usage, ends with end_turn and caches the prompt', async () => {
    h = await startHarness();
    h.server.enqueue(reply('Hello! How can I help with this project?'));
    const { events, outcome } = await runTurn(h, { userText: 'hello' });
    expect(events[0]).toMatchObject({
      type: 'turn_start',
      userText: 'hello',
      model: 'claude-sonnet-5-5',
    });
    expect(ofType(events, 'text_delta').length).toBeGreaterThan(1);
    expect(textOf(events)).toBe('Hello! How can I help with this project?');
    expect(ofType(events, 'tool_start')).toHaveLength(0);
    const usage = ofType(events, 'usage')[0];
    expect(usage?.usage.inputTokens).toBeGreaterThan(0);
    expect(usage?.usage.costUsd).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    expect(outcome.history.map((m) => m.role)).toEqual(['user', 'assistant']);

    const body = h.server.requests[0]?.body;
    expect(body?.stream).toBe(true);
    expect(body?.system).toEqual([
      { type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body?.tools?.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(body?.tools?.[0]?.cache_control).toBeUndefined();
    expect(contentOf(body?.messages?.at(-1)).at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
  });

  it('read package.json and name the project - real read_file tool, result paired with its call', async () => {
    h = await startHarness({
      'package.json': JSON.stringify({ name: 'acme-widgets', version: '1.0.0' }),
    });
    h.server.enqueue(
      reply([text('Let me read it.'), toolUse('read_file', { path: 'package.json' }, 'toolu_pkg')]),
      (req) => {
        const last = contentOf(req.body.messages?.at(-1));
        const result = last.find((b) => b.type === 'tool_result');
        const name = JSON.stringify(result?.content ?? '').includes('acme-widgets')
          ? 'acme-widgets'
          : 'unknown';
        return reply(`The project is called ${name}.`);
      },
    );
    const { events } = await runTurn(h, {
      userText: 'What is this project called?',
      tools: createTools(),
    });
    expect(ofType(events, 'tool_start')[0]).toMatchObject({
      name: 'read_file',
      label: expect.stringContaining('package.json'),
    });
    expect(ofType(events, 'tool_end')[0]).toMatchObject({ status: 'ok' });
    expect(textOf(events)).toContain('The project is called acme-widgets.');
    const second = h.server.requests[1]?.body.messages ?? [];
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    const result = contentOf(second[2]).find((b) => b.type === 'tool_result');
    expect(result).toMatchObject({ tool_use_id: 'toolu_pkg' });
    expect(result?.is_error).toBeUndefined();
    expect(JSON.stringify(result?.content)).toContain('acme-widgets');
    expect(h.server.requests[0]?.body.tools?.map((t) => t.name)).toEqual(
      expect.arrayContaining(['read_file', 'search_files', 'load_skill']),
    );
  });

  it('find where a symbol is defined - search then read, answer names the file', async () => {
    h = await startHarness({
      'src/math.ts': 'export function addNumbers(a: number, b: number) {\n  return a + b;\n}\n',
      'src/app.ts': "import { addNumbers } from './math';\n",
    });
    h.server.enqueue(
      reply([toolUse('search_files', { pattern: 'function addNumbers' })]),
      (req) => {
        const result = JSON.stringify(contentOf(req.body.messages?.at(-1)));
        return reply([
          toolUse('read_file', {
            path: result.includes('src/math.ts') ? 'src/math.ts' : 'nowhere.ts',
          }),
        ]);
      },
      (req) =>
        reply(
          JSON.stringify(contentOf(req.body.messages?.at(-1))).includes('return a + b')
            ? 'addNumbers is defined in src/math.ts line 1.'
            : 'not found',
        ),
    );
    const { events } = await runTurn(h, {
      userText: 'Where is addNumbers defined?',
      tools: createTools(),
    });
    expect(ofType(events, 'tool_end').map((e) => e.status)).toEqual(['ok', 'ok']);
    expect(textOf(events)).toBe('addNumbers is defined in src/math.ts line 1.');
  });

  it('find all TODO comments - one search lists every match', async () => {
    h = await startHarness({
      'a.ts': '// TODO: one\nconst a = 1;\n',
      'lib/b.ts': 'const b = 2; // TODO two\n',
      'c.ts': 'nothing here\n',
    });
    h.server.enqueue(reply([toolUse('search_files', { pattern: 'TODO' })]), (req) => {
      const result = JSON.stringify(contentOf(req.body.messages?.at(-1)));
      const files = ['a.ts', 'lib/b.ts', 'c.ts'].filter((f) => result.includes(f));
      return reply(`TODOs in: ${files.join(', ')}`);
    });
    const { events } = await runTurn(h, {
      userText: 'Find all TODO comments',
      tools: createTools(),
    });
    expect(textOf(events)).toBe('TODOs in: a.ts, lib/b.ts');
  });

  it('three tool rounds - each request carries the whole history, every tool_use paired', async () => {
    h = await startHarness({ 'a.txt': 'A', 'b.txt': 'B', 'c.txt': 'C' });
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'a.txt' })]),
      reply([toolUse('read_file', { path: 'b.txt' })]),
      reply([toolUse('read_file', { path: 'c.txt' })]),
      reply('Read all three.'),
    );
    const { events, outcome } = await runTurn(h, { userText: 'read them' });
    expect(ofType(events, 'tool_end')).toHaveLength(3);
    expect(h.server.requests.map((r) => r.body.messages?.length)).toEqual([1, 3, 5, 7]);
    const last = h.server.requests[3]?.body.messages ?? [];
    for (let i = 1; i < last.length; i += 2) {
      const uses = contentOf(last[i])
        .filter((b) => b.type === 'tool_use')
        .map((b) => b.id);
      const results = contentOf(last[i + 1])
        .filter((b) => b.type === 'tool_result')
        .map((b) => b.tool_use_id);
      expect(results).toEqual(uses);
    }
    // Only the moving end of the history carries a cache breakpoint.
    const marked = last.flatMap((m) => contentOf(m)).filter((b) => b.cache_control);
    expect(marked).toHaveLength(1);
    expect(outcome.reason).toBe('end_turn');
    expect(outcome.history).toHaveLength(8);
  });

  it('parallel read tools - calls of one reply overlap, results keep the model order', async () => {
    h = await startHarness();
    const log: { id: string; start: number; end: number }[] = [];
    h.server.enqueue(
      reply([
        toolUse('slow_read', { id: '1' }, 'tu1'),
        toolUse('slow_read', { id: '2' }, 'tu2'),
        toolUse('slow_read', { id: '3' }, 'tu3'),
      ]),
      reply('done'),
    );
    await runTurn(h, { tools: [createSlowReadTool(log, 80)] });
    expect(log).toHaveLength(3);
    const latestStart = Math.max(...log.map((l) => l.start));
    const earliestEnd = Math.min(...log.map((l) => l.end));
    expect(latestStart).toBeLessThan(earliestEnd);
    const results = contentOf(h.server.requests[1]?.body.messages?.at(-1)).map(
      (b) => b.tool_use_id,
    );
    expect(results).toEqual(['tu1', 'tu2', 'tu3']);
  });

  it('write tools - run one at a time in the model order, reads before them finish first', async () => {
    h = await startHarness();
    const reads: { id: string; start: number; end: number }[] = [];
    const writes: { id: string; start: number; end: number }[] = [];
    h.server.enqueue(
      reply([
        toolUse('slow_read', { id: 'r1' }),
        toolUse('write_note', { id: 'w1' }),
        toolUse('write_note', { id: 'w2' }),
        toolUse('slow_read', { id: 'r2' }),
      ]),
      reply('ok'),
    );
    const { events } = await runTurn(h, {
      tools: [createSlowReadTool(reads, 30), createNoteTool(writes, 30)],
    });
    expect(writes.map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(writes[1]!.start).toBeGreaterThanOrEqual(writes[0]!.end);
    expect(writes[0]!.start).toBeGreaterThanOrEqual(reads.find((r) => r.id === 'r1')!.end);
    expect(reads.find((r) => r.id === 'r2')!.start).toBeGreaterThanOrEqual(writes[1]!.end);
    expect(ofType(events, 'tool_end').map((e) => e.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('invalid tool input - becomes an is_error result the model can act on, and its retry succeeds', async () => {
    h = await startHarness({ 'x.txt': 'content of x' });
    h.server.enqueue(
      reply([toolUse('read_file', { file: 'x.txt' }, 'bad')]),
      reply([toolUse('read_file', { path: 'x.txt' }, 'good')]),
      reply('x says: content of x'),
    );
    const { events } = await runTurn(h);
    expect(ofType(events, 'tool_end').map((e) => e.status)).toEqual(['error', 'ok']);
    const first = contentOf(h.server.requests[1]?.body.messages?.at(-1))[0];
    expect(first).toMatchObject({ type: 'tool_result', tool_use_id: 'bad', is_error: true });
    expect(String(first?.content)).toContain('invalid input');
    expect(ofType(events, 'turn_end')[0]?.reason).toBe('end_turn');
  });

  it('unknown tool and malformed JSON input - is_error results, never a crash', async () => {
    h = await startHarness();
    h.server.enqueue(
      reply([toolUse('delete_everything', {}), rawToolUse('read_file', '{"path": ')]),
      reply('sorry'),
    );
    const { events } = await runTurn(h);
    const results = contentOf(h.server.requests[1]?.body.messages?.at(-1));
    expect(results.map((r) => r.is_error)).toEqual([true, true]);
    expect(String(results[0]?.content)).toContain('There is no tool named "delete_everything"');
    expect(ofType(events, 'turn_end')[0]?.reason).toBe('end_turn');
  });

  it('empty reply - not kept in the history, so the next request stays valid', async () => {
    h = await startHarness();
    h.server.enqueue(reply([]), reply('now I answer'));
    const first = await runTurn(h);
    expect(first.outcome.reason).toBe('end_turn');
    expect(first.outcome.history.map((m) => m.role)).toEqual(['user']);
    const second = await runTurn(h, { history: first.outcome.history, userText: 'again?' });
    expect(h.server.requests[1]?.body.messages?.map((m) => m.role)).toEqual(['user']);
    expect(second.outcome.history.at(-1)?.content).toEqual([
      { type: 'text', text: 'now I answer' },
    ]);
  });
});
