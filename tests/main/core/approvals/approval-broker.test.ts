import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createProjectApprovals } from '../../../../src/main/core/approvals/project-approvals';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createMemoryAudit } from './memory-audit';
import type { PolicyState } from '../../../../src/shared/policy-rules';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

function proposal(path = 'src/a.ts', before = 'a\nb\n', after = 'a\nc\n') {
  return createProposal({
    tool: 'edit_file',
    path,
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'h0',
    description: 'd',
  });
}

function setup(policy: PolicyState = { mode: 'ask', rules: [] }) {
  const events: AgentEvent[] = [];
  const audit = createMemoryAudit();
  let n = 0;
  const broker = new ApprovalBroker({
    policy: () => policy,
    emit: (e) => events.push(e),
    audit,
    newId: () => `ap${++n}`,
  });
  const call = (controller = new AbortController()) => ({
    signal: controller.signal,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
  });
  return { broker, events, audit, call };
}

describe('ApprovalBroker', () => {
  it("emits approval_request and resolves on the person's approval", async () => {
    const { broker, events, audit, call } = setup();
    const p = proposal();
    const pending = broker.request(p, call());
    expect(events[0]).toMatchObject({
      type: 'approval_request',
      conversationId: 'c1',
      toolUseId: 'u1',
      request: {
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        reason: expect.stringMatching(/asks before every write/u),
      },
    });
    expect(broker.pending()).toHaveLength(1);
    expect(
      broker.decide({
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        decision: { type: 'approve' },
      }),
    ).toEqual({ accepted: true });
    await expect(pending).resolves.toMatchObject({ outcome: 'approved', decidedBy: 'person' });
    expect(events[1]).toMatchObject({
      type: 'approval_resolved',
      approvalId: 'ap1',
      outcome: 'approved',
      decidedBy: 'person',
    });
    expect(audit.decisions[0]).toMatchObject({
      approvalId: 'ap1',
      outcome: 'approved',
      decidedBy: 'person',
    });
    expect(audit.proposals[0]).toMatchObject({
      proposalHash: p.proposalHash,
      baseHash: 'h0',
      policyAction: 'ask',
    });
  });

  it('requestDecided - the person decided elsewhere: nothing is shown or waits, the audit keeps the decision, deny rules still refuse', () => {
    const { broker, events, audit, call } = setup();
    const p = proposal();
    expect(broker.requestDecided(p, call(), { type: 'approve' })).toMatchObject({
      outcome: 'approved',
      decidedBy: 'person',
    });
    expect(events).toEqual([]);
    expect(broker.pending()).toEqual([]);
    expect(audit.decisions[0]).toMatchObject({
      outcome: 'approved',
      decision: { type: 'approve' },
    });
    const denied = setup({
      mode: 'ask',
      rules: [{ id: 'r', tool: 'write', pathGlob: 'src/**', action: 'deny' }],
    });
    expect(denied.broker.requestDecided(p, denied.call(), { type: 'approve' })).toMatchObject({
      outcome: 'denied',
      decidedBy: 'rule',
    });
  });

  it('refuses unknown, wrong-hash (stale) and already-decided decisions', async () => {
    const { broker, call } = setup();
    const p = proposal();
    const pending = broker.request(p, call());
    expect(
      broker.decide({
        approvalId: 'nope',
        proposalHash: p.proposalHash,
        decision: { type: 'approve' },
      }),
    ).toMatchObject({ accepted: false, reason: expect.stringMatching(/no pending approval/u) });
    expect(
      broker.decide({ approvalId: 'ap1', proposalHash: 'other', decision: { type: 'approve' } }),
    ).toMatchObject({ accepted: false, reason: expect.stringMatching(/hash mismatch/u) });
    expect(
      broker.decide({
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        decision: { type: 'reject', reason: 'no' },
      }),
    ).toEqual({ accepted: true });
    expect(
      broker.decide({
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        decision: { type: 'approve' },
      }),
    ).toMatchObject({ accepted: false, reason: expect.stringMatching(/already decided/u) });
    await expect(pending).resolves.toMatchObject({ outcome: 'rejected', reason: 'no' });
  });

  it('refuses unknown or empty hunk selections - the approval stays pending', () => {
    const { broker, call } = setup();
    const p = proposal();
    void broker.request(p, call());
    expect(
      broker.decide({
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        decision: { type: 'approve_hunks', hunkIds: ['h7'] },
      }),
    ).toMatchObject({ accepted: false });
    expect(
      broker.decide({
        approvalId: 'ap1',
        proposalHash: p.proposalHash,
        decision: { type: 'approve_hunks', hunkIds: [] },
      }),
    ).toMatchObject({ accepted: false });
    expect(broker.pending()).toHaveLength(1);
  });

  it('rejects every pending approval on abort - source abort', async () => {
    const { broker, events, call } = setup();
    const controller = new AbortController();
    const a = broker.request(proposal('a.ts'), call(controller));
    const b = broker.request(proposal('b.ts'), call(controller));
    controller.abort();
    await expect(a).resolves.toMatchObject({ outcome: 'rejected', decidedBy: 'abort' });
    await expect(b).resolves.toMatchObject({ outcome: 'rejected', decidedBy: 'abort' });
    expect(
      events
        .filter((e) => e.type === 'approval_resolved')
        .map((e) => (e as { outcome: string }).outcome),
    ).toEqual(['aborted', 'aborted']);
    expect(broker.pending()).toHaveLength(0);
  });

  it('resolves at once as aborted when the signal is already aborted', async () => {
    const { broker, call } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(broker.request(proposal(), call(controller))).resolves.toMatchObject({
      outcome: 'rejected',
      decidedBy: 'abort',
    });
  });

  it('queues several proposals - each decided alone, or all approved at once', async () => {
    const { broker, call } = setup();
    const p1 = proposal('a.ts');
    const r1 = broker.request(p1, call());
    const r2 = broker.request(proposal('b.ts'), call());
    const r3 = broker.request(proposal('c.ts'), call());
    expect(broker.pending().map((p) => p.path)).toEqual(['a.ts', 'b.ts', 'c.ts']);
    broker.decide({
      approvalId: 'ap1',
      proposalHash: p1.proposalHash,
      decision: { type: 'reject' },
    });
    expect(broker.approveAll('other-conversation')).toBe(0);
    expect(broker.approveAll('c1')).toBe(2);
    await expect(r1).resolves.toMatchObject({ outcome: 'rejected' });
    await expect(r2).resolves.toMatchObject({ outcome: 'approved' });
    await expect(r3).resolves.toMatchObject({ outcome: 'approved' });
  });

  it('denies by policy without asking - read-only mode and deny rules', async () => {
    const ro = setup({ mode: 'read-only', rules: [] });
    await expect(ro.broker.request(proposal(), ro.call())).resolves.toMatchObject({
      outcome: 'denied',
      decidedBy: 'mode',
      reason: expect.stringMatching(/read-only/u),
    });
    expect(ro.events).toHaveLength(0);
    const rule = setup({
      mode: 'auto-edit',
      rules: [{ id: 'r1', tool: 'write', pathGlob: 'src/**', action: 'deny' }],
    });
    await expect(rule.broker.request(proposal(), rule.call())).resolves.toMatchObject({
      outcome: 'denied',
      decidedBy: 'rule',
    });
    expect(rule.audit.decisions[0]).toMatchObject({ outcome: 'denied', decidedBy: 'rule' });
  });

  it('approves without asking in auto-edit mode - but a protected path still asks', async () => {
    const { broker, events, call } = setup({ mode: 'auto-edit', rules: [] });
    await expect(broker.request(proposal(), call())).resolves.toMatchObject({
      outcome: 'approved',
      decidedBy: 'mode',
    });
    void broker.request(proposal('.git/config'), call());
    expect(events[0]).toMatchObject({
      type: 'approval_request',
      request: { path: '.git/config', protectedPath: true },
    });
  });

  it('maps partial and edited decisions', async () => {
    const { broker, call } = setup();
    const before = Array.from({ length: 20 }, (_, i) => `l${i}\n`).join('');
    const after = before.replace('l1\n', 'L1\n').replace('l18\n', 'L18\n');
    const p = proposal('x.ts', before, after);
    const r = broker.request(p, call());
    broker.decide({
      approvalId: 'ap1',
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'], reason: 'keep l1' },
    });
    await expect(r).resolves.toMatchObject({
      outcome: 'partially_approved',
      hunkIds: ['h2'],
      rejectedHunkIds: ['h1'],
      reason: 'keep l1',
    });
    const p2 = proposal('y.ts');
    const r2 = broker.request(p2, call());
    broker.decide({
      approvalId: 'ap2',
      proposalHash: p2.proposalHash,
      decision: { type: 'edit', content: 'mine\n' },
    });
    await expect(r2).resolves.toMatchObject({ outcome: 'edited', content: 'mine\n' });
  });
});

describe('createProjectApprovals', () => {
  it('reads the policy from the app DB for every proposal and aborts pending ones on dispose', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'sluice-pa-'));
    const db = openAppDatabase({ home });
    try {
      const approvals = createProjectApprovals({ db, projectId: 'p1' });
      const call = { signal: new AbortController().signal };
      createPolicyRepository(db).setMode('p1', 'read-only');
      await expect(approvals.broker.request(proposal(), call)).resolves.toMatchObject({
        outcome: 'denied',
      });
      createPolicyRepository(db).setMode('p1', 'ask');
      const pending = approvals.broker.request(proposal(), call);
      approvals.dispose();
      await expect(pending).resolves.toMatchObject({
        outcome: 'rejected',
        decidedBy: 'abort',
        reason: 'the project was closed',
      });
    } finally {
      db.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
