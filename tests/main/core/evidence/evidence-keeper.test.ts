// The evidence kept with a checkpoint is that of exactly the text written: a person who keeps
// one hunk of two gets that hunk's check kept, not the proposal's. A real broker, real
// selection checks over a scripted checker and scripted tests, and the real app database.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { applySelectedHunks, createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
import { createEvidenceKeeper } from '../../../../src/main/core/evidence/evidence-keeper';
import { SelectionEvidence } from '../../../../src/main/core/evidence/selection-evidence';
import {
  checkDecision,
  checkRequestDecision,
} from '../../../../src/main/core/project/decision-checks';
import { createCheckpointEvidenceRepository } from '../../../../src/main/core/store/checkpoint-evidence-repository';
import type { ProjectTests } from '../../../../src/main/core/test-runs/project-tests';
import { sha256 } from '../../../../src/main/core/workspace/content-hash';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';
import { useTempAppDatabase } from '../store/temp-home';

const database = useTempAppDatabase();

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

const verdictOf = (text: string): TestVerdict => ({
  state: text.includes('b = 3') ? 'failed' : 'passed',
  newlyFailing: text.includes('b = 3')
    ? [{ name: 'cart > b is two', file: 'src/cart.test.ts', output: 'expected 3 to be 2' }]
    : [],
  flaky: [],
  alreadyFailing: [],
  passed: 2,
  ms: 5,
  checkedAt: new Date(0).toISOString(),
});

/** Tests that fail when b changed, after `delayMs` (never, when null); runs and aborts counted. */
function scriptedTests(delayMs: number | null = 5) {
  const runs: string[] = [];
  const aborted: string[] = [];
  const tests: ProjectTests = {
    liveDeadlineMs: () => 5_000,
    verdict: (request) =>
      new Promise((resolve) => {
        const text = request.changes[0]?.after ?? '';
        runs.push(text);
        const timer = delayMs === null ? null : setTimeout(() => resolve(verdictOf(text)), delayMs);
        request.signal?.addEventListener('abort', () => {
          if (timer) clearTimeout(timer);
          aborted.push(text);
          resolve({ ...verdictOf(text), state: 'not_run', reason: 'cancelled' });
        });
      }),
  };
  return { tests, runs, aborted };
}

/** What the request showed: the whole proposal's check, its error and its failing test. */
const shown: ProposalEvidence = {
  ...brokenWhenMarked([{ path: 'src/cart.ts', after: AFTER }]),
  tests: verdictOf(AFTER),
};

function setup(testsDelayMs: number | null = 5, waitMs?: number) {
  const scripted = scriptedTests(testsDelayMs);
  const selection = new SelectionEvidence({
    diagnostics: fakeProjectDiagnostics(createFakeDiagnostics(brokenWhenMarked)),
    tests: scripted.tests,
  });
  const store = createCheckpointEvidenceRepository(database(), 'p1');
  const keeper = createEvidenceKeeper({
    store,
    selection: () => selection,
    ...(waitMs ? { waitMs } : {}),
  });
  const broker = new ApprovalBroker({
    policy: () => ({ mode: 'ask', rules: [] }),
    newId: () => 'ap1',
    keepEvidence: keeper.keep,
  });
  const p = proposal();
  const written = broker.request(p, {
    signal: new AbortController().signal,
    conversationId: 'c1',
    evidence: shown,
  });
  const keepH = (hunkIds: string[]) => ({
    approvalId: 'ap1',
    proposalHash: p.proposalHash,
    decision: { type: 'approve_hunks' as const, hunkIds },
  });
  return { ...scripted, selection, store, keeper, broker, p, written, keepH };
}

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}

