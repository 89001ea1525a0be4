// `search_tools` (after Claude Code's tool search): the tools of deferred MCP
// servers (mcp-tool-budget.ts) are not sent with every request; Claude searches them by
// keywords or names, gets the matching tools' names and descriptions, and their definitions
// are loaded into the turn's next request, where they are called like any MCP tool (through
// the same gate). What one turn loads is bounded by the same budget; past it a match is named
// but not loaded, and the result says so. Loading lasts for the turn.
import { z } from 'zod';
import { estimateTokens } from '../../../shared/token-estimate';
import { defineTool, ok, toApiTool, type ToolDefinition } from '../tools/tool';
import {
  definitionTokens,
  fitMcpTools,
  type DeferredServer,
  type ServerTools,
} from './mcp-tool-budget';

export const TOOL_SEARCH_NAME = 'search_tools';
const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 10;
/** The description lists every deferred tool's name while the list stays this short. */
const MAX_LISTED_NAMES_CHARS = 4_000;
const SHOWN_DESCRIPTION_CHARS = 300;

export interface ToolSearch {
  readonly tool: ToolDefinition;
  /** The definitions loaded so far (the agent loop sends them from the next request). */
  loaded(): readonly ToolDefinition[];
  /** Loads these (exact names) as a search would, within the budget; others are ignored. */
  preload(names: readonly string[]): void;
}

interface Candidate {
  readonly server: string;
  readonly tool: ToolDefinition;
  readonly tokens: number;
  /** The server's own description (without the `[MCP tool …]` line Sluice adds). */
  readonly text: string;
}

function serverText(description: string): string {
  return description.replace(/^\[MCP tool [^\n]*\]\n/u, '');
}

function searchDescription(deferred: readonly DeferredServer[]): string {
  const names = deferred.map(
    (s) => `${s.server} (${s.tools.length} tools): ${s.tools.map((t) => t.name).join(', ')}`,
  );
  const listing =
    names.join('\n').length <= MAX_LISTED_NAMES_CHARS
      ? names.join('\n')
      : deferred.map((s) => `${s.server} (${s.tools.length} tools)`).join(', ');
  return `Finds MCP tools that are not sent with every request (they would take too much of the context window) and loads them. Deferred servers and tools:\n${listing}\nSearch by keywords (matched against tool names and descriptions), or give "select:" and exact names separated by commas (select:mcp__server__tool). The matching tools' names and descriptions come back and their definitions are loaded: call them from your next step, in this turn. Load only what you need; a new turn starts without them.`;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9_-]+/u)
    .filter(Boolean);
}

function score(candidate: Candidate, terms: readonly string[]): number {
  const name = candidate.tool.name.toLowerCase();
  const text = candidate.text.toLowerCase();
  const nameWords = new Set(words(name.replace(/__/gu, ' ')));
  const textWords = new Set(words(text));
  let total = 0;
  for (const term of terms) {
    if (nameWords.has(term)) total += 6;
    else if (name.includes(term)) total += 3;
    if (textWords.has(term)) total += 2;
    else if (text.includes(term)) total += 1;
  }
  return total;
}

