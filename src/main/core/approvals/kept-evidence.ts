// What a file decision wrote, handed to whoever keeps its evidence with the checkpoint (the
// engine composes one over the selection checks and the app DB): the proposal as shown, the
// hunks or lines the person kept, or their own text. The broker names the text and where it
// came from; checking it is the keeper's business, and never holds up the write.
import type { CheckedText } from '../../../shared/contract/checkpoint-service';
import {
  countSelection,
  linesOfSelectors,
  type SelectionCount,
} from '../../../shared/hunk-selection';
import { missingCase } from '../../../shared/missing-case';
import type { Proposal } from '../edits/proposal';
import type { ApprovalResolution, WriteCall } from './approval-port';
import { callListener } from './call-listener';
import { decidedText } from './decision-resolution';

export interface WrittenText {
  readonly approvalId: string;
  readonly proposal: Proposal;
  readonly what: CheckedText;
  /** Exactly the text the decision writes. */
  readonly text: string;
  /** A selection's share of the proposal's hunks and lines. */
  readonly kept?: SelectionCount | undefined;
  /** The request's evidence as shown and its late result: the proposal's own. */
  readonly call: WriteCall;
}

/** Keeps the evidence of a written text. Contract: returns at once; a failure is its own. */
export type KeepEvidence = (written: WrittenText) => void;

/** The text a resolution writes and what it is of the proposal; null when nothing is written. */
export function writtenText(
  proposal: Proposal,
  resolution: ApprovalResolution,
  call: WriteCall,
): WrittenText | null {
  const { approvalId } = resolution;
  switch (resolution.outcome) {
    case 'denied':
    case 'rejected':
      return null;
    case 'approved':
      return { approvalId, proposal, what: 'proposal', text: proposal.after, call };
    case 'partially_approved': {
      const read = linesOfSelectors(proposal.hunks, resolution.hunkIds);
      const text = decidedText(proposal, resolution);
      return {
        approvalId,
        proposal,
        what: 'selection',
        text,
        ...('keys' in read ? { kept: countSelection(proposal.hunks, read.keys) } : {}),
        call,
      };
    }
    case 'edited': {
      const text = decidedText(proposal, resolution);
      // An edit that gives the proposal back unchanged writes what was shown and checked.
      const what = text === proposal.after ? 'proposal' : 'edited';
      return { approvalId, proposal, what, text, call };
    }
    default:
      return missingCase(resolution);
  }
}

/** Hands what a decision wrote to the keeper; the keeper's failure never reaches the decision. */
export function keepWrittenEvidence(
  keep: KeepEvidence | undefined,
  proposal: Proposal,
  resolution: ApprovalResolution,
  call: WriteCall,
): void {
  callListener(() => {
    const written = writtenText(proposal, resolution, call);
    if (!written) return;
    // Nobody keeps (so checks) a text other than the proposal: the model is told it is unchecked.
    if (keep) keep(written);
    else if (written.what !== 'proposal') call.onWrittenEvidence?.(null, true);
  });
}
