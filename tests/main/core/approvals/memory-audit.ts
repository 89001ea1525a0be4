// An audit that keeps entries in memory, for the broker tests (the app and the CLI record
// into the app DB through store/approval-audit-repository.ts).
import type {
  ApprovalAudit,
  DecisionAuditEntry,
  HeldBackAuditEntry,
  ProposalAuditEntry,
} from '../../../../src/main/core/store/approval-audit-records';

export function createMemoryAudit(): ApprovalAudit & {
  proposals: ProposalAuditEntry[];
  decisions: DecisionAuditEntry[];
  heldBack: HeldBackAuditEntry[];
  applications: Array<{ approvalId: string; applied: boolean; detail: string | null }>;
} {
  const proposals: ProposalAuditEntry[] = [];
  const decisions: DecisionAuditEntry[] = [];
  const heldBack: HeldBackAuditEntry[] = [];
  const applications: Array<{ approvalId: string; applied: boolean; detail: string | null }> = [];
  return {
    proposals,
    decisions,
    heldBack,
    applications,
    recordProposal: (entry) => void proposals.push(entry),
    recordDecision: (entry) => void decisions.push(entry),
    recordHeldBack: (entry) => void heldBack.push(entry),
    recordApplication: (approvalId, result) =>
      void applications.push({
        approvalId,
        applied: result.applied,
        detail: result.applied ? result.checkpointId : result.reason,
      }),
  };
}
