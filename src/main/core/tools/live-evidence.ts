// A live edit's check before the gate (issue 24): the proposal is checked against the disk
// within the live deadline. A change that introduces errors and that a person would be asked
// about goes back to the model unseen, once per proposal and conversation; the identical call
// again (or any call outside a conversation: `sluice tool`, where the person is the caller; or
// one a rule or the mode approves unseen) goes to the gate with its evidence. A check that times out does not hold anything back: the request shows "timed
// out" and the late result follows as `approval_evidence`.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { heldBackMessage } from '../diagnostics/evidence-messages';
import type { ToolContext, ToolResult } from './tool';
import type { Proposal } from '../edits/proposal';

export type LiveCheck =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'held_back'; readonly result: ToolResult }
  | {
      readonly kind: 'ask';
      readonly evidence: ProposalEvidence;
      readonly late?: Promise<ProposalEvidence>;
    };

export async function checkLiveProposal(proposal: Proposal, ctx: ToolContext): Promise<LiveCheck> {
  const diagnostics = ctx.diagnostics;
  if (!diagnostics) return { kind: 'unchecked' };
  const baseHashes = { [proposal.path]: proposal.baseHash };
  let resolveLate: (evidence: ProposalEvidence) => void = () => undefined;
  const late = new Promise<ProposalEvidence>((resolve) => {
    resolveLate = resolve;
  });
  const checked = await diagnostics.checkChange([{ path: proposal.path, after: proposal.after }], {
    deadlineMs: diagnostics.liveDeadlineMs(),
    signal: ctx.signal,
    onLateResult: (evidence) => resolveLate({ ...evidence, baseHashes }),
  });
  const evidence: ProposalEvidence = { ...checked, baseHashes };
  const conversationId = ctx.conversationId;
  // Held back only when a person would see it: a change a rule or the mode approves unseen is
  // written, and the model reads its errors in the result.
  if (
    evidence.introduced.length > 0 &&
    conversationId !== undefined &&
    ctx.approvals?.wouldAsk?.(proposal) === true &&
    !diagnostics.heldBack.has(conversationId, proposal.proposalHash)
  ) {
    diagnostics.heldBack.remember(conversationId, proposal.proposalHash);
    return {
      kind: 'held_back',
      result: { status: 'error', content: heldBackMessage(proposal, evidence) },
    };
  }
  return evidence.state === 'timed_out'
    ? { kind: 'ask', evidence, late }
    : { kind: 'ask', evidence };
}
