// Tools a turn gets besides the built-in ones (MCP servers' tools), and the ones a tool search
// loads while the turn runs. A loaded tool's definition joins the next request of the same
// turn and can be called from then on (definitions past the tool budget are
// offered through a search instead of with every request).
import type { ToolDefinition } from '../tools/tool';

export interface TurnToolSet {
  /** Offered from the first request. */
  readonly tools: readonly ToolDefinition[];
  /** Loaded so far in this turn (read before each request); absent: nothing loads. */
  readonly loaded?: () => readonly ToolDefinition[];
}

/** What the model is shown and may call for the turn's first request, by the context window. */
export type TurnToolSource = (turn: {
  readonly model: string;
  readonly contextWindow: number;
  /** Tools the conversation called in earlier turns (a deferred one is loaded again). */
  readonly calledBefore: readonly string[];
}) => Promise<TurnToolSet>;
