// Where the evidence of a written text lives: the check of exactly the bytes a decision wrote
// (the proposal as shown, the hunks the person kept, their own version), kept by approval id
// beside the change's checkpoint. Implemented over the app DB by
// store/checkpoint-evidence-repository.ts.
import type { CheckedText } from '../../../shared/contract/checkpoint-service';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { SelectionCount } from '../../../shared/hunk-selection';

export interface KeptEvidence {
  readonly approvalId: string;
  readonly what: CheckedText;
  /** sha256 of the text written. */
  readonly textHash: string;
  readonly evidence: ProposalEvidence;
  /** Every check had finished (no error check or test run still going). */
  readonly complete: boolean;
  /** A selection's share of the proposal's hunks and lines. */
  readonly kept?: SelectionCount | undefined;
}

/** A record as stored: its evidence trimmed to a bounded size, the full counts beside it. */
export interface StoredEvidence extends KeptEvidence {
  readonly introducedCount: number;
  readonly fixedCount: number;
  readonly newlyFailingCount: number;
  readonly recordedAt: number;
}

export interface CheckpointEvidenceStore {
  /**
   * Keeps an approval's evidence, or updates it with a later result (the newest wins). A
   * complete record is never replaced by an incomplete one.
   */
  keep(record: KeptEvidence): void;
  /** What is kept for an approval; null when nothing is, or the record cannot be read. */
  read(approvalId: string): StoredEvidence | null;
}
