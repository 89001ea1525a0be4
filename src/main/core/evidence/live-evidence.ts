// A live edit's check before the gate: the proposal is checked against the disk
// within the live deadline. A change that introduces errors and that a person would be asked
// about goes back to the model unseen, once per proposal and conversation; the identical call
// again (or any call outside a conversation: `sluice tool`, where the person is the caller; or
// one a rule or the mode approves unseen) goes to the gate with its evidence. A check that times out does not hold anything back: the request shows "timed
// out" and the late result follows as `approval_evidence`.
// Then the tests, right after the type check and only for a change a person will
// be asked about: the affected tests run on the proposed text within their own live deadline;
// newly failing tests hold the change back the same way (once per proposal, sharing the
// diagnostics' memory), and a run past the deadline completes the evidence later.
// Then the person's PreToolUse hooks on the write tool, beside the tests, in a private copy
// with the proposed text (hooks/proposal-hooks.ts), for every change, seen or not, since the
// person asked for them: a block holds the change back the same way, with the hook's reason.
// Every hold-back is reported to the approval port (`heldBack`), so the audit trail counts the
// changes sent back to the model beside those the person was asked about.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { TestVerdict } from '../../../shared/test-verdict';
import { heldBackMessage, sentBackWords } from './error-words';
import { testsHeldBackMessage } from './test-words';
import { hooksHeldBackMessage, hookSentBackWords } from './hook-words';
import type { HooksEvidence } from '../../../shared/hooks-evidence';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { Proposal } from '../edits/proposal';
import type { ApprovalPort } from '../approvals/approval-port';

/**
 * A live check answers with the whole evidence when it comes within this long (a tenth of a
 * second reads as at once); past it, with the changed files' errors as soon as they are
 * checked, and the importers' complete the request when they arrive: the person reads the
 * diff with evidence instead of waiting for the whole deadline. The model still
 * reads the complete evidence when it comes within the live deadline (commit-change.ts).
 */
export const CHANGED_FILES_FIRST_MS = 100;

/** What a live check needs of the tool call: its checks, its gate's view and its conversation. */
export interface LiveCheckContext {
  readonly diagnostics?: ProjectDiagnostics | undefined;
  readonly tests?: ProjectTests | undefined;
  /** The person's PreToolUse hooks on the write tool, run on the proposed text. */
  readonly proposalHooks?: ProposalHooks | undefined;
  readonly approvals?: Pick<ApprovalPort, 'wouldAsk' | 'heldBack'> | undefined;
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly toolUseId?: string | undefined;
  readonly signal: AbortSignal;
}

/** The tool's result for a change held back: an error the model reads and can act on. */
export interface HeldBackResult {
  readonly status: 'error';
  readonly content: string;
  /** The step as the person reads it: the change went back to Claude, unseen. */
  readonly shownAs: string;
}

export type LiveCheck =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'held_back'; readonly result: HeldBackResult }
  | {
      readonly kind: 'ask';
      readonly evidence: ProposalEvidence;
      readonly late?: Promise<ProposalEvidence>;
      /**
       * The evidence is the changed files' (`checking`): until this time (ms since the epoch,
       * the live deadline) the complete evidence is worth waiting for before the model reads
       * the result, once the person has decided and the change is written.
       */
      readonly completeBy?: number;
      /** A timed-out check's changed files, answered before `late` (see WriteCall). */
      readonly progress?: (listener: (evidence: ProposalEvidence) => void) => void;
    };

/** The model's words and the person's for a change held back for its errors. */
function errorsHeldBack(proposal: Proposal, evidence: ProposalEvidence): HeldBackResult {
  return {
    status: 'error',
    content: heldBackMessage(proposal, evidence),
    shownAs: sentBackWords(proposal.path, evidence.introduced.length, 0),
  };
}

/** The same for a change held back for its newly failing tests. */
function testsHeldBack(proposal: Proposal, tests: TestVerdict): HeldBackResult {
  return {
    status: 'error',
    content: testsHeldBackMessage(proposal, tests),
    shownAs: sentBackWords(proposal.path, 0, tests.newlyFailing.length),
  };
}

/** The same for a change a hook blocked: the hook's reason, once. */
function hooksHeldBack(proposal: Proposal, hooks: HooksEvidence): HeldBackResult {
  return {
    status: 'error',
    content: hooksHeldBackMessage(proposal, hooks),
    shownAs: hookSentBackWords(proposal.path, hooks),
  };
}

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

