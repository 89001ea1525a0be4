import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic, ProposalEvidence } from '../../../../src/shared/diagnostics';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
import { checkLiveProposal } from '../../../../src/main/core/evidence/live-evidence';
import {
  LikelySelections,
  likelySelectionTexts,
} from '../../../../src/main/core/evidence/likely-selections';
import { SelectionEvidence } from '../../../../src/main/core/evidence/selection-evidence';
import {
  checkDecision,
  checkRequestDecision,
} from '../../../../src/main/core/project/decision-checks';
import { diagnostic, evidence } from '../../../support/fake-diagnostics';
import {
  createHeldChecker,
  heldDiagnostics,
  type HeldChecker,
} from '../../../support/held-checker';

const PATH = 'src/cart.ts';
const KEEP = 'keep();\n'.repeat(8);

/** A file of `count` declarations far enough apart that changing each is a hunk of its own. */
function texts(count: number): { before: string; after: string } {
  const names = Array.from({ length: count }, (_, i) => String.fromCharCode(65 + i));
  const before = names.map((n) => `export const ${n.toLowerCase()} = 1;\n${KEEP}`).join('');
  const after = names
    .map((n) => `export const ${n.toLowerCase()} = BROKEN_${n};\n${KEEP}`)
    .join('');
  return { before, after };
}

function proposalOf(count: number) {
  const { before, after } = texts(count);
  return createProposal({
    tool: 'edit_file',
    path: PATH,
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'base',
    description: `${count} changes`,
  });
}

/** The hunks a text keeps, by the letters of their markers. */
const kept = (text: string): string =>
  [...text.matchAll(/BROKEN_([A-Z])/gu)].map((m) => m[1]).join('');

/** One error per marker the text keeps, on its line. */
function errorsOf(text: string): Diagnostic[] {
  return text.split('\n').flatMap((line, index) => {
    const marker = /BROKEN_[A-Z]/u.exec(line)?.[0];
    return marker ? [diagnostic(PATH, index + 1, `Cannot find name '${marker}'.`)] : [];
  });
}

const messages = (evidence: ProposalEvidence | null | undefined): string[] =>
  (evidence?.introduced ?? []).map((d) => d.message);

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/**
 * A proposal waiting in the broker as a live one does: its own check answered the changed
 * file and is still checking importers (call 0 is held until the test finishes it).
 */
