// What the broker tells of a file proposal while it waits for the person, so work worth doing
// while they read the diff can be done then (the selections they are likely to make, checked
// ahead: evidence/likely-selections.ts) and stopped when they have decided.
// Contract: neither method throws or waits; each returns at once.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { Proposal } from '../edits/proposal';

export interface ProposalReading {
  /**
   * The proposal waits for the person under `approvalId`, shown with `evidence` (its own check's
   * first answer; absent when nothing was checked). A second call for the same id replaces the
   * first.
   */
  waiting(approvalId: string, proposal: Proposal, evidence: ProposalEvidence | undefined): void;
  /** Its wait ended: decided, dismissed, its turn aborted, the project closed. */
  ended(approvalId: string): void;
}
