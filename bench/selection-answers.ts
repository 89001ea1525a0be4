// One answer the selection bench times, as a person meets it: the proposal's own evidence
// shown with the request (the reference), or the evidence of a selection after a change of
// ticks, asked as the review screen asks (`first`, then `complete`). Each is timed from the
// ask to the first answer holding the changed file's errors, and checked for the truth: the
// breaking line's error when the text keeps it, no error at all when it does not. The bench
// then waits for the check to finish, so the next ask is timed on an idle checker.
import { performance } from 'node:perf_hooks';
import type { Decision } from '../src/shared/approvals';
import type { ProposalEvidence } from '../src/shared/diagnostics';
import { settleWithin } from '../src/shared/settle-within';
import type { ApprovalBroker } from '../src/main/core/approvals/approval-broker';
import type { Proposal } from '../src/main/core/edits/proposal';
import { checkLiveProposal } from '../src/main/core/evidence/live-evidence';
import { checkDecision } from '../src/main/core/project/decision-checks';
import type { ProjectChecks } from '../src/main/core/project/project-checks';
import { changedFileAnswered, type TimedSelection } from './selection-checks';
import type { TickChange } from './selection-proposal';

/**
 * How long the bench waits, untimed, for a check to finish before the next ask, so each ask
 * meets an idle checker: TypeScript 7 finishes a check it was asked to cancel, and the next
 * would be timed behind it.
 */
export const IDLE_WAIT_MS = 120_000;

export interface Sample {
  /** From the ask to the first answer holding the changed file's errors (or the last answer). */
  readonly shownMs: number;
  /** The first answer did not hold them. */
  readonly lacked: boolean;
  /** No answer held them. */
  readonly unseen: boolean;
  /** When the selection check itself held them (null: the reference, or never). */
  readonly knownMs: number | null;
  /** When every part was in (null: not within the bench's wait). */
  readonly completeMs: number | null;
  readonly fromMemory: boolean;
  /** Its changed file was checked ahead, while the person read (likely-selections.ts). */
  readonly checkedAhead: boolean;
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
 * The proposal checked as a live proposal is: the evidence shown with the request, updated as
 * the changed files' and then the complete evidence come (progress, late).
 */
export async function proposalAnswer(
  proposal: Proposal,
  checks: ProjectChecks,
  broker: ApprovalBroker,
): Promise<Sample> {
  const started = performance.now();
  const live = await checkLiveProposal(proposal, {
    diagnostics: checks.diagnostics,
    tests: checks.testRuns?.tests,
    approvals: broker,
    signal: new AbortController().signal,
  });
  const shown = firstShown(started);
  let completeMs: number | null = null;
  let lacked = true;
  if (live.kind === 'ask') {
    shown.look(live.evidence);
    lacked = shown.ms === null;
    live.progress?.((evidence) => shown.look(evidence));
    const late = live.late ? await settleWithin(live.late, IDLE_WAIT_MS, () => null) : null;
    shown.look(late);
    if (!live.late || late) completeMs = ms(started);
  }
  return {
    shownMs: shown.ms ?? ms(started),
    lacked,
    unseen: shown.ms === null,
    knownMs: null,
    completeMs,
    fromMemory: false,
    checkedAhead: false,
    wrong:
      live.kind === 'ask'
        ? wrongEvidence(shown.evidence, true, proposal.path)
        : `the proposal was ${live.kind}`,
  };
}

/**
 * One change of ticks, asked as the review screen asks: `first`, then, when that was not
 * everything, `complete` (answered when every part is in, or after COMPLETE_ANSWER_MS).
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
  if (first.accepted && !first.complete) {
    const rest = await ask('complete');
    if (rest.accepted) shown.look(rest.evidence);
  }
  const shownMs = shown.ms ?? ms(started);
  // Untimed: the check finishes before the next change.
  if (watch?.complete) await settleWithin(watch.complete, IDLE_WAIT_MS, () => null);
  const since = (at: number | null | undefined): number | null =>
    at != null && watch ? Math.round(at - watch.started) : null;
  return {
    shownMs,
    lacked,
    unseen: shown.ms === null,
    knownMs: since(watch?.knownAt),
    completeMs: since(watch?.completeAt),
    fromMemory: watch?.fromMemory ?? false,
    checkedAhead: watch?.checkedAhead ?? false,
    wrong: first.accepted
      ? wrongEvidence(shown.evidence, change.breaks, proposal.path)
      : `refused: ${first.reason}`,
  };
}
