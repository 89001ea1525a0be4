// A PreToolUse hook that asks, on MCP tools (the real server-everything over stdio, the real
// broker and loop): a call the person always allows is asked all the same, with the hook's
// reason on the card; a call a rule denies stays denied, unasked.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createMcpRepository } from '../../../../src/main/core/mcp-client/mcp-repository';
import { ProjectMcpServers } from '../../../../src/main/core/mcp-client/project-mcp-servers';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import { createScriptedLoopHooks } from '../../../support/scripted-loop-hooks';
import { ofType, runTurn, startHarness, type Harness } from './agent-harness';

const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

let open: { h: Harness; db: WritableDb; manager: ProjectMcpServers } | undefined;
afterEach(async () => {
  await open?.manager.close();
  open?.db.close();
  await open?.h.close();
  open = undefined;
});

describe('PreToolUse ask on MCP tools', () => {
  it("hook ask - an always-allowed MCP call is asked with the hook's reason; a denied one stays denied", async () => {
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
    });
    open = { h, db, manager };
    const broker = new ApprovalBroker({ policy: () => ({ mode: 'ask', rules: [] }) });
    const hooks = createScriptedLoopHooks({
      PreToolUse: () => ({ decision: 'ask', reason: 'sums go to finance' }),
    });
    h.server.enqueue(
      reply([
        toolUse('mcp__ev__get-sum', { a: 2, b: 3 }, 'toolu_sum'),
        toolUse('mcp__ev__get-env', {}, 'toolu_env'),
      ]),
      reply('Done.'),
    );
    const asked: AgentEvent[] = [];
    const { tools } = await manager.tools();
    const { events } = await runTurn(
      h,
      { tools, ports: { workspace: h.workspace, approvals: broker }, hooks },
      (event) => {
        if (event.type !== 'tool_call_approval_request') return;
        asked.push(event);
        broker.decide({
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision: { type: 'reject', reason: 'ask finance first' },
        });
      },
    );
    expect(asked).toHaveLength(1);
    const request = asked[0]?.type === 'tool_call_approval_request' ? asked[0].request : undefined;
    expect(request?.tool).toBe('mcp__ev__get-sum');
    expect(request?.reason).toBe(
      'your PreToolUse hook `./PreToolUse.sh` asks you to decide this call: sums go to finance',
    );
    expect(ofType(events, 'tool_end').map((e) => [e.toolUseId, e.status])).toEqual([
      ['toolu_sum', 'rejected'],
      ['toolu_env', 'denied'],
    ]);
  }, 60_000);
});
