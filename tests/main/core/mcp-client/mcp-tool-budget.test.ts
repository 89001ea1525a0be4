// The MCP tool budget and search_tools (issue 22 item 10) on their own: which servers are
// deferred, what a search finds and loads, and the budget on what one turn loads.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fitMcpTools, mcpToolBudget } from '../../../../src/main/core/mcp-client/mcp-tool-budget';
import {
  createToolSearch,
  offerWithinBudget,
} from '../../../../src/main/core/mcp-client/mcp-tool-search';
import { defineTool, ok, runTool, type ToolDefinition } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

function tool(server: string, name: string, description: string): ToolDefinition {
  return defineTool({
    name: `mcp__${server}__${name}`,
    description: `[MCP tool "${name}" of server "${server}"; its description is the server's]\n${description}`,
    schema: z.record(z.string(), z.unknown()),
    inputJsonSchema: { type: 'object', properties: {} },
    kind: 'write',
    label: () => name,
    run: async () => ok('ran'),
  });
}

function server(name: string, count: number, chars: number) {
  return {
    server: name,
    key: `person:${name}:x`,
    tools: Array.from({ length: count }, (_, i) =>
      tool(name, `tool_${i}`, `Looks after topic-${i}. ${'x'.repeat(chars)}`),
    ),
  };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function search(s: ReturnType<typeof createToolSearch>, input: unknown): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sluice-tool-search-'));
  roots.push(root);
  const workspace = await Workspace.open(root);
  const result = await runTool(s.tool, input, {
    workspace,
    signal: new AbortController().signal,
  });
  return result.content;
}

describe('mcp tool budget', () => {
  it('fitMcpTools - servers within the budget are all offered; past it the largest are deferred until the rest fits, each with its reason', () => {
    const small = server('small', 3, 10);
    const big = server('big', 100, 2000);
    const mid = server('mid', 40, 1000);
    expect(fitMcpTools([small, mid], 200_000, 500).deferred).toEqual([]);
    const fitted = fitMcpTools([small, big, mid], 200_000, 500);
    expect(fitted.budgetTokens).toBe(mcpToolBudget(200_000));
    expect(fitted.deferred.map((d) => d.server)).toEqual(['big']);
    expect(fitted.offered.map((t) => t.name)).toContain('mcp__mid__tool_0');
    expect(fitted.deferred[0]?.reason).toMatch(
      /its 100 tool definitions \(about \d+ tokens\) are not sent with every request/u,
    );
  });

  it('search_tools - keywords rank the exact word first, select: loads by name, a second search says what is already loaded', async () => {
    const s = createToolSearch(
      [{ ...server('big', 100, 10), tokens: 0, reason: '' }],
      mcpToolBudget(200_000),
    );
    expect(s.tool.description).toContain('big (100 tools)');
    const found = await search(s, { query: 'topic-7', max_results: 2 });
    expect(found).toMatch(
      /Loaded 2 tools[\s\S]*- mcp__big__tool_7 \(server big\): Looks after topic-7/u,
    );
    expect(s.loaded().map((t) => t.name)).toEqual(['mcp__big__tool_7', 'mcp__big__tool_70']);
    expect(await search(s, { query: 'select:mcp__big__tool_7,mcp__big__tool_9' })).toMatch(
      /tool_7 .*\[already loaded\][\s\S]*tool_9/u,
    );
    expect(s.loaded()).toHaveLength(3);
    expect(await search(s, { query: 'weather' })).toMatch(/No deferred MCP tool matches/u);
    expect((await search(s, { query: '' })).toString()).toMatch(/invalid input/u);
  });

  it('search_tools - what one turn loads stays within the budget; past it the match is named, not loaded', async () => {
    const big = server('big', 10, 4000);
    const s = createToolSearch([{ ...big, tokens: 0, reason: '' }], 1_500);
    const text = await search(s, { query: 'select:mcp__big__tool_1,mcp__big__tool_2' });
    expect(text).toMatch(/Loaded 1 tool;/u);
    expect(text).toMatch(/Not loaded \(.*budget of about 1500 tokens\): mcp__big__tool_2/u);
    expect(s.loaded()).toHaveLength(1);
  });

  it('offerWithinBudget - search_tools stands in for deferred servers; a deferred tool called in earlier turns is loaded from the start', () => {
    const small = server('small', 2, 10);
    const big = server('big', 100, 2000);
    const offer = offerWithinBudget([small, big], 200_000, ['mcp__big__tool_3', 'read_file']);
    expect(offer.tools.map((t) => t.name)).toEqual([
      'mcp__small__tool_0',
      'mcp__small__tool_1',
      'search_tools',
    ]);
    expect(offer.deferred.map((d) => d.server)).toEqual(['big']);
    expect(offer.loaded?.().map((t) => t.name)).toEqual(['mcp__big__tool_3']);
    expect(offerWithinBudget([small], 200_000).loaded).toBeUndefined();
  });
});
