import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { PolicyState } from '../../../../src/shared/policy-rules';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import type { WrittenText } from '../../../../src/main/core/approvals/kept-evidence';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

const BEFORE = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n';
// Two hunks: line 1 and line 10.
const AFTER = BEFORE.replace('one', 'ONE').replace('ten', 'TEN');

function proposal(before = BEFORE, after = AFTER) {
  return createProposal({
    tool: 'edit_file',
    path: 'src/a.ts',
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'base',
    description: 'd',
  });
}

const clean: ProposalEvidence = {
  state: 'checked',
  ms: 5,
  introduced: [],
  fixed: [],
  languages: [{ language: 'typescript', state: 'checked', filesChecked: 1, ms: 5 }],
  checkedAt: new Date(0).toISOString(),
  baseHashes: { 'src/a.ts': 'base' },
};

function setup(policy: PolicyState = { mode: 'ask', rules: [] }, throws = false) {
  const kept: WrittenText[] = [];
  let n = 0;
  const broker = new ApprovalBroker({
    policy: () => policy,
    newId: () => `ap${++n}`,
    keepEvidence: (written) => {
      kept.push(written);
      if (throws) throw new Error('the keeper broke');
    },
  });
  const call = { signal: new AbortController().signal, conversationId: 'c1', evidence: clean };
  return { broker, kept, call };
}

async function decided(
  decision: Parameters<ApprovalBroker['decide']>[0]['decision'],
  p = proposal(),
) {
  const { broker, kept, call } = setup();
  const pending = broker.request(p, call);
  expect(broker.decide({ approvalId: 'ap1', proposalHash: p.proposalHash, decision })).toEqual({
    accepted: true,
  });
  return { resolution: await pending, kept };
}

describe('ApprovalBroker - the evidence of what a decision wrote is handed to be kept', () => {
  it('approve - the proposal as shown, with the call that carries its evidence', async () => {
    const { kept } = await decided({ type: 'approve' });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ approvalId: 'ap1', what: 'proposal', text: AFTER });
    expect(kept[0]?.call.evidence).toBe(clean);
  });

  it('approve_hunks - exactly the kept hunk, counted as 1 of 2', async () => {
    const { kept } = await decided({ type: 'approve_hunks', hunkIds: ['h1'] });
    expect(kept[0]).toMatchObject({
      what: 'selection',
      text: BEFORE.replace('one', 'ONE'),
      kept: { hunks: 2, wholeHunks: 1, partialHunks: 0 },
    });
  });

  it('edit - the text written (line endings of the file), or the proposal when given back unchanged', async () => {
    const crlf = BEFORE.replaceAll('\n', '\r\n');
    const p = proposal(crlf, crlf.replace('one', 'ONE'));
    const { kept } = await decided({ type: 'edit', content: 'mine\n' }, p);
    expect(kept[0]).toMatchObject({ what: 'edited', text: 'mine\r\n' });
    const same = await decided({ type: 'edit', content: AFTER });
    expect(same.kept[0]).toMatchObject({ what: 'proposal', text: AFTER });
  });

  it('reject, deny and abort write nothing, so nothing is kept', async () => {
    expect((await decided({ type: 'reject' })).kept).toEqual([]);
    const denied = setup({ mode: 'read-only', rules: [] });
    await denied.broker.request(proposal(), denied.call);
    const controller = new AbortController();
    const aborted = setup();
    const pending = aborted.broker.request(proposal(), {
      ...aborted.call,
      signal: controller.signal,
    });
    controller.abort();
    await pending;
    expect([...denied.kept, ...aborted.kept]).toEqual([]);
  });

  it('a rule, approve-when-clean and a decision made elsewhere keep their evidence too', async () => {
    const byRule = setup({ mode: 'auto-edit', rules: [] });
    await byRule.broker.request(proposal(), byRule.call);
    const byClean = setup({ mode: 'ask', rules: [], approveWhenClean: true });
    await expect(byClean.broker.request(proposal(), byClean.call)).resolves.toMatchObject({
      outcome: 'approved',
      decidedBy: 'mode',
    });
    const elsewhere = setup();
    elsewhere.broker.requestDecided(proposal(), elsewhere.call, {
      type: 'approve_hunks',
      hunkIds: ['h2'],
    });
    expect(byRule.kept.map((k) => k.what)).toEqual(['proposal']);
    expect(byClean.kept.map((k) => k.what)).toEqual(['proposal']);
    expect(elsewhere.kept.map((k) => [k.what, k.text])).toEqual([
      ['selection', BEFORE.replace('ten', 'TEN')],
    ]);
  });

  it('a keeper that throws changes nothing about the decision', async () => {
    const { broker, kept, call } = setup({ mode: 'ask', rules: [] }, true);
    const p = proposal();
    const pending = broker.request(p, call);
    broker.decide({
      approvalId: 'ap1',
      proposalHash: p.proposalHash,
      decision: { type: 'approve' },
    });
    await expect(pending).resolves.toMatchObject({ outcome: 'approved', decidedBy: 'person' });
    expect(kept).toHaveLength(1);
  });
});
