// What Sluice knows about each model: price per million tokens (for the cost estimate in usage
// events) and context window (for the context budget). The default model is the newest Sonnet
// that the pinned SDK (1.12.0) lists in its `Model` union and does not list as deprecated.
import type { Usage } from '../../../shared/agent-events';

export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export interface ModelInfo {
  /** US dollars per million tokens. */
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
  readonly cacheWritePerMTok: number;
  readonly cacheReadPerMTok: number;
  readonly contextWindow: number;
  /** Largest max_tokens Sluice asks for (the max_tokens retry doubles up to this). */
  readonly maxOutputTokens: number;
}

function family(
  input: number,
  output: number,
  contextWindow: number,
  maxOutputTokens: number,
): ModelInfo {
  // Anthropic's cache pricing: 5-minute writes cost 1.25× input, reads 0.1× input.
  return {
    inputPerMTok: input,
    outputPerMTok: output,
    cacheWritePerMTok: input * 1.25,
    cacheReadPerMTok: input * 0.1,
    contextWindow,
    maxOutputTokens,
  };
}

const FAMILIES: readonly { pattern: RegExp; info: ModelInfo }[] = [
  { pattern: /opus-4-[01]/, info: family(15, 75, 200_000, 32_000) },
  { pattern: /opus/, info: family(5, 25, 200_000, 64_000) },
  { pattern: /haiku-3/, info: family(0.8, 4, 200_000, 8_192) },
  { pattern: /haiku/, info: family(1, 5, 200_000, 64_000) },
  { pattern: /sonnet/, info: family(3, 15, 200_000, 64_000) },
];

/**
 * Models outside the known families (or a name typed by the person) are estimated at Opus
 * prices: an estimate that errs high is safer than one that hides spend.
 */
const UNKNOWN_MODEL: ModelInfo = family(5, 25, 200_000, 32_000);

export function modelInfo(model: string): ModelInfo {
  return FAMILIES.find((f) => f.pattern.test(model))?.info ?? UNKNOWN_MODEL;
}

export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export function estimateCostUsd(model: string, tokens: TokenCounts): number {
  const info = modelInfo(model);
  const dollars =
    tokens.inputTokens * info.inputPerMTok +
    tokens.outputTokens * info.outputPerMTok +
    tokens.cacheWriteTokens * info.cacheWritePerMTok +
    tokens.cacheReadTokens * info.cacheReadPerMTok;
  return dollars / 1_000_000;
}

/** The API's usage object → the AgentEvent usage with its cost estimate. */
export function usageFromApi(
  model: string,
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_input_tokens?: number | null;
    cache_creation_input_tokens?: number | null;
  },
): Usage {
  const tokens: TokenCounts = {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
  };
  return { ...tokens, costUsd: estimateCostUsd(model, tokens) };
}
