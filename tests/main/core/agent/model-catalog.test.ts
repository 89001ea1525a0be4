import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  estimateCostUsd,
  modelInfo,
  usageFromApi,
} from '../../../../src/main/core/agent/model-catalog';

describe('model catalog', () => {
  it('default model - a Sonnet the pinned SDK lists and does not deprecate', async () => {
    expect(DEFAULT_MODEL).toMatch(/sonnet/);
    const sdkSource = await import('node:fs').then((fs) =>
      fs.readFileSync(
        new URL(
          '../../../../node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    expect(sdkSource).toContain(`'${DEFAULT_MODEL}'`);
    const deprecated = await import('node:fs').then((fs) =>
      fs.readFileSync(
        new URL(
          '../../../../node_modules/@anthropic-ai/sdk/resources/messages/messages.js',
          import.meta.url,
        ),
        'utf8',
      ),
    );
    const block = /DEPRECATED_MODELS = \{([^}]*)\}/.exec(deprecated)?.[1] ?? '';
    expect(block).not.toContain(`'${DEFAULT_MODEL}'`);
  });

  it('cost estimate - prices input, output, cache writes and reads by model family', () => {
    const tokens = {
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cacheReadTokens: 1_000_000,
      cacheWriteTokens: 1_000_000,
    };
    expect(estimateCostUsd('claude-sonnet-5-5', tokens)).toBeCloseTo(3 + 15 + 3.75 + 0.3);
    expect(estimateCostUsd('claude-haiku-4-5', tokens)).toBeCloseTo(1 + 5 + 1.25 + 0.1);
    expect(modelInfo('some-unknown-model').inputPerMTok).toBeGreaterThanOrEqual(
      modelInfo('claude-sonnet-5-5').inputPerMTok,
    );
    expect(
      usageFromApi('claude-sonnet-5-5', {
        input_tokens: 10,
        output_tokens: 2,
        cache_read_input_tokens: null,
        cache_creation_input_tokens: 4,
      }),
    ).toEqual({
      inputTokens: 10,
      outputTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 4,
      costUsd: (10 * 3 + 2 * 15 + 4 * 3.75) / 1_000_000,
    });
  });
});
