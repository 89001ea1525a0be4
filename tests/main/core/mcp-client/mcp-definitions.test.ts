import { describe, expect, it } from 'vitest';
import {
  describeDefinitionChange,
  validateMcpTool,
} from '../../../../src/main/core/mcp-client/mcp-definitions';
import { mcpEntryHash, parseProjectMcpFile } from '../../../../src/main/core/mcp-client/mcp-config';
import { evaluateMcpCall } from '../../../../src/main/core/mcp-client/mcp-gate';
import { mcpResultToToolResult } from '../../../../src/main/core/mcp-client/mcp-result';

const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

describe('mcp definitions', () => {
  it('validateMcpTool - accepts an object schema and names the tool mcp__server__tool', () => {
    const checked = validateMcpTool('ev', { name: 'echo', description: 'd', inputSchema: schema });
    expect(checked.ok && checked.tool.apiName).toBe('mcp__ev__echo');
  });

  it('validateMcpTool - skips malformed schemas and bad names with a notice', () => {
    const bad = [
      { name: 'a', inputSchema: { type: 'string' } },
      { name: 'a', inputSchema: [] },
      { name: 'a' },
      { name: 'a', inputSchema: { type: 'object', properties: 3 } },
      { name: 'a', inputSchema: { type: 'object', required: 'q' } },
      { name: 'has space', inputSchema: schema },
      { name: 'x'.repeat(60), inputSchema: schema },
      { inputSchema: schema },
    ];
    for (const entry of bad) {
      const checked = validateMcpTool('ev', entry);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.notice).toMatch(/MCP server "ev": tool .* was skipped: /u);
    }
  });

  it('validateMcpTool - a schema nested past the depth limit is skipped, a normal one passes', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 2000; i += 1) deep = { type: 'object', properties: { a: deep } };
    const bomb = validateMcpTool('s', { name: 't', inputSchema: deep });
    expect(bomb.ok).toBe(false);
    expect(bomb.ok ? '' : bomb.notice).toMatch(/nested deeper than 32 levels/u);
    const fine = validateMcpTool('s', {
      name: 't',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'array', items: { type: 'string' } } },
      },
    });
    expect(fine.ok).toBe(true);
  });

  it('definition hash - ignores key order and changes with the description', () => {
    const a = validateMcpTool('ev', { name: 't', description: 'd', inputSchema: schema });
    const b = validateMcpTool('ev', {
      name: 't',
      description: 'd',
      inputSchema: { required: ['q'], properties: { q: { type: 'string' } }, type: 'object' },
    });
    const c = validateMcpTool('ev', { name: 't', description: 'other', inputSchema: schema });
    if (!a.ok || !b.ok || !c.ok) throw new Error('valid');
    expect(a.tool.hash).toBe(b.tool.hash);
    expect(a.tool.hash).not.toBe(c.tool.hash);
    expect(describeDefinitionChange(a.tool, c.tool).join('\n')).toMatch(
      /description was:\nd\nis now:\nother/u,
    );
  });

  it('project file - reads servers, skips bad entries with a notice, hash follows every field', () => {
    const file = parseProjectMcpFile(
      JSON.stringify({
        mcpServers: {
          ev: { command: 'node', args: ['a.js'] },
          web: { url: 'https://example.com/mcp' },
          bad: { command: 3 },
          'bad name': { command: 'x' },
        },
      }),
    );
    expect(file.servers.map((s) => `${s.name}:${s.transport}`)).toEqual(['ev:stdio', 'web:http']);
    expect(file.notices).toHaveLength(2);
    const [ev] = file.servers;
    if (!ev || ev.transport !== 'stdio') throw new Error('stdio');
    expect(mcpEntryHash({ ...ev, args: ['b.js'] })).not.toBe(mcpEntryHash(ev));
    expect(mcpEntryHash({ ...ev, env: { NODE_OPTIONS: '--require x' } })).not.toBe(
      mcpEntryHash(ev),
    );
    expect(parseProjectMcpFile('{nope').notices[0]).toMatch(/not valid JSON/u);
  });
});

describe('mcp gate', () => {
  const base = {
    mode: 'ask' as const,
    server: 'ev',
    tool: 't',
    serverPrefs: { trustReadOnly: false, denyAll: false },
    toolPolicy: 'ask' as const,
    annotations: {},
  };
  it('evaluateMcpCall - asks by default, even for read-only annotations without opt-in', () => {
    expect(evaluateMcpCall(base).action).toBe('ask');
    expect(evaluateMcpCall({ ...base, annotations: { readOnlyHint: true } }).action).toBe('ask');
  });
  it('evaluateMcpCall - always-allow and opted-in read-only run without asking', () => {
    expect(evaluateMcpCall({ ...base, toolPolicy: 'allow' }).action).toBe('allow');
    expect(
      evaluateMcpCall({
        ...base,
        serverPrefs: { trustReadOnly: true, denyAll: false },
        annotations: { readOnlyHint: true },
      }).action,
    ).toBe('allow');
  });
  it('evaluateMcpCall - deny rules and read-only mode win over allow', () => {
    expect(evaluateMcpCall({ ...base, toolPolicy: 'deny' }).action).toBe('deny');
    expect(
      evaluateMcpCall({
        ...base,
        toolPolicy: 'allow',
        serverPrefs: { trustReadOnly: false, denyAll: true },
      }).action,
    ).toBe('deny');
    expect(evaluateMcpCall({ ...base, mode: 'read-only', toolPolicy: 'allow' }).action).toBe(
      'deny',
    );
    expect(
      evaluateMcpCall({ ...base, mode: 'read-only', annotations: { readOnlyHint: true } }).action,
    ).toBe('ask');
  });
});

describe('mcp results', () => {
  it('mcpResultToToolResult - text passes, images become a note, errors are errors', () => {
    const r = mcpResultToToolResult({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource', resource: { uri: 'file:///a', text: 'body' } },
        { type: 'resource_link', uri: 'file:///b', name: 'b' },
      ],
      isError: true,
    });
    expect(r.status).toBe('error');
    expect(r.content).toBe(
      'hello\n[image: image/png, 3 bytes; not shown to the model]\n[resource file:///a]\nbody\n[resource link file:///b (b)]',
    );
  });
  it('mcpResultToToolResult - caps a huge text block', () => {
    const r = mcpResultToToolResult({ content: [{ type: 'text', text: 'x'.repeat(200_000) }] });
    expect(r.content.length).toBeLessThan(70_000);
    expect(r.content).toMatch(/more characters of this block not shown/u);
  });
});
