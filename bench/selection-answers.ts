// One answer the selection bench times, as a person meets it: the proposal's own evidence
// shown with the request (the reference), or the evidence of a selection after a change of
// ticks, asked as the review screen asks (`first`, then `complete`). Each is timed from the
// ask to the first answer holding the changed file's errors, and checked for the truth: the
// breaking line's error when the text keeps it, no error at all when it does not.
import { performance } from 'node:perf_hooks';
import type { Decision } from '../src/shared/approvals';
import type { ProposalEvidence } from '../src/shared/diagnostics';
import { settleWithin } from '../src/shared/settle-within';
import type { ApprovalBroker } from '../src/main/core/approvals/approval-broker';
import type { Proposal } from '../src/main/core/edits/proposal';
import { checkLiveProposal } from '../src/main/core/evidence/live-evidence';
import { checkDecision, COMPLETE_ANSWER_MS } from '../src/main/core/project/decision-checks';
import type { ProjectChecks } from '../src/main/core/project/project-checks';
import { changedFileAnswered, type TimedSelection } from './selection-checks';
import type { TickChange } from './selection-proposal';

/**
 * How long the person waits for the evidence before changing the ticks again: one `complete`
 * ask of the review. Waiting matters: TypeScript 7 finishes a check it was asked to cancel, so
 * a change made sooner would wait behind the last one's importers.
 */
export const WAIT_MS = Number(process.env.BENCH_SELECTION_WAIT_MS) || COMPLETE_ANSWER_MS;

export interface Sample {
  /** From the ask to the first answer holding the changed file's errors (or the wait). */
  readonly shownMs: number;
  /** The first answer did not hold them. */
  readonly lacked: boolean;
  /** Not shown before the person moved on: counted as the wait. */
  readonly unseen: boolean;
  /** When the selection check itself held them (null: the reference, or never). */
  readonly knownMs: number | null;
  /** Null: not complete before the person moved on. */
  readonly completeMs: number | null;
  readonly fromMemory: boolean;
  readonly wrong: string | null;
}

export const ms = (from: number): number => Math.round(performance.now() - from);

/** What the evidence should say: the breaking line's error in the file, or no error at all. */
function wrongEvidence(
  evidence: ProposalEvidence | null,
  breaks: boolean,
  file: string,
): string | null {
  // None shown within the wait is counted as not shown, not as wrong.
  if (!evidence) return null;
  const here = evidence.introduced.filter((d) => d.path === file);
  if (breaks && !here.length) return `the breaking line's error is missing (${evidence.state})`;
  const first = evidence.introduced[0];
  if (!breaks && first)
    return `${evidence.introduced.length} error(s) for a benign selection: ${first.path}:${first.line} ${first.message.split('\n')[0]}`;
  return null;
}

/** The first time evidence holds the changed file's errors, from `started`. */
function firstShown(started: number): {
  look(evidence: ProposalEvidence | null | undefined): void;
  readonly ms: number | null;
  readonly evidence: ProposalEvidence | null;
} {
  let at: number | null = null;
  let shown: ProposalEvidence | null = null;
  return {
    look(evidence) {
      if (at !== null || !evidence || !changedFileAnswered(evidence)) return;
      at = ms(started);
      shown = evidence;
    },
    get ms() {
      return at;
    },
    get evidence() {
      return shown;
    },
  };
}

/**
 * The proposal checked as a live proposal is: the evidence shown with the request (and its
 * changed files', when that came later); the bench waits for the rest as for a selection.
 */
export async function proposalAnswer(
  proposal: Proposal,
  checks: ProjectChecks,
  broker: ApprovalBroker,
): Promise<Sample> {
  const stop = new AbortController();
  const started = performance.now();
  const live = await checkLiveProposal(proposal, {
    diagnostics: checks.diagnostics,
    tests: checks.testRuns?.tests,
    approvals: broker,
    signal: stop.signal,
  });
  const shown = firstShown(started);
  let completeMs: number | null = null;
  let lacked = true;
  if (live.kind === 'ask') {
    shown.look(live.evidence);
    lacked = shown.ms === null;
    live.progress?.((evidence) => shown.look(evidence));
    if (!live.late) completeMs = ms(started);
    else {
      const late = await settleWithin(live.late, Math.max(0, WAIT_MS - ms(started)), () => null);
      if (late) {
        shown.look(late);
        completeMs = ms(started);
      }
    }
  }
  stop.abort();
  return {
    shownMs: shown.ms ?? WAIT_MS,
    lacked,
    unseen: shown.ms === null,
    knownMs: null,
    completeMs,
    fromMemory: false,
    wrong:
      live.kind === 'ask'
        ? wrongEvidence(shown.evidence, true, proposal.path)
        : `the proposal was ${live.kind}`,
  };
}

/**
 * One change of ticks, asked as the review screen asks: `first`, then `complete`; past the
 * wait the person moves on, and the next change stops a check still running.
 */
export async function tickAnswer(
  change: TickChange,
  proposal: Proposal,
  approvalId: string,
  broker: ApprovalBroker,
  selection: TimedSelection,
): Promise<Sample> {
  const decision: Decision = { type: 'approve_hunks', hunkIds: change.selectors };
  const ask = (wait: 'first' | 'complete') =>
    checkDecision(broker, selection, {
      approvalId,
      proposalHash: proposal.proposalHash,
      decision,
      wait,
    });
  const started = performance.now();
  const first = await ask('first');
  const watch = selection.last;
  const shown = firstShown(started);
  if (first.accepted) shown.look(first.evidence);
  const lacked = shown.ms === null;
  let completeMs = first.accepted && first.complete ? ms(started) : null;
  if (first.accepted && !first.complete) {
    const rest = ask('complete').catch(() => null);
    const later = await settleWithin(rest, Math.max(0, WAIT_MS - ms(started)), () => null);
    if (later?.accepted) {
      shown.look(later.evidence);
      if (later.complete) completeMs = ms(started);
    }
  }
  return {
    shownMs: shown.ms ?? WAIT_MS,
    lacked,
    unseen: shown.ms === null,
    knownMs: watch?.knownAt != null ? Math.round(watch.knownAt - watch.started) : null,
    completeMs,
    fromMemory: watch?.fromMemory ?? false,
    wrong: first.accepted
      ? wrongEvidence(shown.evidence, change.breaks, proposal.path)
      : `refused: ${first.reason}`,
  };
}
