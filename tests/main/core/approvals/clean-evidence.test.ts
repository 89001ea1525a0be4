import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { PolicyState } from '../../../../src/shared/policy-rules';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { CLEAN_REASON, isCleanEvidence } from '../../../../src/main/core/approvals/clean-evidence';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
import { createMemoryAudit } from './memory-audit';

function proposal(file = 'src/a.ts') {
  return createProposal({
    tool: 'edit_file',
    path: file,
    isNewFile: false,
    before: 'a\n',
    after: 'b\n',
    format: detectFormat('a\n'),
    baseHash: 'h0',
    description: 'd',
  });
}

const passed: TestVerdict = {
  state: 'passed',
  newlyFailing: [],
  flaky: [],
  alreadyFailing: [],
  passed: 3,
  ms: 10,
  checkedAt: new Date(0).toISOString(),
};

function evidence(over: Partial<ProposalEvidence> = {}): ProposalEvidence {
  return {
    state: 'checked',
    ms: 5,
    introduced: [],
    fixed: [],
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 1, ms: 5 }],
    checkedAt: new Date(0).toISOString(),
    baseHashes: {},
    tests: passed,
    ...over,
  };
}

const whenClean: PolicyState = { mode: 'ask', rules: [], approveWhenClean: true };

function setup(policy: PolicyState = whenClean) {
  const events: AgentEvent[] = [];
  const audit = createMemoryAudit();
  const broker = new ApprovalBroker({ policy: () => policy, emit: (e) => events.push(e), audit });
  const call = (extra: object = {}) => ({
    signal: new AbortController().signal,
    conversationId: 'c1',
    turnId: 't1',
    ...extra,
  });
  return { broker, events, audit, call };
}

describe('approve when the evidence is clean', () => {
  it('a clean, complete check - applied without asking, by the mode, with its reason', async () => {
    const { broker, events, audit, call } = setup();
    const resolution = await broker.request(proposal(), call({ evidence: evidence() }));
    expect(resolution).toMatchObject({
      outcome: 'approved',
      decidedBy: 'mode',
      reason: CLEAN_REASON,
    });
    expect(events.filter((e) => e.type === 'approval_request')).toEqual([]);
    // The trail says the evidence decided it, not only that the mode did.
    expect(audit.decisions[0]).toMatchObject({
      outcome: 'approved',
      decidedBy: 'mode',
      because: 'clean_evidence',
    });
    expect(audit.proposals[0]).toMatchObject({ policyAction: 'ask' });
  });

  it('one new error, a newly failing test, a check that did not run - asked as before', async () => {
    const error = {
      path: 'src/a.ts',
      line: 1,
      column: 1,
      code: 'TS2304',
      message: 'x',
      lineText: 'b',
      source: 'typescript',
    };
    const cases = [
      evidence({ introduced: [error] }),
      evidence({
        tests: { ...passed, state: 'failed', newlyFailing: [{ name: 't', file: 'f', output: '' }] },
      }),
      evidence({ tests: { ...passed, state: 'not_run', reason: 'no runner' } }),
      evidence({ state: 'not_checked', reason: 'no checker' }),
      evidence({ languages: [{ language: 'go', state: 'not_checked', filesChecked: 0, ms: 0 }] }),
    ];
    for (const found of cases) {
      const { broker, events, call } = setup();
      void broker.request(proposal(), call({ evidence: found }));
      await new Promise((r) => setImmediate(r));
      expect(events.filter((e) => e.type === 'approval_request')).toHaveLength(1);
      expect(isCleanEvidence(found)).toBe(false);
    }
  });

  it('a check still running - waits for it, then applies when it comes back clean', async () => {
    const { broker, events, call } = setup();
    const late = new Promise<ProposalEvidence>((r) => setTimeout(() => r(evidence()), 20));
    const resolution = await broker.request(
      proposal(),
      call({ evidence: evidence({ state: 'checking' }), lateEvidence: late }),
    );
    expect(resolution).toMatchObject({ outcome: 'approved', decidedBy: 'mode' });
    expect(events.filter((e) => e.type === 'approval_request')).toEqual([]);
  });

  it('a protected path, or the policy off - always asked', async () => {
    for (const [file, policy] of [
      ['.env', whenClean],
      ['src/a.ts', { mode: 'ask', rules: [] } as PolicyState],
    ] as const) {
      const { broker, events, call } = setup(policy);
      void broker.request(proposal(file), call({ evidence: evidence() }));
      await new Promise((r) => setImmediate(r));
      expect(events.filter((e) => e.type === 'approval_request')).toHaveLength(1);
    }
  });
});