export function createToolSearch(
  deferred: readonly DeferredServer[],
  budgetTokens: number,
): ToolSearch {
  const candidates: Candidate[] = deferred.flatMap((s) =>
    s.tools.map((tool) => ({
      server: s.server,
      tool,
      tokens: estimateTokens(toApiTool(tool)),
      text: serverText(tool.description),
    })),
  );
  const loaded = new Map<string, ToolDefinition>();
  let loadedTokens = 0;

  const find = (query: string, max: number): Candidate[] => {
    const trimmed = query.trim();
    if (trimmed.toLowerCase().startsWith('select:')) {
      const wanted = trimmed
        .slice('select:'.length)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      return wanted
        .map((n) => candidates.find((c) => c.tool.name === n))
        .filter((c): c is Candidate => c !== undefined)
        .slice(0, max);
    }
    const terms = words(trimmed);
    return candidates
      .map((c) => ({ c, s: score(c, terms) }))
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s || (a.c.tool.name < b.c.tool.name ? -1 : 1))
      .slice(0, max)
      .map((r) => r.c);
  };

  const tool = defineTool({
    name: TOOL_SEARCH_NAME,
    description: searchDescription(deferred),
    schema: z.object({
      query: z.string().min(1).max(500).describe('Keywords, or select:name1,name2'),
      max_results: z
        .number()
        .int()
        .min(1)
        .max(MAX_RESULTS)
        .optional()
        .describe(`How many tools to load at most (default ${DEFAULT_RESULTS})`),
    }),
    kind: 'read',
    label: (input) => `Searching MCP tools for ${JSON.stringify(input.query.slice(0, 80))}`,
    async run(input) {
      const found = find(input.query, input.max_results ?? DEFAULT_RESULTS);
      if (!found.length)
        return ok(
          `No deferred MCP tool matches ${JSON.stringify(input.query)}. Try other words (tool names and descriptions are searched) or select: with exact names from this tool's description.`,
        );
      const lines: string[] = [];
      const refused: string[] = [];
      for (const c of found) {
        const shown = c.text.replace(/\s+/gu, ' ').trim();
        const line = `- ${c.tool.name} (server ${c.server}): ${shown.length > SHOWN_DESCRIPTION_CHARS ? `${shown.slice(0, SHOWN_DESCRIPTION_CHARS - 1)}…` : shown || '(no description)'}`;
        if (loaded.has(c.tool.name)) {
          lines.push(`${line} [already loaded]`);
          continue;
        }
        if (loadedTokens + c.tokens > budgetTokens) {
          refused.push(c.tool.name);
          continue;
        }
        loaded.set(c.tool.name, c.tool);
        loadedTokens += c.tokens;
        lines.push(line);
      }
      const parts = lines.length
        ? [
            `Loaded ${lines.length} tool${lines.length > 1 ? 's' : ''}; call ${lines.length > 1 ? 'them' : 'it'} by name from your next step in this turn:`,
            ...lines,
          ]
        : [];
      if (refused.length)
        parts.push(
          `Not loaded (the definitions loaded in this turn would pass their budget of about ${budgetTokens} tokens): ${refused.join(', ')}. Use the tools already loaded, or ask for fewer.`,
        );
      return ok(parts.join('\n'));
    },
  });
  return {
    tool,
    loaded: () => [...loaded.values()],
    preload(names) {
      for (const c of candidates) {
        if (!names.includes(c.tool.name) || loaded.has(c.tool.name)) continue;
        if (loadedTokens + c.tokens > budgetTokens) continue;
        loaded.set(c.tool.name, c.tool);
        loadedTokens += c.tokens;
      }
    },
  };
}

/**
 * A turn's MCP tools within the budget: all of them, or the servers that fit plus
 * `search_tools` over the deferred ones (whose loaded definitions `loaded` returns).
 */
export function offerWithinBudget(
  byServer: readonly ServerTools[],
  contextWindow: number,
  calledBefore: readonly string[] = [],
): {
  tools: ToolDefinition[];
  deferred: DeferredServer[];
  loaded?: () => readonly ToolDefinition[];
} {
  // The search tool's own size counts; sized over every server, it is an upper bound.
  const searchTokens = definitionTokens([
    createToolSearch(
      byServer.map((s) => ({ ...s, tokens: 0, reason: '' })),
      0,
    ).tool,
  ]);
  const fitted = fitMcpTools(byServer, contextWindow, searchTokens);
  if (!fitted.deferred.length) return { tools: fitted.offered, deferred: [] };
  const search = createToolSearch(fitted.deferred, fitted.budgetTokens);
  // A deferred tool the conversation already called is loaded again from the first request:
  // a continued conversation need not search for what it used.
  search.preload(calledBefore);
  return {
    tools: [...fitted.offered, search.tool],
    deferred: fitted.deferred,
    loaded: search.loaded,
  };
}
