// The evidence of what a decision on a waiting proposal would write (some hunks or lines, the
// person's own text), asked by a review screen before the person decides. The first answer
// comes within a glance (the changed files' errors); asked again with `complete`, it waits for
// the rest. The same text is answered from the selection checks' memory.
import type { ApprovalRequest, Decision } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import { settleWithin } from '../../../shared/settle-within';
import { positionedHunks } from '../edits/bounded-line-diff';
import { applySelectedHunks, UnknownHunkError } from '../edits/proposal';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { ApprovalBroker } from '../approvals/approval-broker';
import type {
  SelectionEvidence,
  SelectionTarget,
  SelectionUpdate,
} from '../evidence/selection-evidence';

export interface DecisionCheckInput {
  readonly approvalId: string;
  readonly proposalHash: string;
  readonly decision: Decision;
  /** `first`: what is known within a glance; `complete`: wait for every part (bounded). */
  readonly wait: 'first' | 'complete';
}

export type DecisionCheckAnswer =
  | {
      readonly accepted: true;
      /** Names the text checked: the same selection gives the same hash. */
      readonly textHash: string;
      readonly evidence: ProposalEvidence | null;
      readonly complete: boolean;
    }
  | { readonly accepted: false; readonly reason: string };

/**
 * The longest a first answer waits for the changed file's errors before giving what it has.
 * The check itself answers them by the live deadline (3 s unless changed), so this bound is
 * only reached when a longer deadline was chosen.
 */
export const FIRST_ANSWER_MS = 5_000;
/** How long one `complete` call waits before answering with what it has (asked again). */
export const COMPLETE_ANSWER_MS = 20_000;

export async function checkDecision(
  broker: ApprovalBroker,
  selection: SelectionEvidence | undefined,
  input: DecisionCheckInput,
): Promise<DecisionCheckAnswer> {
  const found = broker.decidedTextOf(input);
  if ('refused' in found) return { accepted: false, reason: found.refused };
  const { proposal, text } = found;
  const target = targetOf({ ...proposal, approvalId: input.approvalId }, proposal.baseHash, text);
  return checkText(selection, target, input.wait);
}

/**
 * The same for a request a screen holds (a turn's write, a change set's file under review):
 * the text is computed from the request itself. The broker's own check is `checkDecision`.
 */
export async function checkRequestDecision(
  selection: SelectionEvidence | undefined,
  request: ApprovalRequest,
  decision: Decision,
  wait: 'first' | 'complete',
): Promise<DecisionCheckAnswer> {
  let text: string;
  try {
    text = requestDecisionText(request, decision);
  } catch (error) {
    if (error instanceof UnknownHunkError) return { accepted: false, reason: error.message };
    throw error;
  }
  return checkText(selection, targetOf(request, request.proposalHash, text), wait);
}

function targetOf(
  on: { approvalId: string; path: string; isNewFile: boolean; before: string },
  baseHash: string,
  text: string,
): SelectionTarget {
  const before = on.isNewFile ? null : on.before;
  return { key: on.approvalId, path: on.path, before, baseHash, text };
}

function requestDecisionText(request: ApprovalRequest, decision: Decision): string {
  switch (decision.type) {
    case 'approve':
      return request.after;
    case 'approve_hunks':
      return applySelectedHunks(
        { before: request.before, after: request.after, hunks: positionedHunks(request.hunks) },
        decision.hunkIds,
      );
    case 'edit':
      return decision.content;
    case 'reject':
      throw new UnknownHunkError('a rejection writes nothing, so there is nothing to check.');
    default:
      return missingCase(decision);
  }
}

async function checkText(
  selection: SelectionEvidence | undefined,
  target: SelectionTarget,
  wait: 'first' | 'complete',
): Promise<DecisionCheckAnswer> {
  if (!selection?.checks) return { accepted: true, textHash: '', evidence: null, complete: true };
  let latest: SelectionUpdate | null = null;
  let changedFileIn: (update: SelectionUpdate) => void = () => undefined;
  // `first` answers as soon as the changed file's errors are in, as a proposal's evidence does;
  // the files that import it and the tests follow when the screen asks `complete`.
  const changedFile = new Promise<SelectionUpdate>((resolve) => {
    changedFileIn = resolve;
  });
  const started = selection.check(target, (update) => {
    latest = update;
    if (update.changedFile) changedFileIn(update);
  });
  const done =
    wait === 'first'
      ? await settleWithin(
          Promise.race([started.complete, changedFile]),
          FIRST_ANSWER_MS,
          () => null,
        )
      : await settleWithin(started.complete, COMPLETE_ANSWER_MS, () => null);
  const answer = done ?? (latest as SelectionUpdate | null);
  return {
    accepted: true,
    textHash: started.textHash,
    evidence: answer?.evidence ?? null,
    complete: answer?.complete ?? false,
  };
}
