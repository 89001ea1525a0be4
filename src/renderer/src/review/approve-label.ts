// The primary button's words: what it writes, and what the check found in exactly that.
// "Approve all 2 hunks", "Approve 1 of 2 hunks with 2 errors", "Approve my version (not
// checked yet)": the person reads the consequence before pressing it.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { selectionWords, type SelectionCount } from '../../../shared/hunk-selection';

export interface ApproveLabelInput {
  /** Hunks can be ticked (more than one, an existing file). */
  readonly perHunk: boolean;
  readonly count: SelectionCount;
  /** The person's own text is what would be written. */
  readonly edited?: boolean;
  /** The evidence of exactly what would be written, as far as it got. */
  readonly evidence: ProposalEvidence | null;
  /** A check of this selection is still under way and nothing was found yet. */
  readonly pending: boolean;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** " with 2 errors", " with 3 failing tests", " with 1 error and 1 failing test", or "". */
export function problemsSuffix(evidence: ProposalEvidence | null): string {
  const errors = evidence?.introduced.length ?? 0;
  const failing = evidence?.tests?.newlyFailing.length ?? 0;
  const parts = [
    ...(errors ? [plural(errors, 'error', 'errors')] : []),
    ...(failing ? [plural(failing, 'failing test', 'failing tests')] : []),
  ];
  return parts.length ? ` with ${parts.join(' and ')}` : '';
}

export function approveLabel(input: ApproveLabelInput): string {
  const { count } = input;
  const what = input.edited
    ? 'Approve my version'
    : !input.perHunk || (count.hunks === 1 && count.keptLines === count.changedLines)
      ? 'Approve'
      : count.keptLines === 0
        ? 'Approve (no hunk ticked)'
        : `Approve ${selectionWords(count)}`;
  const problems = problemsSuffix(input.evidence);
  if (problems) return `${what}${problems}`;
  return input.pending ? `${what} (not checked yet)` : what;
}

/** Above the evidence: what it is the evidence of, when that is not the whole proposal. */
export function evidenceScope(count: SelectionCount, edited: boolean): string | null {
  if (edited) return 'For your version';
  if (count.keptLines === count.changedLines || count.keptLines === 0) return null;
  return `For the ${selectionWords(count)} selected`;
}
