import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
import { SelectionEvidence } from '../../../../src/main/core/evidence/selection-evidence';
import { checkDecision } from '../../../../src/main/core/project/decision-checks';
import type { ProjectTests } from '../../../../src/main/core/test-runs/project-tests';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';

const BEFORE =
  'export const a = 1;\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nexport const b = 2;\n';
// Two hunks: the first breaks the build, the second breaks a test.
const AFTER = BEFORE.replace('a = 1', 'a = BROKEN').replace('b = 2', 'b = 3');

function proposal() {
  return createProposal({
    tool: 'edit_file',
    path: 'src/cart.ts',
    isNewFile: false,
    before: BEFORE,
    after: AFTER,
    format: detectFormat(BEFORE),
    baseHash: 'base',
    description: 'two changes',
  });
}

const failing = (text: string): TestVerdict => ({
  state: text.includes('b = 3') ? 'failed' : 'passed',
  newlyFailing: text.includes('b = 3')
    ? [{ name: 'cart > b is two', file: 'src/cart.test.ts', output: 'expected 3 to be 2' }]
    : [],
  flaky: [],
  alreadyFailing: [],
  passed: text.includes('b = 3') ? 2 : 3,
  ms: 5,
  checkedAt: new Date(0).toISOString(),
});

/** Tests that fail when b changed; each run is counted, and aborted runs are seen. */
function scriptedTests(delayMs = 5): ProjectTests & { runs: string[]; aborted: string[] } {
  const runs: string[] = [];
  const aborted: string[] = [];
  return {
    runs,
    aborted,
    liveDeadlineMs: () => 5_000,
    verdict: (request) =>
      new Promise((resolve) => {
        const text = request.changes[0]?.after ?? '';
        runs.push(text);
        const timer = setTimeout(() => resolve(failing(text)), delayMs);
        request.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(text);
          resolve({ ...failing(text), state: 'not_run', reason: 'cancelled' });
        });
      }),
  };
}

async function pendingBroker() {
  const broker = new ApprovalBroker({ policy: () => ({ mode: 'ask', rules: [] }) });
  const p = proposal();
  void broker.request(p, { signal: new AbortController().signal, conversationId: 'c1' });
  await new Promise((r) => setImmediate(r));
  const approvalId = broker.pending()[0]!.approvalId;
  return { broker, p, approvalId };
}

describe('checkDecision - the evidence of exactly what a decision writes', () => {
  it('one hunk of two: only its errors, and the other hunk failing test is gone', async () => {
    const { broker, p, approvalId } = await pendingBroker();
    const tests = scriptedTests();
    const selection = new SelectionEvidence({
      diagnostics: fakeProjectDiagnostics(createFakeDiagnostics(brokenWhenMarked)),
      tests,
    });
    const first = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h1'] },
      wait: 'complete',
    });
    expect(first).toMatchObject({ accepted: true, complete: true });
    const evidence = (first as { evidence: ProposalEvidence }).evidence;
    expect(evidence.introduced.map((d) => d.message)).toEqual(["Cannot find name 'BROKEN'."]);
    expect(evidence.tests?.newlyFailing).toEqual([]);
    const second = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      wait: 'complete',
    });
    const other = (second as { evidence: ProposalEvidence }).evidence;
    expect(other.introduced).toEqual([]);
    expect(other.tests?.newlyFailing.map((t) => t.name)).toEqual(['cart > b is two']);
    // Checking decides nothing.
    expect(broker.pending()).toHaveLength(1);
  });

  it('the same text again is answered from memory', async () => {
    const { broker, p, approvalId } = await pendingBroker();
    const tests = scriptedTests();
    const selection = new SelectionEvidence({ tests });
    const ask = () =>
      checkDecision(broker, selection, {
        approvalId,
        proposalHash: p.proposalHash,
        decision: { type: 'approve_hunks', hunkIds: ['h2'] },
        wait: 'complete',
      });
    await ask();
    await ask();
    expect(tests.runs).toHaveLength(1);
  });

  it('a newer selection cancels the older check', async () => {
    const { broker, p, approvalId } = await pendingBroker();
    const tests = scriptedTests(10_000);
    const selection = new SelectionEvidence({ tests });
    const older = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h1'] },
      wait: 'first',
    });
    expect(older).toMatchObject({ accepted: true, complete: false });
    void checkDecision(broker, selection, {
      approvalId,
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      wait: 'first',
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(tests.aborted).toHaveLength(1);
    expect(tests.aborted[0]).toContain('BROKEN');
    selection.dispose();
  });

  it('first - waits for the changed file errors, not for the tests still running', async () => {
    const { broker, p, approvalId } = await pendingBroker();
    const tests = scriptedTests(10_000);
    // Slower than a glance, faster than the live deadline: the first answer holds them.
    const selection = new SelectionEvidence({
      diagnostics: fakeProjectDiagnostics(createFakeDiagnostics(brokenWhenMarked, 600)),
      tests,
    });
    const first = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: p.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h1'] },
      wait: 'first',
    });
    expect(first).toMatchObject({ accepted: true, complete: false });
    const evidence = (first as { evidence: ProposalEvidence }).evidence;
    expect(evidence.introduced.map((d) => d.message)).toEqual(["Cannot find name 'BROKEN'."]);
    expect(evidence.tests).toBeUndefined();
    selection.dispose();
  });

  it('refuses an unknown approval, a bad selection and a stale hash in words', async () => {
    const { broker, p, approvalId } = await pendingBroker();
    const selection = new SelectionEvidence({ tests: scriptedTests() });
    const check = (input: Partial<Parameters<typeof checkDecision>[2]>) =>
      checkDecision(broker, selection, {
        approvalId,
        proposalHash: p.proposalHash,
        decision: { type: 'approve_hunks', hunkIds: ['h1'] },
        wait: 'first',
        ...input,
      });
    expect(await check({ approvalId: 'nope' })).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/no pending/u),
    });
    expect(await check({ decision: { type: 'approve_hunks', hunkIds: ['h7'] } })).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/unknown hunk id\(s\) h7/u),
    });
    expect(await check({ proposalHash: 'other' })).toMatchObject({ accepted: false });
    expect(await check({ decision: { type: 'reject' } })).toMatchObject({ accepted: false });
  });
});
