// Tokens, cost and the share of the context window in words, for the terminal session's status
// line, its /cost and /context, and the app's meter. The context in use is what the latest
// request sent (its input, cached or not) plus what it wrote back: the next request carries it.
import type { Usage } from './usage';

/** 950, 12.3k, 120k, 1.2M. */
export function compactTokens(value: number): string {
  if (value < 1000) return String(Math.round(value));
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}

/** Dollars: cents from a cent up, four places below it, "$0.00" for nothing. */
export function dollars(usd: number): string {
  return usd > 0 && usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function inputTokens(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}

export interface ContextUse {
  readonly tokens: number;
  readonly window: number;
  /** 0–100, rounded; may pass 100 only if the estimate is off. */
  readonly percent: number;
}

export function contextUse(latest: Usage | null, window: number): ContextUse | null {
  if (!latest || window <= 0) return null;
  const tokens = inputTokens(latest) + latest.outputTokens;
  return { tokens, window, percent: Math.round((tokens / window) * 100) };
}

/** "Context: 12% (24k of 200k tokens)". */
export function contextWords(use: ContextUse | null): string {
  if (!use) return 'Context: nothing sent yet';
  return `Context: ${use.percent}% (${compactTokens(use.tokens)} of ${compactTokens(use.window)} tokens)`;
}

/** "Cost: $0.04 (12k in · 1.2k out · 9.8k of the input from the cache)". */
export function costWords(usage: Usage): string {
  const cached = usage.cacheReadTokens;
  const parts = [
    `${compactTokens(inputTokens(usage))} in`,
    `${compactTokens(usage.outputTokens)} out`,
  ];
  if (cached > 0) parts.push(`${compactTokens(cached)} of the input from the cache`);
  return `Cost: ${dollars(usage.costUsd)} (${parts.join(' · ')})`;
}
