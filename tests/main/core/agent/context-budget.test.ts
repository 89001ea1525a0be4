import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/main/core/agent/chat-message';
import {
  currentTurnStart,
  estimateTokens,
  fitToBudget,
  summariseTurns,
} from '../../../../src/main/core/agent/context-budget';
import { z } from 'zod';
import { defineTool, ok } from '../../../../src/main/core/tools/tool';
import { reply } from '../../../support/fake-anthropic-server';
import { runTurn, startHarness } from './agent-harness';

function turn(n: number, resultChars: number): ChatMessage[] {
  return [
    { role: 'user', content: [{ type: 'text', text: `question ${n}` }] },
    {
      role: 'assistant',
      content: [
        { type: 'tool_use', id: `t${n}`, name: 'read_file', input: { path: `file${n}.ts` } },
      ],
    },
    {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: 'x'.repeat(resultChars) }],
    },
    { role: 'assistant', content: [{ type: 'text', text: `answer ${n}` }] },
  ];
}

describe('fitToBudget', () => {
  it('under budget - history unchanged', () => {
    const messages = turn(1, 100);
    expect(fitToBudget({ messages, budgetTokens: 10_000 })).toMatchObject({
      stage: 'none',
      fits: true,
      messages,
    });
  });

  it('near the window - old tool results become placeholders first, oldest first, the rest kept', () => {
    const messages = [
      ...turn(1, 8_000),
      ...turn(2, 8_000),
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'now this' }] },
    ];
    const result = fitToBudget({ messages, budgetTokens: estimateTokens(messages) - 1_000 });
    expect(result.stage).toBe('tool_results');
    expect(result.fits).toBe(true);
    const first = result.messages[2]?.content[0];
    expect(first?.type === 'tool_result' && String(first.content)).toContain(
      'Earlier tool result omitted',
    );
    const second = result.messages[6]?.content[0];
    expect(second?.type === 'tool_result' && String(second.content)).toHaveLength(8_000);
    expect(result.messages).toHaveLength(messages.length);
    // The stored history is not touched.
    expect(
      String(messages[2]?.content[0]?.type === 'tool_result' && messages[2].content[0].content),
    ).toHaveLength(8_000);
  });

  it('still too large - older turns summarised, the current request kept whole', () => {
    const old = Array.from({ length: 30 }, (_, i) => turn(i, 100)).flat();
    const current: ChatMessage = {
      role: 'user',
      content: [{ type: 'text', text: 'the current request' }],
    };
    const messages = [...old, current];
    const result = fitToBudget({ messages, budgetTokens: 900 });
    expect(result.stage).toBe('summary');
    expect(result.fits).toBe(true);
    expect(result.messages).toHaveLength(1);
    const blocks = result.messages[0]?.content ?? [];
    expect(blocks[0]?.type === 'text' && blocks[0].text).toContain(
      'Summary of the earlier conversation',
    );
    expect(blocks.at(-1)).toEqual({ type: 'text', text: 'the current request' });
    // Deterministic: the same history gives the same request.
    expect(fitToBudget({ messages, budgetTokens: 900 })).toEqual(result);
  });

  it('the current request alone does not fit - fits is false, nothing dropped', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'y'.repeat(10_000) }] },
    ];
    const result = fitToBudget({ messages, budgetTokens: 100 });
    expect(result.fits).toBe(false);
    expect(result.messages[0]?.content[0]).toEqual(messages[0]?.content[0]);
  });

  it('summariseTurns and currentTurnStart - name tools and answers, find the last prompt', () => {
    const messages = [
      ...turn(1, 10),
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'next' }] },
    ];
    expect(currentTurnStart(messages)).toBe(4);
    const summary = summariseTurns(turn(1, 10), 10_000);
    expect(summary).toContain('Person: question 1');
    expect(summary).toContain('read_file(file1.ts)');
    expect(summary).toContain('Claude: answer 1');
  });
});

describe('runAgentTurn context budget', () => {
  it('small window - the request sent is condensed; a request that cannot fit is refused before sending', async () => {
    const h = await startHarness();
    try {
      h.server.enqueue(reply('fine'));
      const history = [...turn(1, 80_000), ...turn(2, 80_000)];
      const { outcome } = await runTurn(h, {
        history,
        contextWindow: 30_000,
        maxTokens: 1_000,
        tools: [],
      });
      expect(outcome.reason).toBe('end_turn');
      expect(JSON.stringify(h.server.requests[0]?.body.messages)).toContain(
        'Earlier tool result omitted',
      );

      const { events } = await runTurn(h, {
        userText: 'z'.repeat(200_000),
        contextWindow: 30_000,
        maxTokens: 1_000,
        tools: [],
      });
      expect(events.find((e) => e.type === 'error')).toMatchObject({ kind: 'context_window' });
      expect(h.server.requests).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it('tool definitions - a request they crowd out says so, naming the MCP share', async () => {
    const h = await startHarness();
    try {
      const big = defineTool({
        name: 'mcp__big__everything',
        description: 'y'.repeat(72_000),
        schema: z.record(z.string(), z.unknown()),
        inputJsonSchema: { type: 'object', properties: {} },
        kind: 'write',
        label: () => 'big',
        run: async () => ok(''),
      });
      const { events } = await runTurn(h, {
        userText: 'hello',
        contextWindow: 20_000,
        maxTokens: 1_000,
        tools: [big],
      });
      const error = events.find((e) => e.type === 'error');
      expect(error).toMatchObject({ kind: 'context_window' });
      expect(JSON.stringify(error)).toMatch(
        /Tool definitions alone take about \d+ tokens of the 20000-token window, \d+ of them MCP servers' tools/u,
      );
      expect(h.server.requests).toHaveLength(0);
    } finally {
      await h.close();
    }
  });
});
