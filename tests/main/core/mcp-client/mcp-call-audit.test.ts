// MCP calls in the approval audit trail: every call that reaches the gate leaves one row
// with its verdict, who decided (person approve / reject, rule auto-allow, rule deny), the
// server, tool, argument digest and definition hash, and how it ended (ok, error, not run),
// listed by approvals.audit beside file and command decisions. Real server-everything over
// stdio, the real loop against the fake Messages server, the real broker and app DB.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { createDispatcher, defineContract } from '../../../../src/shared/contract';
import { approvalService } from '../../../../src/shared/contract/approval-service';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { argumentsDigest } from '../../../../src/main/core/mcp-client/mcp-call-audit';
import type { McpConnection } from '../../../../src/main/core/mcp-client/mcp-connection';
import { createMcpTool } from '../../../../src/main/core/mcp-client/mcp-tool';
import { runTool } from '../../../../src/main/core/tools/tool';
import { ProjectMcpServers } from '../../../../src/main/core/mcp-client/project-mcp-servers';
import { createApprovalHandlers } from '../../../../src/main/core/services/approval-handlers';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import {
  createApprovalAuditRepository,
  listApprovalAudit,
} from '../../../../src/main/core/store/approval-audit-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createMcpRepository } from '../../../../src/main/core/mcp-client/mcp-repository';
import type { PolicyRepository } from '../../../../src/main/core/store/policy-repository';
import type { McpToolDefinition } from '../../../../src/main/core/mcp-client/mcp-definitions';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import { ofType, runTurn, startHarness, type Harness } from '../agent/agent-harness';

const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

/** A tool of a server that is never started (its connection is faked per test). */
const ECHO_DEF = {
  name: 'echo',
  apiName: 'mcp__ev__echo',
  server: 'ev',
  description: 'Echo',
  inputSchema: { type: 'object' },
  annotations: {},
  hash: 'h'.repeat(64),
} as unknown as McpToolDefinition;

let open: { h: Harness; db: WritableDb; manager?: ProjectMcpServers } | undefined;
afterEach(async () => {
  await open?.manager?.close();
  open?.db.close();
  await open?.h.close();
  open = undefined;
});

