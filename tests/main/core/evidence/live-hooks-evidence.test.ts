// A live edit's hooks: the person's PreToolUse hooks run on the proposed text in a private copy
// (a real eslint, real scripts, the real broker), their output is evidence on the request and in
// the tool's result, a block holds the change back once with the hook's reason for the model,
// and a hook that never ends is cut at its timeout, which the evidence says.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ApprovalRequest } from '../../../../src/shared/approvals';
import type { HookDefinition } from '../../../../src/shared/hooks';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import {
  createProposalHooks,
  type ProposalHooks,
} from '../../../../src/main/core/hooks/proposal-hooks';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  ESLINT_HOOK,
  hookProject,
  hooksOf,
  personHook,
  type HookProject,
} from '../../../support/hook-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

const ORIGINAL = 'export const total = (a, b) => a + b;\n';
let project: HookProject | undefined;
let hooks: ProposalHooks | undefined;
let db: WritableDb | undefined;
afterEach(() => {
  hooks?.dispose();
  db?.close();
  project?.cleanup();
});

async function setup(defs: HookDefinition[]) {
  project = hookProject({ 'src/cart.js': ORIGINAL }, true);
  db = openAppDatabase({ home: project.home });
  const policies = createPolicyRepository(db);
  policies.setMode('p1', 'ask');
  const events: AgentEvent[] = [];
  const onDisk: string[] = [];
  const root = project.root;
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => policies.get('p1'),
    emit: (event) => {
      events.push(event);
      if (event.type !== 'approval_request') return;
      // What the disk holds while the person is asked.
      onDisk.push(readFileSync(path.join(root, 'src/cart.js'), 'utf8'));
      const request: ApprovalRequest = event.request;
      void broker.decide({
        approvalId: request.approvalId,
        proposalHash: request.proposalHash,
        decision: { type: 'approve' },
      });
    },
  });
  hooks = createProposalHooks({ hooks: hooksOf(defs), root, home: project.home });
  const ctx: ToolContext = {
    workspace: await Workspace.open(root),
    signal: new AbortController().signal,
    approvals: broker,
    proposalHooks: hooks,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
  };
  return { ctx, events, onDisk };
}

const edit = createEditFileTool();
const unusedTwice = {
  path: 'src/cart.js',
  edits: [
    {
      old_text: 'export const total',
      new_text: 'var rate = 2;\nconst unused = 1;\nexport const total',
    },
  ],
};
const requests = (events: AgentEvent[]) =>
  events.flatMap((e) => (e.type === 'approval_request' ? [e.request] : []));

describe.skipIf(!canRun)('live hooks evidence', () => {
  it('live hooks - eslint sees the proposed text, the disk does not change, its problems are on the request and in the result', async () => {
    const { ctx, events, onDisk } = await setup([personHook(ESLINT_HOOK)]);
    const result = await runTool(edit, unusedTwice, ctx);
    const [request] = requests(events);
    const part = request?.evidence?.hooks;
    expect(part?.state).toBe('failed');
    expect(part?.runs[0]?.outcome).toBe('failed');
    expect(part?.runs[0]?.exitCode).toBe(1);
    expect(part?.runs[0]?.output).toContain("'unused' is assigned a value but never used");
    expect(part?.runs[0]?.output).toContain('Unexpected var, use let or const instead');
    expect(part?.runs[0]?.output).toContain('src/cart.js');
    // Asked while the disk still held the original text: the hook saw the proposal in its copy.
    expect(onDisk).toEqual([ORIGINAL]);
    expect(result.status).toBe('ok');
    expect(result.content).toContain(
      'Hooks on the proposed text before writing: eslint — 3 problems (exit 1: an error, not a block)',
    );
    expect(result.content).toContain("'unused' is assigned a value but never used");
  });

  it('live hooks - a passing hook is said in one line', async () => {
    const { ctx, events } = await setup([personHook(ESLINT_HOOK)]);
    const clean = {
      path: 'src/cart.js',
      edits: [{ old_text: 'a + b', new_text: 'b + a' }],
    };
    const result = await runTool(edit, clean, ctx);
    expect(requests(events)[0]?.evidence?.hooks?.state).toBe('passed');
    expect(result.content).toMatch(
      /Hooks on the proposed text before writing: eslint — passed \([\d.]+ m?s\)\./u,
    );
  });

  it('live hooks - a blocking hook holds the change back once, with its reason for the model', async () => {
    const block = personHook(
      'echo "cart totals must go through src/money.js (team rule 4)" >&2; exit 2',
    );
    const { ctx, events } = await setup([block]);
    const first = await runTool(edit, unusedTwice, ctx);
    expect(first.status).toBe('error');
    expect(first.content).toContain(
      'Not yet applied, and not shown to the person: a PreToolUse hook ran on this change to src/cart.js as proposed and blocked it:',
    );
    expect(first.content).toContain('cart totals must go through src/money.js (team rule 4)');
    expect(first.content).toMatch(/call edit_file again with the same change/u);
    expect(first.shownAs).toBe(
      "Sent echo's block in src/cart.js back to Claude before showing you the change",
    );
    expect(requests(events)).toEqual([]);
    expect(readFileSync(path.join(ctx.workspace.root, 'src/cart.js'), 'utf8')).toBe(ORIGINAL);

    // The identical call again: shown to the person with the block in its evidence.
    const second = await runTool(edit, unusedTwice, ctx);
    const [request] = requests(events);
    expect(request?.evidence?.hooks?.state).toBe('blocked');
    expect(request?.evidence?.hooks?.runs[0]?.reason).toBe(
      'cart totals must go through src/money.js (team rule 4)',
    );
    expect(second.status).toBe('ok');
    expect(second.content).toContain(
      'echo — blocks the change: cart totals must go through src/money.js (team rule 4)',
    );
  });

  it('live hooks - a hook that never ends is cut at its timeout and the evidence says so', async () => {
    const { ctx, events } = await setup([personHook('echo looking; sleep 600', 1)]);
    const started = Date.now();
    const result = await runTool(edit, unusedTwice, ctx);
    expect(Date.now() - started).toBeLessThan(15_000);
    const part = requests(events)[0]?.evidence?.hooks;
    expect(part?.state).toBe('timed_out');
    expect(part?.runs[0]?.reason).toBe('killed at its timeout of 1 s');
    expect(result.content).toContain('echo — stopped: killed at its timeout of 1 s');
  });
});
