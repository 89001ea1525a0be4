import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvalService } from '../../../../src/shared/contract/approval-service';
import { checkpointService } from '../../../../src/shared/contract/checkpoint-service';
import { createDispatcher, defineContract } from '../../../../src/shared/contract';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createApprovalHandlers } from '../../../../src/main/core/services/approval-handlers';
import { createCheckpointHandlers } from '../../../../src/main/core/services/checkpoint-handlers';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { createApprovalAuditRepository } from '../../../../src/main/core/store/approval-audit-repository';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('timed out waiting');
}

const contract = defineContract({
  services: { approvals: approvalService, checkpoints: checkpointService },
  events: {},
});

let project: string;
let home: string;
let db: WritableDb;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-handlers-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-handlers-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function setup() {
  const workspace = await Workspace.open(project);
  const policies = createPolicyRepository(db);
  const checkpoints = createCheckpointRepository(db, 'p1');
  const events: AgentEvent[] = [];
  const broker = new ApprovalBroker({
    policy: () => policies.get('p1'),
    emit: (e) => events.push(e),
    checkpoints,
    audit: createApprovalAuditRepository(db, 'p1'),
  });
  const changed: Array<{ conversationId: string | null }> = [];
  const dispatch = createDispatcher(contract, {
    approvals: createApprovalHandlers({
      policies,
      currentProject: () => ({ projectId: 'p1', broker }),
    }),
    checkpoints: createCheckpointHandlers({
      currentProject: () => ({ workspace, checkpoints }),
      emitCheckpointsChanged: (p) => changed.push(p),
    }),
  });
  const ctx = {
    workspace,
    signal: new AbortController().signal,
    approvals: broker,
    conversationId: 'c1',
    turnId: 't1',
  };
  return { dispatch, events, ctx, changed };
}

describe('approval and checkpoint handlers', () => {
  it('decide with always-allow saves a visible, removable rule; undo goes through the contract', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const { dispatch, events, ctx, changed } = await setup();
    const running = runTool(
      createEditFileTool(),
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    await until(() => events.some((e) => e.type === 'approval_request'));
    const pending = await dispatch('approvals.pending', {});
    expect(pending).toMatchObject({
      ok: true,
      value: [{ path: 'a.ts', conversationId: 'c1', turnId: 't1' }],
    });
    const request = events.find((e) => e.type === 'approval_request');
    if (request?.type !== 'approval_request') throw new Error('no approval_request');
    const stale = await dispatch('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: 'wrong',
      decision: { type: 'approve' },
      alwaysAllowGlob: 'src/**',
    });
    expect(stale).toMatchObject({
      ok: true,
      value: { accepted: false, reason: expect.stringMatching(/stale/u) },
    });
    expect(await dispatch('approvals.getPolicy', {})).toMatchObject({
      ok: true,
      value: { mode: 'ask', rules: [] },
    });
    const decided = await dispatch('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: request.request.proposalHash,
      decision: { type: 'approve' },
      alwaysAllowGlob: 'src/**',
    });
    expect(decided).toEqual({ ok: true, value: { accepted: true } });
    expect((await running).status).toBe('ok');
    const policy = await dispatch('approvals.getPolicy', {});
    expect(policy).toMatchObject({
      ok: true,
      value: { rules: [{ tool: 'write', pathGlob: 'src/**', action: 'allow' }] },
    });
    const ruleId = (policy as { value: { rules: Array<{ id: string }> } }).value.rules[0]?.id;
    expect(await dispatch('approvals.removeRule', { id: ruleId })).toEqual({
      ok: true,
      value: { removed: true },
    });
    const audit = await dispatch('approvals.audit', { conversationId: 'c1' });
    expect(audit).toMatchObject({
      ok: true,
      value: [
        {
          path: 'a.ts',
          outcome: 'approved',
          decidedBy: 'person',
          applied: true,
          decision: { type: 'approve' },
        },
      ],
    });

    const list = await dispatch('checkpoints.list', {});
    const cp = (list as { value: Array<{ id: string }> }).value[0];
    expect(await dispatch('checkpoints.undo', { id: cp?.id })).toEqual({
      ok: true,
      value: { undone: [cp?.id], refused: [] },
    });
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
    expect(changed).toEqual([{ conversationId: 'c1' }]);
    expect(await dispatch('checkpoints.undoTurn', { turnId: 't1' })).toEqual({
      ok: true,
      value: { undone: [], refused: [] },
    });
  });

  it('refuses an absolute always-allow glob and a bad mode', async () => {
    const { dispatch } = await setup();
    const bad = await dispatch('approvals.decide', {
      approvalId: 'x',
      proposalHash: 'y',
      decision: { type: 'approve' },
      alwaysAllowGlob: '/etc/**',
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/absolute/u) },
    });
    expect(await dispatch('approvals.setMode', { mode: 'yolo' })).toMatchObject({ ok: false });
    expect(await dispatch('approvals.setMode', { mode: 'auto-edit' })).toEqual({
      ok: true,
      value: { mode: 'auto-edit' },
    });
  });

  it("approveAll approves the conversation's pending approvals", async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    await writeFile(path.join(project, 'b.ts'), 'one\n');
    const { dispatch, ctx, events } = await setup();
    const tool = createEditFileTool();
    const runs = [
      runTool(tool, { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] }, ctx),
      runTool(tool, { path: 'b.ts', edits: [{ old_text: 'one', new_text: 'two' }] }, ctx),
    ];
    await until(() => events.filter((e) => e.type === 'approval_request').length === 2);
    expect(await dispatch('approvals.approveAll', { conversationId: 'c1' })).toEqual({
      ok: true,
      value: { approved: 2 },
    });
    expect((await Promise.all(runs)).map((r) => r.status)).toEqual(['ok', 'ok']);
  });
});