describe('evidence keeper - what reaches the disk is what is kept as checked', () => {
  it('a person keeps 1 of 2 hunks the review checked - that hunk check is kept, from memory, not the proposal', async () => {
    const t = setup();
    const review = await checkDecision(t.broker, t.selection, {
      ...t.keepH(['h1']),
      wait: 'complete',
    });
    expect(review).toMatchObject({ accepted: true, complete: true });
    expect(t.broker.decide(t.keepH(['h1']))).toEqual({ accepted: true });
    // The app's decide closes the review's check as the person decides.
    t.selection.forget('ap1');
    await t.written;
    await until(() => t.store.read('ap1')?.complete === true);
    const kept = t.store.read('ap1');
    const text = applySelectedHunks(t.p, ['h1']);
    expect(kept).toMatchObject({
      what: 'selection',
      textHash: sha256(text),
      kept: { hunks: 2, wholeHunks: 1 },
      introducedCount: 1,
      newlyFailingCount: 0,
      evidence: { baseHashes: { 'src/cart.ts': 'base' } },
    });
    expect(kept?.evidence.introduced.map((d) => d.message)).toEqual(["Cannot find name 'BROKEN'."]);
    // The proposal's failing test is not this text's.
    expect(kept?.evidence.tests?.newlyFailing).toEqual([]);
    expect(t.runs).toEqual([text]);
  });

  it('the review was still checking when the person decided - the check runs on to the end and is kept', async () => {
    const t = setup(600);
    const first = await checkDecision(t.broker, t.selection, { ...t.keepH(['h2']), wait: 'first' });
    expect(first).toMatchObject({ accepted: true, complete: false });
    t.broker.decide(t.keepH(['h2']));
    t.selection.forget('ap1');
    // Kept at once with what was known, completed when the tests finish.
    expect(t.store.read('ap1')).toMatchObject({ what: 'selection', complete: false });
    await until(() => t.store.read('ap1')?.complete === true);
    expect(t.store.read('ap1')).toMatchObject({ introducedCount: 0, newlyFailingCount: 1 });
    expect(t.aborted).toEqual([]);
    expect(t.runs).toHaveLength(1);
  });

  it('the terminal review named the text by its proposal hash - its check is the one kept', async () => {
    const t = setup();
    const [request] = t.broker.pending();
    if (!request) throw new Error('the request is not waiting');
    const decision = { type: 'approve_hunks' as const, hunkIds: ['h1'] };
    await checkRequestDecision(t.selection, request, decision, 'complete');
    t.broker.decide(t.keepH(['h1']));
    await until(() => t.store.read('ap1')?.complete === true);
    expect(t.runs).toHaveLength(1);
    expect(t.store.read('ap1')).toMatchObject({
      introducedCount: 1,
      evidence: { baseHashes: { 'src/cart.ts': 'base' } },
    });
  });

  it('a selection no review checked (a decision from the terminal without a check) is checked and kept', async () => {
    const t = setup();
    t.broker.decide(t.keepH(['h2']));
    await until(() => t.store.read('ap1')?.complete === true);
    expect(t.store.read('ap1')).toMatchObject({
      textHash: sha256(applySelectedHunks(t.p, ['h2'])),
      introducedCount: 0,
      newlyFailingCount: 1,
    });
  });

  it('the wait is bounded - a check that never ends is stopped and its record stays incomplete', async () => {
    const t = setup(null, 50);
    t.broker.decide(t.keepH(['h2']));
    await until(() => t.aborted.length === 1);
    const kept = t.store.read('ap1');
    expect(kept).toMatchObject({ what: 'selection', complete: false });
  });

  it('the proposal as shown - the request evidence is kept, then completed by its late result', async () => {
    const scripted = scriptedTests();
    const store = createCheckpointEvidenceRepository(database(), 'p1');
    const keeper = createEvidenceKeeper({ store, selection: () => undefined });
    const broker = new ApprovalBroker({
      policy: () => ({ mode: 'ask', rules: [] }),
      newId: () => 'ap1',
      keepEvidence: keeper.keep,
    });
    const p = proposal();
    let arrive: (evidence: ProposalEvidence) => void = () => undefined;
    const timedOut: ProposalEvidence = {
      ...shown,
      tests: { ...verdictOf(BEFORE), state: 'timed_out' },
    };
    const written = broker.request(p, {
      signal: new AbortController().signal,
      evidence: timedOut,
      lateEvidence: new Promise((resolve) => (arrive = resolve)),
    });
    broker.decide({
      approvalId: 'ap1',
      proposalHash: p.proposalHash,
      decision: { type: 'approve' },
    });
    await written;
    expect(store.read('ap1')).toMatchObject({
      what: 'proposal',
      textHash: sha256(AFTER),
      complete: false,
      introducedCount: 1,
      newlyFailingCount: 0,
    });
    arrive(shown);
    await until(() => store.read('ap1')?.complete === true);
    expect(store.read('ap1')).toMatchObject({ introducedCount: 1, newlyFailingCount: 1 });
    expect(scripted.runs).toEqual([]);
  });

  it('after dispose nothing more is recorded', async () => {
    const t = setup(null);
    t.keeper.dispose();
    t.broker.decide(t.keepH(['h2']));
    await t.written;
    expect(t.store.read('ap1')).toBeNull();
    t.selection.dispose();
  });
});