/**
 * The one place a change is held back. Only in a conversation, only when a person would see
 * it (a change a rule or the mode approves unseen is written, and the model reads its errors in
 * the result), once per proposal: then it is remembered, reported to the approval port (the
 * audit counts it with what held it back) and answered with the model's words.
 */
function holdBackOnce(
  proposal: Proposal,
  ctx: LiveCheckContext,
  wouldAsk: boolean | undefined,
): (result: () => HeldBackResult, errors: number, failingTests: number) => LiveCheck | null {
  return (result, errors, failingTests) => {
    const { conversationId, signal, turnId, toolUseId } = ctx;
    // One memory per project: the checker's, else the hooks' (a project with no checker).
    const memory = ctx.diagnostics?.heldBack ?? ctx.proposalHooks?.heldBack;
    if (conversationId === undefined || wouldAsk !== true || !memory) return null;
    if (memory.has(conversationId, proposal.proposalHash)) return null;
    memory.remember(conversationId, proposal.proposalHash);
    const call = { signal, conversationId, turnId, toolUseId };
    ctx.approvals?.heldBack?.(proposal, call, { errors, failingTests });
    return { kind: 'held_back', result: result() };
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export async function checkLiveProposal(
  proposal: Proposal,
  ctx: LiveCheckContext,
): Promise<LiveCheck> {
  const diagnostics = ctx.diagnostics;
  if (!diagnostics && !ctx.tests && !ctx.proposalHooks) return { kind: 'unchecked' };
  const baseHashes = { [proposal.path]: proposal.baseHash };
  const lateDiagnostics = deferred<ProposalEvidence>();
  // The changed files of a timed-out check, kept until the request's listener is there.
  let progressed: ProposalEvidence | null = null;
  const listeners: ((evidence: ProposalEvidence) => void)[] = [];
  const progress = (listener: (evidence: ProposalEvidence) => void): void => {
    listeners.push(listener);
    if (progressed) listener(progressed);
  };
  let completed: ProposalEvidence | null = null;
  let completeBy: number | undefined;
  let evidence: ProposalEvidence;
  if (diagnostics) {
    const deadlineMs = diagnostics.liveDeadlineMs();
    const started = Date.now();
    const checked = await diagnostics.checkChange(
      [{ path: proposal.path, after: proposal.after }],
      {
        deadlineMs,
        changedFilesFirstAfterMs: CHANGED_FILES_FIRST_MS,
        signal: ctx.signal,
        onLateProgress: (partial) => {
          progressed = { ...partial, baseHashes };
          for (const listener of listeners) listener(progressed);
        },
        onLateResult: (late) => {
          completed = { ...late, baseHashes };
          lateDiagnostics.resolve(completed);
        },
      },
    );
    evidence = { ...checked, baseHashes };
    if (checked.state === 'checking') completeBy = started + deadlineMs;
  } else evidence = uncheckedEvidence(proposal);
  const wouldAsk = ctx.approvals?.wouldAsk?.(proposal);
  const holdBack = holdBackOnce(proposal, ctx, wouldAsk);
  const errorsHeld =
    evidence.introduced.length > 0
      ? holdBack(() => errorsHeldBack(proposal, evidence), evidence.introduced.length, 0)
      : null;
  if (errorsHeld) return errorsHeld;
  const pendingLate = (): Promise<ProposalEvidence> | null =>
    evidence.state === 'timed_out' || evidence.state === 'checking'
      ? lateDiagnostics.promise
      : null;
  // The person's hooks run on the proposed text beside the tests (each in its own copy); a
  // hold-back by the tests stops them.
  const hooks = startHooks(proposal, ctx);
  // Tests run only where a person will look (or `sluice tool`, where the caller is the person):
  // a change approved unseen is not delayed by them.
  let tests: TestVerdict | null = null;
  let testsLate: Promise<TestVerdict> | null = null;
  if (wouldAsk !== false) {
    const ran = await liveTests(proposal, ctx);
    tests = ran?.verdict ?? null;
    if (tests) {
      const verdict = tests;
      evidence = { ...evidence, tests: verdict };
      const testsHeld =
        verdict.newlyFailing.length > 0
          ? holdBack(() => testsHeldBack(proposal, verdict), 0, verdict.newlyFailing.length)
          : null;
      if (testsHeld) {
        hooks?.stop();
        return testsHeld;
      }
      // Past the deadline, or the first stage's verdict while the rest runs: the rest follows.
      if (verdict.state === 'timed_out' || verdict.state === 'running')
        testsLate = ran?.late ?? null;
      // The importers' errors that came while the tests ran are the request's evidence, and
      // may hold the change back as the changed files' would have.
      const done = completed as ProposalEvidence | null;
      if (evidence.state === 'checking' && done) {
        evidence = { ...done, tests: verdict };
        completeBy = undefined;
        const completeHeld =
          evidence.introduced.length > 0
            ? holdBack(() => errorsHeldBack(proposal, evidence), evidence.introduced.length, 0)
            : null;
        if (completeHeld) {
          hooks?.stop();
          return completeHeld;
        }
      }
    }
  }
  let hooksLate: Promise<HooksEvidence> | null = null;
  const part = hooks ? await hooks.first : null;
  if (part) {
    evidence = { ...evidence, hooks: part };
    const hooksHeld =
      part.state === 'blocked' ? holdBack(() => hooksHeldBack(proposal, part), 0, 0) : null;
    if (hooksHeld) return hooksHeld;
    if (part.state === 'running' && hooks) hooksLate = hooks.late;
  }
  if (!diagnostics && !tests && !part) return { kind: 'unchecked' };
  const stillLate = pendingLate();
  if (!stillLate && !testsLate && !hooksLate) return { kind: 'ask', evidence };
  return askWithLate(
    evidence,
    { errors: stillLate, tests: testsLate, hooks: hooksLate },
    progress,
    completeBy,
  );
}

/** The tests of a live proposal, with their late verdict; null when no runner handles it. */
async function liveTests(
  proposal: Proposal,
  ctx: LiveCheckContext,
): Promise<{ readonly verdict: TestVerdict; readonly late: Promise<TestVerdict> } | null> {
  if (!ctx.tests) return null;
  const late = deferred<TestVerdict>();
  const verdict = await ctx.tests.verdict({
    changes: [
      {
        path: proposal.path,
        after: proposal.after,
        before: proposal.isNewFile ? null : proposal.before,
      },
    ],
    key: `${ctx.conversationId ?? 'tool'}\0${proposal.path}`,
    deadlineMs: ctx.tests.liveDeadlineMs(),
    signal: ctx.signal,
    answerFirstStage: true,
    onLateResult: late.resolve,
  });
  return verdict ? { verdict, late: late.promise } : null;
}

/** The hooks of a live proposal, started in their copy; null when the project has none. */
function startHooks(
  proposal: Proposal,
  ctx: LiveCheckContext,
): {
  readonly first: Promise<HooksEvidence | null>;
  readonly late: Promise<HooksEvidence>;
  stop(): void;
} | null {
  const port = ctx.proposalHooks;
  if (!port) return null;
  const stopped = new AbortController();
  const late = deferred<HooksEvidence>();
  const first = port.check({
    files: [{ path: proposal.path, text: proposal.after, isNewFile: proposal.isNewFile }],
    conversationId: ctx.conversationId,
    toolUseId: ctx.toolUseId,
    key: `${ctx.conversationId ?? 'tool'}\0${proposal.path}`,
    deadlineMs: port.liveDeadlineMs(),
    signal: AbortSignal.any([ctx.signal, stopped.signal]),
    onLateResult: late.resolve,
  });
  return { first, late: late.promise, stop: () => stopped.abort() };
}

/** The parts still to come, each replacing its own part of the request's evidence. */
interface LateParts {
  readonly errors: Promise<ProposalEvidence> | null;
  readonly tests: Promise<TestVerdict> | null;
  readonly hooks: Promise<HooksEvidence> | null;
}

/** The request's evidence with one late record carrying whatever arrives late. */
function askWithLate(
  settled: ProposalEvidence,
  parts: LateParts,
  progress: (listener: (evidence: ProposalEvidence) => void) => void,
  completeBy: number | undefined,
): LiveCheck {
  // The tests' verdict and the hooks' part the request shows, kept on every later record.
  const kept = (evidence: ProposalEvidence): ProposalEvidence => ({
    ...evidence,
    ...(settled.tests ? { tests: settled.tests } : {}),
    ...(settled.hooks ? { hooks: settled.hooks } : {}),
  });
  const late = Promise.all([parts.errors, parts.tests, parts.hooks]).then(
    ([lateEvidence, lateVerdict, lateHooks]) => ({
      ...kept(lateEvidence ?? settled),
      ...(lateVerdict ? { tests: lateVerdict } : {}),
      ...(lateHooks ? { hooks: lateHooks } : {}),
    }),
  );
  return {
    kind: 'ask',
    evidence: settled,
    late,
    progress: (listener) => progress((partial) => listener(kept(partial))),
    ...(completeBy ? { completeBy } : {}),
  };
}
