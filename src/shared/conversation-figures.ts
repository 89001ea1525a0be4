// A conversation's figures beside its transcript, kept in the chat's view-model: what each turn
// cost, the latest request (how full the context window is), the model's window, what a
// compaction took off since the latest request, and the compactions' marks. Pure: the app and
// the terminal session fold the same events into them and read the same words out.
import type { AgentEventOf } from './agent-events';
import type { CompactionMark } from './compaction';
import type { ConversationView } from './contract';
import { addUsage, ZERO_USAGE, type Usage } from './usage';
import { compactTokens, contextUse, dollars, inputTokens, type ContextUse } from './usage-words';

export interface ConversationFigures {
  /** By turn id; turns that sent no request are absent. */
  readonly turnUsage: Readonly<Record<string, Usage>>;
  readonly latestUsage: Usage | null;
  /** The model's context window in tokens; null until a view or a request says. */
  readonly contextWindow: number | null;
  /** Tokens a compaction took off the history since the latest request. */
  readonly contextSavedTokens: number;
  readonly compactions: readonly CompactionMark[];
}

export const NO_FIGURES: ConversationFigures = {
  turnUsage: {},
  latestUsage: null,
  contextWindow: null,
  contextSavedTokens: 0,
  compactions: [],
};

export function figuresFromView(view: ConversationView): ConversationFigures {
  return {
    turnUsage: Object.fromEntries((view.turnUsage ?? []).map((t) => [t.turnId, t.usage])),
    latestUsage: view.latestUsage ?? null,
    contextWindow: view.contextWindow ?? null,
    contextSavedTokens: view.contextSavedTokens ?? 0,
    compactions: view.compactions ?? [],
  };
}

/** A request's usage: its turn's cost grows, and it is the latest request from now on. */
export function figuresAfterUsage(
  figures: ConversationFigures,
  event: AgentEventOf<'usage'>,
): ConversationFigures {
  return {
    ...figures,
    turnUsage: {
      ...figures.turnUsage,
      [event.turnId]: addUsage(figures.turnUsage[event.turnId] ?? ZERO_USAGE, event.usage),
    },
    latestUsage: event.usage,
    contextWindow: event.contextWindow ?? figures.contextWindow,
    contextSavedTokens: 0,
  };
}

/** How full the window is for the next request: the latest one, less a compaction since. */
export function contextInUse(figures: ConversationFigures): ContextUse | null {
  return contextLeft(figures.latestUsage, figures.contextWindow ?? 0, figures.contextSavedTokens);
}

/** The same from its parts: the latest request's usage, the window, what a compaction took off. */
export function contextLeft(
  latest: Usage | null,
  window: number,
  savedTokens: number,
): ContextUse | null {
  const use = contextUse(latest, window);
  if (!use) return null;
  const tokens = Math.max(0, use.tokens - savedTokens);
  return { ...use, tokens, percent: Math.round((tokens / use.window) * 100) };
}

/** "12k in · 1.2k out · $0.04": a turn's or a conversation's usage in one short line. */
export function usageLine(usage: Usage): string {
  return `${compactTokens(inputTokens(usage))} in · ${compactTokens(usage.outputTokens)} out · ${dollars(usage.costUsd)}`;
}

/** "Context 12%": the meter's word for the share of the window in use. */
export function contextShare(use: ContextUse): string {
  return `Context ${use.percent}%`;
}
