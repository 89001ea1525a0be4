import { describe, expect, it } from 'vitest';
import { compactionWords } from '../../src/shared/compaction';
import {
  contextInUse,
  figuresAfterUsage,
  NO_FIGURES,
  usageLine,
} from '../../src/shared/conversation-figures';
import type { AgentEventOf } from '../../src/shared/agent-events';

const usage = (inputTokens: number, costUsd: number) => ({
  inputTokens,
  outputTokens: 1_000,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd,
});

function usageEvent(turnId: string, input: number, cost: number): AgentEventOf<'usage'> {
  return {
    type: 'usage',
    conversationId: 'c1',
    turnId,
    model: 'm',
    usage: usage(input, cost),
    contextWindow: 200_000,
  };
}

describe('conversation figures', () => {
  it('usage events - add up per turn; the latest request sets the context and ends a saving', () => {
    let figures = { ...NO_FIGURES, contextSavedTokens: 5_000 };
    figures = figuresAfterUsage(figures, usageEvent('t1', 10_000, 0.05));
    figures = figuresAfterUsage(figures, usageEvent('t1', 12_000, 0.06));
    figures = figuresAfterUsage(figures, usageEvent('t2', 23_000, 0.07));
    expect(figures.turnUsage['t1']?.inputTokens).toBe(22_000);
    expect(figures.turnUsage['t1']?.costUsd).toBeCloseTo(0.11);
    expect(figures.turnUsage['t2']?.inputTokens).toBe(23_000);
    expect(figures.contextSavedTokens).toBe(0);
    expect(contextInUse(figures)).toEqual({ tokens: 24_000, window: 200_000, percent: 12 });
  });

  it('context in use - none before a request or without a window; less what a compaction saved', () => {
    expect(contextInUse(NO_FIGURES)).toBeNull();
    expect(contextInUse({ ...NO_FIGURES, latestUsage: usage(9_000, 0) })).toBeNull();
    const compacted = {
      ...NO_FIGURES,
      latestUsage: usage(39_000, 0),
      contextWindow: 200_000,
      contextSavedTokens: 30_000,
    };
    expect(contextInUse(compacted)).toEqual({ tokens: 10_000, window: 200_000, percent: 5 });
  });

  it('words - a usage line and the compaction line', () => {
    expect(usageLine(usage(12_345, 0.0412))).toBe('12k in · 1.0k out · $0.04');
    expect(compactionWords({ turnsSummarised: 6, tokensBefore: 41_000, tokensAfter: 3_000 })).toBe(
      'Compacted: 6 earlier turns are now sent as a summary (≈41k → 3.0k tokens)',
    );
    expect(
      compactionWords({
        turnsSummarised: 1,
        tokensBefore: 900,
        tokensAfter: 300,
        fallbackReason: 'The API is overloaded.',
      }),
    ).toBe(
      'Compacted: 1 earlier turn is now sent as a summary (≈900 → 300 tokens). Sluice wrote the summary itself: The API is overloaded.',
    );
  });
});
