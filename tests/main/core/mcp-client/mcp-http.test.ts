// The client over Streamable HTTP: an SDK McpServer on a loopback port; the entry's headers
// reach the server, a call runs through the gate, and a server that went away fails the call
// with a clear message instead of hanging.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { ProjectMcpServers } from '../../../../src/main/core/mcp-client/project-mcp-servers';
import { runMigrations } from '../../../../src/main/core/store/migration-runner';
import { migration0050Mcp } from '../../../../src/main/core/store/migrations/0050-mcp';
import { createMcpRepository } from '../../../../src/main/core/mcp-client/mcp-repository';
import { useTempDatabase } from '../store/temp-home';

const database = useTempDatabase();
let http: Server | undefined;
let manager: ProjectMcpServers | undefined;

afterEach(async () => {
  await manager?.close();
  http?.closeAllConnections();
  await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
  http = undefined;
});

async function startHttpServer(seen: IncomingHttpHeaders[]): Promise<string> {
  const mcp = new McpServer({ name: 'web', version: '1.0.0' });
  mcp.registerTool(
    'shout',
    { description: 'Upper-cases a word.', inputSchema: { word: z.string() } },
    async ({ word }) => ({ content: [{ type: 'text', text: word.toUpperCase() }] }),
  );
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  http = createServer((req, res) => {
    seen.push(req.headers);
    void transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

describe('mcp client over Streamable HTTP', () => {
  it('mcp http - headers reach the server, an allowed call runs, a vanished server fails clearly', async () => {
    runMigrations(database(), [migration0050Mcp]);
    const seen: IncomingHttpHeaders[] = [];
    const url = await startHttpServer(seen);
    const repo = createMcpRepository(database());
    repo.saveServer({ name: 'web', transport: 'http', url, headers: { 'X-Token': 'secret-1' } });
    repo.setToolPolicy(repo.personServerKey('web'), 'shout', 'allow');
    manager = new ProjectMcpServers({
      repo,
      projectId: 'p1',
      projectRoot: process.cwd(),
      readProjectFile: async () => null,
      mode: () => 'ask',
      connection: { callTimeoutMs: 3_000, startTimeoutMs: 3_000 },
    });
    const { tools } = await manager.tools();
    const shout = tools.find((t) => t.name === 'mcp__web__shout');
    if (!shout) throw new Error('shout is offered');
    expect(seen.every((h) => h['x-token'] === 'secret-1')).toBe(true);
    const broker = new ApprovalBroker({ policy: () => ({ mode: 'ask', rules: [] }) });
    const ctx = {
      workspace: undefined as never,
      signal: new AbortController().signal,
      approvals: broker,
    };
    expect(await shout.run({ word: 'hi' }, ctx)).toEqual({ status: 'ok', content: 'HI' });

    http?.closeAllConnections();
    await new Promise((resolve) => http?.close(resolve));
    http = undefined;
    const failed = await shout.run({ word: 'again' }, ctx);
    expect(failed.status).toBe('error');
    expect(failed.content).toMatch(
      /MCP server "web" could not be reached for tools\/call shout .*started again on the next call/u,
    );
  });

  it('mcp http - a response over the byte limit is cut off: the server fails to start, memory stays bounded', async () => {
    // Answers every POST with one JSON body of 3 MB (an initialize result padded out).
    http = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const id = (JSON.parse(body || '{}') as { id?: number }).id ?? null;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id,
            result: {
              protocolVersion: '2025-06-18',
              capabilities: { tools: {} },
              serverInfo: { name: 'x'.repeat(3 * 1024 * 1024), version: '1' },
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    const db = database();
    runMigrations(db, [migration0050Mcp]);
    const repo = createMcpRepository(db);
    repo.saveServer({ name: 'fat', transport: 'http', url, headers: {} });
    manager = new ProjectMcpServers({
      repo,
      projectId: 'p1',
      projectRoot: process.cwd(),
      readProjectFile: async () => null,
      mode: () => 'ask',
      connection: {
        callTimeoutMs: 3_000,
        startTimeoutMs: 3_000,
        maxHttpResponseBytes: 1024 * 1024,
      },
    });
    const { tools, notices } = await manager.tools();
    expect(tools).toEqual([]);
    expect(notices.join('\n')).toMatch(/"fat" offers no tools now: .*could not start/u);
  });
});
