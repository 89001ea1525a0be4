import { describe, expect, it } from 'vitest';
import { LISTED_TURNS, turnCostLines, turnCosts } from '../../src/shared/turn-costs';
import type { Usage } from '../../src/shared/usage';

const usage = (costUsd: number, inputTokens = 1200, outputTokens = 300): Usage => ({
  inputTokens,
  outputTokens,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd,
});
const user = (turnId: string, text: string) => ({ type: 'user', id: `user-${turnId}`, text });

describe('turnCosts', () => {
  it('each turn - numbered in the conversation, with its prompt; a turn that sent nothing left out', () => {
    const items = [
      user('t1', 'rename total'),
      { type: 'assistant', id: 'a1' },
      user('t2', 'nothing sent'),
      user('t3', 'and tests'),
    ];
    expect(turnCosts(items, { t1: usage(0.01), t3: usage(0.02) })).toEqual([
      { number: 1, prompt: 'rename total', usage: usage(0.01) },
      { number: 3, prompt: 'and tests', usage: usage(0.02) },
    ]);
  });
});

describe('turnCostLines', () => {
  it('a line per turn - number, dollars, tokens and the prompt on one line, cut', () => {
    const lines = turnCostLines([
      { number: 1, prompt: 'rename\ntotal', usage: usage(0.012) },
      { number: 2, prompt: 'x'.repeat(80), usage: usage(0.004, 950, 20) },
    ]);
    expect(lines[0]).toBe('  1  $0.01  1.2k in · 300 out  rename total');
    expect(lines[1]).toBe(`  2  $0.0040  950 in · 20 out  ${'x'.repeat(49)}…`);
  });

  it('many turns - the newest listed, the earlier summed in one line', () => {
    const costs = Array.from({ length: LISTED_TURNS + 3 }, (_, i) => ({
      number: i + 1,
      prompt: `turn ${i + 1}`,
      usage: usage(0.01),
    }));
    const lines = turnCostLines(costs);
    expect(lines).toHaveLength(LISTED_TURNS + 1);
    expect(lines[0]).toBe('  3 earlier turns: $0.03');
    expect(lines[1]).toMatch(/^ {2} 4 {2}\$0\.01 .* turn 4$/u);
    expect(lines.at(-1)).toMatch(/^ {2}13 {2}\$0\.01 .* turn 13$/u);
  });
});
