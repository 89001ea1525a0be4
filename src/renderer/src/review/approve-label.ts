// The primary button's words: what it writes, and what the check found in exactly that.
// "Approve all 2 hunks", "Approve 1 of 2 hunks with 2 errors", "Approve my version (still
// checking)", "Approve 2 of 3 hunks (errors not checked)": the person reads the consequence
// before pressing it, and a check that did not finish never reads as a clean one. The inbox's
// "Accept selected" carries the same note (`checkNote`).
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { selectionWords, type SelectionCount } from '../../../shared/hunk-selection';
import { plural } from '../../../shared/plural';

/** How far the check of exactly what a button would write got. */
export interface CheckState {
  /** The evidence of exactly what would be written, as far as it got. */
  readonly evidence: ProposalEvidence | null;
  /** The check of what would be written has not finished (more of it will come). */
  readonly pending: boolean;
  /** The check of what would be written could not run at all. */
  readonly failed?: boolean;
}

export interface ApproveLabelInput extends CheckState {
  /** Hunks can be ticked (more than one, an existing file). */
  readonly perHunk: boolean;
  readonly count: SelectionCount;
  /** The person's own text is what would be written. */
  readonly edited?: boolean;
}

/** " with 2 errors", " with 3 failing tests", " with 1 error and 1 failing test", or "". */
export function problemsSuffix(evidence: ProposalEvidence | null): string {
  const errors = evidence?.introduced.length ?? 0;
  const failing = evidence?.tests?.newlyFailing.length ?? 0;
  const parts = [
    ...(errors ? [plural(errors, 'error')] : []),
    ...(failing ? [plural(failing, 'failing test')] : []),
  ];
  return parts.length ? ` with ${parts.join(' and ')}` : '';
}

/** What the errors check did not finish: "errors not checked", or null when it finished. */
function errorsGap(evidence: ProposalEvidence): string | null {
  switch (evidence.state) {
    case 'checking':
      return 'still checking';
    case 'not_checked':
      return 'errors not checked';
    case 'timed_out':
      return 'errors check timed out';
    default:
      return null;
  }
}

/** What the test run did not finish, said only where the label speaks of tests. */
function testsGap(evidence: ProposalEvidence): string | null {
  const tests = evidence.tests;
  if (!tests || tests.newlyFailing.length === 0) return null;
  if (tests.state === 'selecting' || tests.state === 'running') return 'tests still running';
  return tests.state === 'timed_out' ? 'tests timed out' : null;
}

/**
 * " (errors not checked)", " (still checking)", " (not checked)", or "" for a finished check.
 * Whatever is still running and not named otherwise (tests, hooks) reads "still checking".
 */
export function uncheckedSuffix(input: CheckState): string {
  if (input.failed) return ' (not checked)';
  const { evidence } = input;
  // No evidence and nothing running: nothing checks this project, and nothing is claimed.
  const errors = evidence ? errorsGap(evidence) : null;
  const tests = evidence && errors !== 'still checking' ? testsGap(evidence) : null;
  const gaps = [errors, tests].filter((gap): gap is string => gap !== null);
  if (gaps.length === 0 && input.pending) gaps.push('still checking');
  return gaps.length ? ` (${gaps.join(', ')})` : '';
}

export function approveLabel(input: ApproveLabelInput): string {
  const { count } = input;
  if (!input.edited && input.perHunk && count.keptLines === 0) return 'Approve (no hunk ticked)';
  const what = input.edited
    ? 'Approve my version'
    : !input.perHunk || (count.hunks === 1 && count.keptLines === count.changedLines)
      ? 'Approve'
      : `Approve ${selectionWords(count)}`;
  return `${what}${checkNote(input)}`;
}

/** What the check found and what it did not finish: " with 1 error (still checking)", or "". */
export function checkNote(check: CheckState): string {
  return `${problemsSuffix(check.evidence)}${uncheckedSuffix(check)}`;
}

/** Above the evidence: what it is the evidence of, when that is not the whole proposal. */
export function evidenceScope(count: SelectionCount, edited: boolean): string | null {
  if (edited) return 'For your version';
  if (count.keptLines === count.changedLines || count.keptLines === 0) return null;
  return `For the ${selectionWords(count)} selected`;
}
