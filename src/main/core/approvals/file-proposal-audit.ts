// What the audit trail records of a file proposal when it reaches the gate (or is held back
// before it): where it came from, the hashes, the diff, and the policy's verdict on it.
import type { ProposalAuditEntry } from '../store/approval-audit-records';
import { sha256, type Proposal } from '../edits/proposal';
import { callOrigin, type WriteCall } from './approval-port';
import type { PolicyVerdict } from './policy';

export function fileProposalEntry(
  approvalId: string,
  proposal: Proposal,
  call: WriteCall,
  verdict: PolicyVerdict,
  createdAt: number,
): ProposalAuditEntry {
  return {
    approvalId,
    ...callOrigin(call),
    tool: proposal.tool,
    path: proposal.path,
    baseHash: proposal.baseHash,
    proposalHash: proposal.proposalHash,
    afterHash: sha256(proposal.after),
    description: proposal.description,
    unifiedDiff: proposal.unifiedDiff,
    policyAction: verdict.action,
    policyReason: verdict.reason,
    protectedPath: verdict.protectedPath,
    coarseDiff: proposal.coarseDiff,
    createdAt,
  };
}
