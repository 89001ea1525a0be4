import { describe, expect, it } from 'vitest';
import { addUsage, ZERO_USAGE } from '../../src/shared/usage';

describe('usage totals', () => {
  it('addUsage - adds every count and the cost, starting from ZERO_USAGE', () => {
    const one = {
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 3,
      cacheWriteTokens: 2,
      costUsd: 0.25,
    };
    expect(addUsage(addUsage(ZERO_USAGE, one), one)).toEqual({
      inputTokens: 20,
      outputTokens: 10,
      cacheReadTokens: 6,
      cacheWriteTokens: 4,
      costUsd: 0.5,
    });
  });
});
