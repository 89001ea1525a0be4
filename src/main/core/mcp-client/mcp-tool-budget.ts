// How much of the context window MCP tool definitions may take. They are
// sent with every request, so three servers within their per-server caps (200 tools, 256 KB
// each) would fill a 200k window before the first message. Past the budget (a share of the
// window), whole servers are deferred, largest first, until the rest fits: their tools are not
// sent but found through `search_tools` (mcp-tool-search.ts), which loads the definitions it
// finds into the next request, after Claude Code's tool search. A server is deferred whole so
// the person can be told, per server, which tools wait and why.
import { estimateTokens } from '../../../shared/token-estimate';
import { toApiTool, type ToolDefinition } from '../tools/tool';

/** The share of the model's context window that MCP tool definitions may take. */
export const MCP_TOOL_BUDGET_SHARE = 0.1;

export interface ServerTools {
  readonly server: string;
  readonly key: string;
  readonly tools: readonly ToolDefinition[];
}

export interface DeferredServer extends ServerTools {
  /** Estimated tokens of its definitions. */
  readonly tokens: number;
  /** For the person: why its tools are not sent with every request. */
  readonly reason: string;
}

export interface FittedMcpTools {
  /** Sent with every request. */
  readonly offered: ToolDefinition[];
  readonly deferred: DeferredServer[];
  readonly budgetTokens: number;
}

export function definitionTokens(tools: readonly ToolDefinition[]): number {
  return tools.reduce((sum, tool) => sum + estimateTokens(toApiTool(tool)), 0);
}

export function mcpToolBudget(contextWindow: number): number {
  return Math.floor(contextWindow * MCP_TOOL_BUDGET_SHARE);
}

/**
 * Keeps the servers' definitions within the budget: all of them when they fit, else the
 * largest servers are deferred until the rest (plus the search tool's own definition, about
 * `searchTokens`) fits. Deterministic for the same servers and window.
 */
export function fitMcpTools(
  servers: readonly ServerTools[],
  contextWindow: number,
  searchTokens: number,
): FittedMcpTools {
  const budgetTokens = mcpToolBudget(contextWindow);
  const sized = servers.map((s) => ({ ...s, tokens: definitionTokens(s.tools) }));
  const total = sized.reduce((sum, s) => sum + s.tokens, 0);
  if (total <= budgetTokens)
    return { offered: sized.flatMap((s) => s.tools), deferred: [], budgetTokens };
  const byRoom = [...sized].sort((a, b) => b.tokens - a.tokens || (a.server < b.server ? -1 : 1));
  const deferredNames = new Set<string>();
  let kept = total;
  for (const server of byRoom) {
    if (kept + searchTokens <= budgetTokens) break;
    deferredNames.add(server.key);
    kept -= server.tokens;
  }
  const reason = (s: { tools: readonly ToolDefinition[]; tokens: number }) =>
    `its ${s.tools.length} tool definitions (about ${s.tokens} tokens) are not sent with every request: all MCP servers' definitions (about ${total} tokens) exceed the ${Math.round(MCP_TOOL_BUDGET_SHARE * 100)}% of the model's context window kept for them (${budgetTokens} tokens). Claude finds them with search_tools, which loads the ones it needs.`;
  return {
    offered: sized.filter((s) => !deferredNames.has(s.key)).flatMap((s) => s.tools),
    deferred: sized
      .filter((s) => deferredNames.has(s.key))
      .map((s) => ({ ...s, reason: reason(s) })),
    budgetTokens,
  };
}