describe('mcp call audit', () => {
  it('audit - records approve, reject, auto-allow and deny with server, tool, argument digest and result status', async () => {
    const h = await startHarness({});
    const db = openAppDatabase({ home: path.join(h.root, '.home') });
    const repo = createMcpRepository(db);
    repo.saveServer({
      name: 'ev',
      transport: 'stdio',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: {},
    });
    const key = repo.personServerKey('ev');
    repo.setToolPolicy(key, 'get-sum', 'allow');
    repo.setToolPolicy(key, 'get-env', 'deny');
    const manager = new ProjectMcpServers({
      repo,
      projectId: 'p1',
      projectRoot: h.root,
      readProjectFile: async () => null,
      mode: () => 'ask',
      connection: { callTimeoutMs: 20_000, startTimeoutMs: 20_000 },
      audit: createApprovalAuditRepository(db, 'p1'),
    });
    open = { h, db, manager };
    const broker = new ApprovalBroker({ policy: () => ({ mode: 'ask', rules: [] }) });
    h.server.enqueue(
      reply([
        toolUse('mcp__ev__echo', { message: 'yes please' }, 'toolu_1'),
        toolUse('mcp__ev__echo', { message: 'no thanks' }, 'toolu_2'),
        toolUse('mcp__ev__get-sum', { b: 3, a: 2 }, 'toolu_3'),
        toolUse('mcp__ev__get-sum', { a: 'not a number' }, 'toolu_4'),
        toolUse('mcp__ev__get-env', {}, 'toolu_5'),
      ]),
      reply('Done.'),
    );
    const { tools } = await manager.tools();
    const { events } = await runTurn(
      h,
      { tools, ports: { workspace: h.workspace, approvals: broker } },
      (event: AgentEvent) => {
        if (event.type !== 'tool_call_approval_request') return;
        const yes = event.request.arguments.includes('yes please');
        broker.decide({
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision: yes ? { type: 'approve' } : { type: 'reject', reason: 'not that one' },
        });
      },
    );
    expect(ofType(events, 'tool_end').map((e) => e.status)).toEqual([
      'ok',
      'rejected',
      'ok',
      'error',
      'denied',
    ]);

    const rows = listApprovalAudit(db, { projectId: 'p1' });
    expect(
      rows.map((r) => [r.tool, r.policyAction, r.outcome, r.decidedBy, r.resultStatus]),
    ).toEqual([
      ['mcp__ev__echo', 'ask', 'approved', 'person', 'ok'],
      ['mcp__ev__echo', 'ask', 'rejected', 'person', 'not_run'],
      ['mcp__ev__get-sum', 'allow', 'approved', 'rule', 'ok'],
      ['mcp__ev__get-sum', 'allow', 'approved', 'rule', 'error'],
      ['mcp__ev__get-env', 'deny', 'denied', 'rule', 'not_run'],
    ]);
    const [approved, rejected, auto, failed, denied] = rows;
    expect(approved).toMatchObject({
      kind: 'mcp',
      mcpServer: 'ev',
      mcpTool: 'echo',
      path: 'ev/echo',
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: 'toolu_1',
      argumentsDigest: argumentsDigest({ message: 'yes please' }),
      decision: { type: 'approve' },
      resultDetail: null,
    });
    expect(approved?.definitionHash).toMatch(/^[0-9a-f]{64}$/u);
    expect(rejected?.decision).toEqual({ type: 'reject', reason: 'not that one' });
    // The digest is of the canonical JSON: key order does not change it.
    expect(auto?.argumentsDigest).toBe(argumentsDigest({ a: 2, b: 3 }));
    expect(failed?.resultDetail).toBeTruthy();
    expect(denied?.policyReason).toContain('ev/get-env is denied');

    // Listed where file and command decisions are: approvals.audit.
    const contract = defineContract({ services: { approvals: approvalService }, events: {} });
    const dispatch = createDispatcher(contract, {
      approvals: createApprovalHandlers({
        policies: {} as PolicyRepository,
        currentProject: () => ({ projectId: 'p1', broker }),
        listAudit: (filter) => listApprovalAudit(db, filter),
      }),
    });
    const listed = await dispatch('approvals.audit', { conversationId: 'c1' });
    expect(listed).toMatchObject({
      ok: true,
      value: [
        { kind: 'mcp', mcpTool: 'echo', outcome: 'approved', resultStatus: 'ok' },
        { kind: 'mcp', mcpTool: 'echo', outcome: 'rejected', resultStatus: 'not_run' },
        { kind: 'mcp', mcpTool: 'get-sum', decidedBy: 'rule', resultStatus: 'ok' },
        { kind: 'mcp', mcpTool: 'get-sum', resultStatus: 'error' },
        { kind: 'mcp', mcpTool: 'get-env', outcome: 'denied', resultStatus: 'not_run' },
      ],
    });
  });

  it('audit - a trail that cannot be written keeps the call from running, with the reason', async () => {
    const h = await startHarness({});
    const db = openAppDatabase({ home: path.join(h.root, '.home') });
    open = { h, db };
    const def = ECHO_DEF;
    let calls = 0;
    const repo = createMcpRepository(db);
    repo.setToolPolicy('person:ev', 'echo', 'allow');
    const tool = createMcpTool({
      def,
      key: 'person:ev',
      // A fake connection: counts the calls that reach the server.
      connection: {
        status: () => ({ state: 'running' }),
        request: () => {
          calls += 1;
          return Promise.resolve({ content: [{ type: 'text', text: 'ran' }] });
        },
      } as unknown as McpConnection,
      repo,
      mode: () => 'ask',
      pin: () => undefined,
      current: async () => def,
      audit: {
        recordProposal: () => {
          throw new Error('disk full');
        },
        recordDecision: () => undefined,
        recordApplication: () => undefined,
      },
    });
    const result = await runTool(
      tool,
      { message: 'x' },
      {
        workspace: h.workspace,
        signal: new AbortController().signal,
      },
    );
    expect(result).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/Not run: the audit trail could not record .*disk full/u),
    });
    expect(calls).toBe(0);
  });

  it('a call whose question ended without a person (the turn stopped) - not said to be their reject', async () => {
    const h = await startHarness({});
    const db = openAppDatabase({ home: path.join(h.root, '.home') });
    open = { h, db };
    const def = ECHO_DEF;
    const tool = createMcpTool({
      def,
      key: 'person:ev',
      connection: { status: () => ({ state: 'running' }) } as unknown as McpConnection,
      repo: createMcpRepository(db),
      mode: () => 'ask',
      pin: () => undefined,
      current: async () => def,
    });
    const answered = (decidedBy: 'abort' | 'person', reason?: string) =>
      runTool(
        tool,
        { message: 'x' },
        {
          workspace: h.workspace,
          signal: new AbortController().signal,
          approvals: {
            requestToolCall: async () => ({
              approvalId: 'a1',
              outcome: 'rejected',
              decidedBy,
              ...(reason ? { reason } : {}),
            }),
          } as never,
        },
      );
    const stopped = await answered('abort', 'the turn was stopped');
    expect(stopped.status).toBe('rejected');
    expect(stopped.content).toBe(
      'This call of mcp__ev__echo was not run: the turn was stopped before anyone decided.',
    );
    expect((await answered('person', 'not now')).content).toBe(
      'The person rejected this call of mcp__ev__echo; it was not run. Reason: not now',
    );
  });
});
