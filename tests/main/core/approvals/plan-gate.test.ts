// The plan gate: a plan waits in the project's registry as kind 'plan' (listed), is decided
// once, switches the mode before the call returns when approved, and ends as aborted with its
// turn or when the project closes; each step said in the turn's stream.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ApprovalMode } from '../../../../src/shared/approvals';
import type { Plan } from '../../../../src/shared/plans';
import { ApprovalRegistry } from '../../../../src/main/core/approvals/approval-registry';
import { PlanGate } from '../../../../src/main/core/approvals/plan-gate';

const plan: Plan = {
  summary: 'Rename the total',
  steps: ['Read cart.ts', 'Rename total to sum'],
  files: ['src/cart.ts'],
};

function setup(start: ApprovalMode = 'plan') {
  let mode = start;
  const events: AgentEvent[] = [];
  const registry = new ApprovalRegistry();
  let ids = 0;
  const gate = new PlanGate({
    registry,
    mode: () => mode,
    goOn: (next) => {
      mode = next;
    },
    newId: () => `plan-${(ids += 1)}`,
  });
  const controller = new AbortController();
  const call = {
    signal: controller.signal,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'tu1',
    emit: (event: AgentEvent) => void events.push(event),
  };
  return { gate, registry, events, controller, call, mode: () => mode };
}

describe('PlanGate', () => {
  it('plan gate - a waiting plan is listed and announced, then approved once into the chosen mode', async () => {
    const s = setup();
    const waiting = s.gate.requestPlan(plan, s.call);
    expect(s.gate.pending()).toEqual([
      { approvalId: 'plan-1', conversationId: 'c1', turnId: 't1', toolUseId: 'tu1', plan },
    ]);
    expect(s.registry.kindOf('plan-1')).toBe('plan');
    expect(s.events[0]).toEqual({
      type: 'plan_request',
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: 'tu1',
      approvalId: 'plan-1',
      plan,
    });
    expect(
      s.gate.decide({ approvalId: 'plan-1', decision: { type: 'approve', mode: 'ask' } }),
    ).toEqual({ accepted: true });
    // The mode switched before the tool learns of the approval.
    expect(s.mode()).toBe('ask');
    expect(await waiting).toEqual({
      approvalId: 'plan-1',
      decidedBy: 'person',
      outcome: 'approved',
      mode: 'ask',
    });
    const again = s.gate.decide({
      approvalId: 'plan-1',
      decision: { type: 'approve', mode: 'auto-edit' },
    });
    expect(again).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/already decided/u),
    });
    expect(s.mode()).toBe('ask');
    expect(s.gate.pending()).toEqual([]);
    expect(s.events.at(-1)).toEqual({
      type: 'plan_resolved',
      conversationId: 'c1',
      turnId: 't1',
      approvalId: 'plan-1',
      outcome: 'approved',
      mode: 'ask',
      decidedBy: 'person',
    });
  });

  it('plan gate - an edited plan goes on in its mode with the person text; a rejection keeps the mode', async () => {
    const s = setup();
    const edited = s.gate.requestPlan(plan, s.call);
    s.gate.decide({
      approvalId: 'plan-1',
      decision: { type: 'edit', text: 'Only rename; keep the export', mode: 'auto-edit' },
    });
    expect(await edited).toMatchObject({
      outcome: 'edited',
      mode: 'auto-edit',
      text: 'Only rename; keep the export',
    });
    expect(s.mode()).toBe('auto-edit');

    const t = setup();
    const rejected = t.gate.requestPlan(plan, t.call);
    t.gate.decide({
      approvalId: 'plan-1',
      decision: { type: 'reject', feedback: '  use a map  ' },
    });
    expect(await rejected).toEqual({
      approvalId: 'plan-1',
      decidedBy: 'person',
      outcome: 'rejected',
      feedback: 'use a map',
    });
    expect(t.mode()).toBe('plan');
    expect(t.events.at(-1)).toMatchObject({
      type: 'plan_resolved',
      outcome: 'rejected',
      feedback: 'use a map',
    });
  });

  it('plan gate - an aborted turn ends its plan as aborted, and a later decision is refused', async () => {
    const s = setup();
    const waiting = s.gate.requestPlan(plan, s.call);
    s.controller.abort();
    expect(await waiting).toMatchObject({ outcome: 'aborted', decidedBy: 'abort' });
    expect(
      s.gate.decide({ approvalId: 'plan-1', decision: { type: 'approve', mode: 'ask' } }),
    ).toMatchObject({ accepted: false });
    expect(s.mode()).toBe('plan');
    expect(s.events.at(-1)).toMatchObject({
      type: 'plan_resolved',
      outcome: 'aborted',
      decidedBy: 'abort',
    });
  });

  it('plan gate - closing the project aborts every waiting plan, and an unknown id is named', async () => {
    const s = setup();
    const first = s.gate.requestPlan(plan, s.call);
    const second = s.gate.requestPlan(plan, { ...s.call, toolUseId: 'tu2' });
    expect(s.gate.abortAll('the project was closed')).toBe(2);
    expect(await first).toMatchObject({ outcome: 'aborted', reason: 'the project was closed' });
    expect(await second).toMatchObject({ outcome: 'aborted' });
    expect(s.gate.decide({ approvalId: 'nope', decision: { type: 'reject' } })).toEqual({
      accepted: false,
      reason: 'no pending plan has id nope.',
    });
  });

  it('plan gate - a mode that cannot be switched refuses the approval and the plan still waits', async () => {
    const registry = new ApprovalRegistry();
    const gate = new PlanGate({
      registry,
      mode: () => 'plan',
      goOn: () => {
        throw new Error('the database is read-only');
      },
      newId: () => 'p',
    });
    const controller = new AbortController();
    const waiting = gate.requestPlan(plan, { signal: controller.signal });
    expect(gate.decide({ approvalId: 'p', decision: { type: 'approve', mode: 'ask' } })).toEqual({
      accepted: false,
      reason: 'the mode could not be switched: the database is read-only',
    });
    expect(gate.pending()).toHaveLength(1);
    gate.decide({ approvalId: 'p', decision: { type: 'reject' } });
    expect(await waiting).toMatchObject({ outcome: 'rejected' });
  });
});
