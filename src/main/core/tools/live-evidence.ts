// A live edit's check before the gate (issue 24): the proposal is checked against the disk
// within the live deadline. A change that introduces errors and that a person would be asked
// about goes back to the model unseen, once per proposal and conversation; the identical call
// again (or any call outside a conversation: `sluice tool`, where the person is the caller; or
// one a rule or the mode approves unseen) goes to the gate with its evidence. A check that times out does not hold anything back: the request shows "timed
// out" and the late result follows as `approval_evidence`.
// Then the tests (issue 31), right after the type check and only for a change a person will
// be asked about: the affected tests run on the proposed text within their own live deadline;
// newly failing tests hold the change back the same way (once per proposal, sharing the
// diagnostics' memory), and a run past the deadline completes the evidence later.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { TestVerdict } from '../../../shared/test-verdict';
import { heldBackMessage } from '../diagnostics/evidence-messages';
import { testsHeldBackMessage } from '../test-runs/verdict-messages';
import type { ToolContext, ToolResult } from './tool';
import type { Proposal } from '../edits/proposal';

/**
 * A live check waiting on the files that import the changed ones answers with the changed
 * files' errors after this long, and the rest completes the request when it arrives: the
 * person reads the diff with evidence instead of waiting for the whole deadline (issue 30).
 */
export const CHANGED_FILES_FIRST_MS = 750;

export type LiveCheck =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'held_back'; readonly result: ToolResult }
  | {
      readonly kind: 'ask';
      readonly evidence: ProposalEvidence;
      readonly late?: Promise<ProposalEvidence>;
    };

/** Evidence for a project that has tests but no checker: errors were not looked for. */
function uncheckedEvidence(proposal: Proposal): ProposalEvidence {
  return {
    state: 'not_checked',
    ms: 0,
    reason: 'errors are not checked in this session',
    introduced: [],
    fixed: [],
    languages: [],
    checkedAt: new Date().toISOString(),
    baseHashes: { [proposal.path]: proposal.baseHash },
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export async function checkLiveProposal(proposal: Proposal, ctx: ToolContext): Promise<LiveCheck> {
  const diagnostics = ctx.diagnostics;
  if (!diagnostics && !ctx.tests) return { kind: 'unchecked' };
  const baseHashes = { [proposal.path]: proposal.baseHash };
  const lateDiagnostics = deferred<ProposalEvidence>();
  let evidence: ProposalEvidence;
  if (diagnostics) {
    const checked = await diagnostics.checkChange(
      [{ path: proposal.path, after: proposal.after }],
      {
        deadlineMs: diagnostics.liveDeadlineMs(),
        changedFilesFirstAfterMs: CHANGED_FILES_FIRST_MS,
        signal: ctx.signal,
        onLateResult: (late) => lateDiagnostics.resolve({ ...late, baseHashes }),
      },
    );
    evidence = { ...checked, baseHashes };
  } else evidence = uncheckedEvidence(proposal);
  const conversationId = ctx.conversationId;
  const wouldAsk = ctx.approvals?.wouldAsk?.(proposal);
  const mayHoldBack = (): boolean =>
    conversationId !== undefined &&
    wouldAsk === true &&
    diagnostics !== undefined &&
    !diagnostics.heldBack.has(conversationId, proposal.proposalHash);
  // Held back only when a person would see it: a change a rule or the mode approves unseen is
  // written, and the model reads its errors in the result.
  if (evidence.introduced.length > 0 && mayHoldBack() && diagnostics && conversationId) {
    diagnostics.heldBack.remember(conversationId, proposal.proposalHash);
    return {
      kind: 'held_back',
      result: { status: 'error', content: heldBackMessage(proposal, evidence) },
    };
  }
  const diagnosticsLate =
    evidence.state === 'timed_out' || evidence.state === 'checking'
      ? lateDiagnostics.promise
      : null;
  // Tests run only where a person will look (or `sluice tool`, where the caller is the person):
  // a change approved unseen is not delayed by them.
  const plain = (): LiveCheck =>
    !diagnostics
      ? { kind: 'unchecked' }
      : diagnosticsLate
        ? { kind: 'ask', evidence, late: diagnosticsLate }
        : { kind: 'ask', evidence };
  if (!ctx.tests || wouldAsk === false) return plain();
  const lateTests = deferred<TestVerdict>();
  const tests = await ctx.tests.verdict({
    changes: [
      {
        path: proposal.path,
        after: proposal.after,
        before: proposal.isNewFile ? null : proposal.before,
      },
    ],
    key: `${conversationId ?? 'tool'}\0${proposal.path}`,
    deadlineMs: ctx.tests.liveDeadlineMs(),
    signal: ctx.signal,
    onLateResult: lateTests.resolve,
  });
  if (!tests) return plain();
  evidence = { ...evidence, tests };
  if (tests.newlyFailing.length > 0 && mayHoldBack() && diagnostics && conversationId) {
    diagnostics.heldBack.remember(conversationId, proposal.proposalHash);
    return {
      kind: 'held_back',
      result: { status: 'error', content: testsHeldBackMessage(proposal, tests) },
    };
  }
  const testsLate = tests.state === 'timed_out' ? lateTests.promise : null;
  if (!diagnosticsLate && !testsLate) return { kind: 'ask', evidence };
  // One late record carrying whatever arrived late: the checker's errors and the tests.
  const settled = evidence;
  const late = Promise.all([diagnosticsLate, testsLate]).then(([lateEvidence, lateVerdict]) => ({
    ...(lateEvidence ?? settled),
    tests: lateVerdict ?? tests,
  }));
  return { kind: 'ask', evidence, late };
}
