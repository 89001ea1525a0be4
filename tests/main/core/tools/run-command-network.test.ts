// run_command's network through the real gate, app DB and sandbox, judged on the network: a
// loopback HTTP server counts its hits. Network rules (with and without a prefix) and the
// person's network choice on the card (off, a host list, full) for one run.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type {
  CommandApprovalRequest,
  CommandDecision,
} from '../../../../src/shared/command-approvals';
import {
  detectBubblewrap,
  type SandboxAvailability,
} from '../../../../src/main/core/sandbox/bubblewrap';
import { createProjectCommands } from '../../../../src/main/core/commands/project-commands';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createRunCommandTool } from '../../../../src/main/core/tools/run-command';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

const sandbox = detectBubblewrap();
const itSandboxed = sandbox.available ? it : it.skip;

let server: Server;
let port = 0;
let hits = 0;
let project: string;
let home: string;
let db: WritableDb;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.end('HELLO');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  hits = 0;
  project = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-runnet-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-runnet-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

type Decider = (request: CommandApprovalRequest) => CommandDecision;

async function setup(decider: Decider, box: SandboxAvailability = sandbox) {
  const workspace = await Workspace.open(project);
  createPolicyRepository(db).setMode('p1', 'ask');
  const commands = createProjectCommands({ db, projectId: 'p1', home, sandbox: box });
  const asked: CommandApprovalRequest[] = [];
  const refusals: string[] = [];
  const ctx: ToolContext = {
    workspace,
    signal: new AbortController().signal,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
    commands: commands.port,
    emit: (event: AgentEvent) => {
      if (event.type !== 'command_approval_request') return;
      asked.push(event.request);
      void commands.gate
        .decide({
          approvalId: event.request.approvalId,
          commandHash: event.request.commandHash,
          decision: decider(event.request),
        })
        .then((r) => {
          if (!r.accepted) {
            refusals.push(r.reason);
            void commands.gate.decide({
              approvalId: event.request.approvalId,
              commandHash: event.request.commandHash,
              decision: { type: 'reject', reason: 'refused' },
            });
          }
        });
    },
  };
  return { ctx, asked, commands, refusals };
}

const tool = createRunCommandTool();
const run = (ctx: ToolContext, command: string, extra: Record<string, unknown> = {}) =>
  runTool(tool, { command, description: 'test', ...extra }, ctx);
const curl = (p: number) => `curl -s -m 5 http://127.0.0.1:${p}/`;

describe('run_command - network', () => {
  itSandboxed('the card - grants a host list for this run; only that host is reached', async () => {
    const { ctx, asked } = await setup(() => ({
      type: 'run_once',
      network: { type: 'hosts', hosts: [`127.0.0.1:${port}`] },
    }));
    const result = await run(ctx, `${curl(port)}; ${curl(port + 1)}`);
    expect(asked[0]?.network).toBe(false);
    expect(asked[0]?.networkHosts).toBeUndefined();
    expect(hits).toBe(1);
    expect(result.content).toContain(
      `network: only 127.0.0.1:${port} (through a filtering proxy) (as the person chose for this run)`,
    );
    expect(result.content).toContain(
      `refused: 1\n- 127.0.0.1:${port + 1} is not in the allowed host list`,
    );
  });

  itSandboxed(
    'the card - turns a rule host list off for this run; nothing is reached',
    async () => {
      const { ctx, asked, commands } = await setup(() => ({
        type: 'run_once',
        network: { type: 'off' },
      }));
      commands.networkRules.add('p1', [`127.0.0.1:${port}`]);
      const result = await run(ctx, curl(port));
      expect(asked[0]?.networkHosts).toEqual([`127.0.0.1:${port}`]);
      expect(hits).toBe(0);
      expect(result.content).toContain('network off (as the person chose for this run)');
    },
  );

  itSandboxed('the card - grants full network for this run', async () => {
    const { ctx } = await setup(() => ({ type: 'run_once', network: { type: 'full' } }));
    const result = await run(ctx, `${curl(port)}; ${curl(port)}`);
    expect(hits).toBe(2);
    expect(result.content).toContain('network on (as the person chose for this run)');
  });

  itSandboxed('the card - an invalid host list is refused, nothing runs', async () => {
    const { ctx, refusals } = await setup(() => ({
      type: 'run_once',
      network: { type: 'hosts', hosts: ['http://127.0.0.1/'] },
    }));
    const result = await run(ctx, curl(port));
    expect(refusals[0]).toMatch(/not a host/u);
    expect(result.status).toBe('rejected');
    expect(hits).toBe(0);
  });

  it('not sandboxed - a host list or off cannot be granted, the decision says why', async () => {
    const { ctx, refusals } = await setup(() => ({ type: 'run_once', network: { type: 'off' } }), {
      available: false,
      detail: 'bwrap missing',
    });
    const result = await run(ctx, 'true');
    expect(refusals[0]).toContain('outside the sandbox, where its network cannot be limited');
    expect(result.status).toBe('rejected');
  });

  itSandboxed(
    'a prefixed rule - gives its hosts only when every command of the line starts with it',
    async () => {
      const { ctx, asked, commands } = await setup(() => ({ type: 'run_once' }));
      commands.networkRules.add('p1', [`127.0.0.1:${port}`], ['curl', '-s']);
      const first = await run(ctx, `${curl(port)} && ${curl(port)}`);
      expect(asked[0]?.networkHosts).toEqual([`127.0.0.1:${port}`]);
      expect(first.content).toContain(`network: only 127.0.0.1:${port}`);
      expect(hits).toBe(2);
      const second = await run(ctx, `${curl(port)}; echo done`);
      expect(asked[1]?.networkHosts).toBeUndefined();
      expect(second.content).toContain('network off');
      expect(hits).toBe(2);
    },
  );

  itSandboxed('an edited command - gets the rules that apply to the edit', async () => {
    const { ctx, commands } = await setup((request) =>
      request.command.startsWith('echo')
        ? { type: 'edit', command: curl(port) }
        : { type: 'run_once' },
    );
    commands.networkRules.add('p1', [`127.0.0.1:${port}`], ['curl']);
    const result = await run(ctx, 'echo first');
    expect(result.content).toContain('HELLO');
    expect(result.content).toContain(`network: only 127.0.0.1:${port}`);
    expect(hits).toBe(1);
  });
});
