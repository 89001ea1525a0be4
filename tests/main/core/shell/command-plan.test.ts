// A command line is parsed once on its way from run_command to the process (issue 21 item 3):
// the gate's parse is the one the policy judges and the network is worked out from, and a
// decision hands that plan to the tool. Counted on the shared bash parser itself.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type {
  CommandApprovalRequest,
  CommandDecision,
} from '../../../../src/shared/command-approvals';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { createProjectCommands } from '../../../../src/main/core/commands/project-commands';
import { loadShellParser } from '../../../../src/main/core/shell/shell-grammar';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createRunCommandTool } from '../../../../src/main/core/tools/run-command';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

const sandbox = detectBubblewrap();
const itSandboxed = sandbox.available ? it : it.skip;

let project: string;
let home: string;
let db: WritableDb;
let parses: MockInstance;

beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-plan-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-plan-home-'));
  db = openAppDatabase({ home });
  parses = vi.spyOn(await loadShellParser(), 'parse');
});
afterEach(async () => {
  parses.mockRestore();
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

/** How many times the bash parser read exactly this text. */
const parsesOf = (text: string): number => parses.mock.calls.filter(([t]) => t === text).length;

async function setup(decide: (request: CommandApprovalRequest) => CommandDecision) {
  createPolicyRepository(db).setMode('p1', 'ask');
  const commands = createProjectCommands({ db, projectId: 'p1', home, sandbox });
  // A network rule: the command's hosts come from its parse, the same one the policy judges.
  commands.networkRules.add('p1', ['127.0.0.1:9']);
  const ctx: ToolContext = {
    workspace: await Workspace.open(project),
    signal: new AbortController().signal,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
    commands: commands.port,
    emit: (event: AgentEvent) => {
      if (event.type !== 'command_approval_request') return;
      void commands.gate.decide({
        approvalId: event.request.approvalId,
        commandHash: event.request.commandHash,
        decision: decide(event.request),
      });
    },
  };
  return { ctx, commands };
}

const tool = createRunCommandTool();

describe('command plan - one parse from the tool to the process', () => {
  itSandboxed(
    'an approved command - its line is parsed once, and what ran is what was judged',
    async () => {
      const { ctx } = await setup(() => ({ type: 'run_once' }));
      const line = 'echo planned-once && echo "$((1+1))"';
      const result = await runTool(tool, { command: line, description: 'test' }, ctx);
      expect(result.content).toContain('planned-once');
      expect(result.content).toContain('\n2\n');
      expect(result.content).toContain('network: only 127.0.0.1:9');
      expect(parsesOf(line)).toBe(1);
    },
  );

  itSandboxed(
    'an edited command - the edit is parsed once, the first text is not parsed again',
    async () => {
      const { ctx } = await setup(() => ({ type: 'edit', command: 'echo the-edit' }));
      const result = await runTool(tool, { command: 'echo first', description: 'test' }, ctx);
      expect(result.content).toContain('the person edited the command');
      expect(result.content).toContain('the-edit');
      expect(parsesOf('echo first')).toBe(1);
      expect(parsesOf('echo the-edit')).toBe(1);
    },
  );

  it('the network chosen on the card - is checked at the decision and carried in the plan', async () => {
    const { commands } = await setup(() => ({ type: 'run_once' }));
    const proposal = {
      command: 'curl -s https://example.org/',
      root: project,
      cwd: project,
      cwdRelative: '',
      description: 'test',
      network: false,
      networkRules: [
        { prefix: ['curl'], hosts: [{ host: 'example.org', wildcard: false, port: null }] },
      ],
      timeoutSeconds: 5,
      sandboxed: true,
      sandboxDetail: 'test',
    } as const;
    let asked: CommandApprovalRequest | undefined;
    const pending = commands.gate.request(proposal, {
      signal: new AbortController().signal,
      emit: (event) => {
        if (event.type === 'command_approval_request') asked = event.request;
      },
    });
    await vi.waitFor(() => expect(asked).toBeDefined());
    const request = asked as CommandApprovalRequest;
    expect(request.networkHosts).toEqual(['example.org']);
    const bind = { approvalId: request.approvalId, commandHash: request.commandHash };
    const bad = await commands.gate.decide({
      ...bind,
      decision: { type: 'run_once', network: { type: 'hosts', hosts: ['http://x/'] } },
    });
    expect(bad.accepted).toBe(false);
    const good = await commands.gate.decide({
      ...bind,
      decision: { type: 'run_once', network: { type: 'hosts', hosts: ['registry.npmjs.org'] } },
    });
    expect(good.accepted).toBe(true);
    const resolution = await pending;
    if (resolution.outcome !== 'approved') throw new Error(`not approved: ${resolution.outcome}`);
    expect(resolution.plan.networkChosen).toBe(true);
    expect(resolution.plan.network.full).toBe(false);
    expect(resolution.plan.network.hosts).toEqual([
      { host: 'registry.npmjs.org', wildcard: false, port: null },
    ]);
    expect(resolution.plan.parsed.commands[0]?.words.slice(0, 2)).toEqual(['curl', '-s']);
    expect(parsesOf(proposal.command)).toBe(1);
  });
});