async function waiting(count: number, checker: HeldChecker = createHeldChecker(errorsOf)) {
  const diagnostics = heldDiagnostics(checker);
  const selection = new SelectionEvidence({ diagnostics });
  const likely = new LikelySelections({ selection, diagnostics });
  const broker = new ApprovalBroker({
    policy: () => ({ mode: 'ask', rules: [] }),
    reading: () => likely,
  });
  const turn = new AbortController();
  stops.push(() => {
    turn.abort();
    for (const call of checker.calls) call.finish();
    likely.dispose();
    selection.dispose();
  });
  const proposal = proposalOf(count);
  const live = await checkLiveProposal(proposal, {
    diagnostics,
    approvals: broker,
    signal: turn.signal,
  });
  if (live.kind !== 'ask') throw new Error(`the proposal was ${live.kind}`);
  expect(live.evidence.state).toBe('checking');
  void broker.request(proposal, {
    signal: turn.signal,
    conversationId: 'c1',
    evidence: live.evidence,
    ...(live.late ? { lateEvidence: live.late } : {}),
  });
  await vi.waitFor(() => expect(broker.pending()).toHaveLength(1));
  const approvalId = broker.pending()[0]!.approvalId;
  return { checker, diagnostics, selection, broker, proposal, approvalId };
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('likelySelectionTexts - the texts checked while the person reads', () => {
  it('three hunks: each alone and every two, once each', () => {
    const proposal = proposalOf(3);
    expect(proposal.hunks).toHaveLength(3);
    expect(likelySelectionTexts(proposal).map(kept)).toEqual(['A', 'B', 'C', 'BC', 'AC', 'AB']);
  });

  it('two hunks: each alone, the same texts as all but one', () => {
    expect(likelySelectionTexts(proposalOf(2)).map(kept)).toEqual(['A', 'B']);
  });

  it('one hunk: nothing, the selection is the proposal itself', () => {
    expect(likelySelectionTexts(proposalOf(1))).toEqual([]);
  });

  it('ten hunks: sixteen texts, every hunk alone first', () => {
    const found = likelySelectionTexts(proposalOf(10)).map(kept);
    expect(found).toHaveLength(16);
    expect(found.slice(0, 10)).toEqual('ABCDEFGHIJ'.split(''));
    expect(found[10]).toBe('BCDEFGHIJ');
  });
});

describe('LikelySelections - likely selections checked while a proposal waits', () => {
  it('after the proposal own check, checks each hunk alone and all but one, one at a time', async () => {
    const { checker } = await waiting(3);
    // The proposal's own check is still at its importers: nothing is asked beside it.
    await settle();
    expect(checker.calls).toHaveLength(1);
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(7));
    const ahead = checker.calls.slice(1);
    expect(ahead.map((c) => kept(c.text))).toEqual(['A', 'B', 'C', 'BC', 'AC', 'AB']);
    expect(ahead.map((c) => c.alongside)).toEqual([0, 0, 0, 0, 0, 0]);
    // Only the changed file: each stops at its first answer, the importers are never waited for.
    await vi.waitFor(() => expect(ahead.every((c) => c.signal.aborted)).toBe(true));
    await settle();
    expect(checker.calls).toHaveLength(7);
  });

  it('a later selection of hunk 2 alone answers its changed file errors from memory', async () => {
    const { checker, selection, broker, proposal, approvalId } = await waiting(3);
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(7));
    await vi.waitFor(() =>
      expect(checker.calls.slice(1).every((c) => c.signal.aborted)).toBe(true),
    );
    // From now on the checker answers nothing unless the test says so.
    checker.auto = false;
    const answer = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: proposal.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      wait: 'first',
    });
    expect(answer).toMatchObject({ accepted: true, complete: false });
    const fromMemory = (answer as { evidence: ProposalEvidence }).evidence;
    expect(messages(fromMemory)).toEqual(["Cannot find name 'BROKEN_B'."]);
    expect(fromMemory.state).toBe('checking');
    // The rest (the importers) starts now, as for any selection; it has answered nothing.
    expect(checker.calls).toHaveLength(8);
    expect(kept(checker.calls[7]!.text)).toBe('B');
    expect(checker.calls[7]!.answered).toBe(false);
    // When it completes, its answer replaces the one from memory.
    checker.calls[7]!.changedFile();
    checker.calls[7]!.finish();
    const done = await checkDecision(broker, selection, {
      approvalId,
      proposalHash: proposal.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      wait: 'complete',
    });
    expect(done).toMatchObject({ accepted: true, complete: true });
    expect(messages((done as { evidence: ProposalEvidence }).evidence)).toEqual([
      "Cannot find name 'BROKEN_B'.",
    ]);
  });

  it('the terminal review, which names the base by the proposal hash, finds them too', async () => {
    const { checker, selection, broker } = await waiting(3);
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(7));
    await vi.waitFor(() =>
      expect(checker.calls.slice(1).every((c) => c.signal.aborted)).toBe(true),
    );
    checker.auto = false;
    const request = broker.pending()[0]!;
    const answer = await checkRequestDecision(
      selection,
      request,
      { type: 'approve_hunks', hunkIds: ['h1', 'h3'] },
      'first',
    );
    expect(messages((answer as { evidence: ProposalEvidence }).evidence)).toEqual([
      "Cannot find name 'BROKEN_A'.",
      "Cannot find name 'BROKEN_C'.",
    ]);
    expect(checker.calls[7]!.answered).toBe(false);
  });

  it('a real selection asked during the checks ahead goes before the ones still waiting', async () => {
    const { checker, selection, broker, proposal, approvalId } = await waiting(3);
    checker.auto = false;
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(2));
    const first = checker.calls[1]!;
    expect(kept(first.text)).toBe('A');
    // The person edits the text themselves: a text no check ahead made.
    const own = proposal.after.replace('BROKEN_C', '3');
    const asked = checkDecision(broker, selection, {
      approvalId,
      proposalHash: proposal.proposalHash,
      decision: { type: 'edit', content: own },
      wait: 'first',
    });
    await vi.waitFor(() => expect(checker.calls).toHaveLength(3));
    const real = checker.calls[2]!;
    expect(real.text).toBe(own);
    // The check ahead already with the checker finishes; the next waits for the real one.
    first.changedFile();
    await vi.waitFor(() => expect(first.signal.aborted).toBe(true));
    await settle();
    expect(checker.calls).toHaveLength(3);
    real.changedFile();
    const answer = await asked;
    expect(messages((answer as { evidence: ProposalEvidence }).evidence)).toEqual([
      "Cannot find name 'BROKEN_A'.",
      "Cannot find name 'BROKEN_B'.",
    ]);
    await settle();
    expect(checker.calls).toHaveLength(3);
    real.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(4));
    expect(kept(checker.calls[3]!.text)).toBe('B');
  });

  it('the decision cancels the checks ahead: no further checker call', async () => {
    const { checker, broker, proposal, approvalId } = await waiting(3);
    checker.auto = false;
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(2));
    expect(
      broker.decide({
        approvalId,
        proposalHash: proposal.proposalHash,
        decision: { type: 'approve' },
      }),
    ).toEqual({ accepted: true });
    expect(checker.calls[1]!.signal.aborted).toBe(true);
    checker.auto = true;
    await settle(60);
    expect(checker.calls).toHaveLength(2);
  });

  it('a one-hunk proposal checks nothing ahead', async () => {
    const { checker } = await waiting(1);
    checker.calls[0]!.finish();
    await settle(60);
    expect(checker.calls).toHaveLength(1);
  });

  it('a newer proposal under the same id replaces the texts still waiting', async () => {
    const checker = createHeldChecker(errorsOf);
    const diagnostics = heldDiagnostics(checker);
    const selection = new SelectionEvidence({ diagnostics });
    const likely = new LikelySelections({ selection, diagnostics });
    stops.push(() => {
      likely.dispose();
      selection.dispose();
    });
    checker.auto = false;
    const shown = evidence([], [], 'checking');
    likely.waiting('a1', proposalOf(3), shown);
    await vi.waitFor(() => expect(checker.calls).toHaveLength(1));
    likely.waiting('a1', proposalOf(2), shown);
    expect(checker.calls[0]!.signal.aborted).toBe(true);
    checker.auto = true;
    await vi.waitFor(() => expect(checker.calls).toHaveLength(3));
    await settle();
    expect(checker.calls.map((c) => kept(c.text))).toEqual(['A', 'A', 'B']);
    expect(checker.calls.slice(1).every((c) => !/BROKEN_C/u.test(c.text))).toBe(true);
  });

  it('a proposal whose own check could not look at the file checks nothing ahead', async () => {
    const checker = createHeldChecker(errorsOf);
    const diagnostics = heldDiagnostics(checker);
    const selection = new SelectionEvidence({ diagnostics });
    const likely = new LikelySelections({ selection, diagnostics });
    stops.push(() => likely.dispose());
    const unchecked = evidence([], [], 'not_checked');
    likely.waiting('a1', proposalOf(3), unchecked);
    likely.waiting('a2', proposalOf(3), undefined);
    await settle(60);
    expect(checker.calls).toHaveLength(0);
  });
});
