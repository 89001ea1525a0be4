// What the model reads about evidence: the hold-back of a live edit, the one line
// after a decision, and the propose-mode note. Short by design: peers flood the context
// with diagnostics; here the list is capped and the rest counted ("and N more").
import type { ProposalEvidence } from '../../../shared/diagnostics';
import {
  changedFilesOnly,
  checkedLanguageNotes,
  diagnosticLines,
  durationText,
  uncheckedLanguages,
} from '../../../shared/evidence-summary';
import { missingCase } from '../../../shared/missing-case';
import type { Proposal } from '../edits/proposal';

/** Errors listed in a hold-back (the model needs them to revise). */
export const HELD_BACK_LISTED = 10;
/** Errors listed in the one line after a decision or in propose mode. */
export const RESULT_LINE_LISTED = 5;

const errors = (n: number): string => `${n} error${n === 1 ? '' : 's'}`;

/** Ends a sentence without doubling the period an error message may end with. */
function sentence(text: string): string {
  return /[.!?]$/u.test(text) ? text : `${text}.`;
}

function inline(evidence: ProposalEvidence): string {
  return diagnosticLines(evidence.introduced, RESULT_LINE_LISTED).join('; ');
}

function fixes(evidence: ProposalEvidence): string {
  return evidence.fixed.length ? `; it fixes ${errors(evidence.fixed.length)}` : '';
}

/** "no new errors", or, when a language was not checked, only about what was. */
function noNewErrors(evidence: ProposalEvidence): string {
  const unchecked = uncheckedLanguages(evidence);
  return unchecked
    ? `no new errors in what was checked${fixes(evidence)}; not checked: ${unchecked}`
    : `no new errors${fixes(evidence)}`;
}

/** "; note: python: …" for what a checked language left out, else nothing. */
function notes(evidence: ProposalEvidence): string {
  const said = checkedLanguageNotes(evidence);
  return said.length ? `; note: ${said.join('; ')}` : '';
}

/** The held-back step as the person reads it: what went back to Claude, before they saw it. */
export function sentBackWords(path: string, errorCount: number, failingCount: number): string {
  const what = [
    ...(errorCount ? [errors(errorCount)] : []),
    ...(failingCount ? [`${failingCount} failing test${failingCount === 1 ? '' : 's'}`] : []),
  ].join(' and ');
  return `Sent ${what} in ${path} back to Claude before showing you the change`;
}

export function heldBackMessage(proposal: Proposal, evidence: ProposalEvidence): string {
  const list = diagnosticLines(evidence.introduced, HELD_BACK_LISTED).map((l) => `- ${l}`);
  return [
    `Not yet applied, and not shown to the person: this change to ${proposal.path} would introduce ${errors(evidence.introduced.length)}:`,
    ...list,
    `Revise the change. If they are intended (a later edit fixes them), call ${proposal.tool} again with the same change and it is shown to the person with these errors.`,
  ].join('\n');
}

/** The evidence line under a decided live edit's result. */
export function evidenceResultLine(evidence: ProposalEvidence): string {
  switch (evidence.state) {
    case 'checked':
      return evidence.introduced.length
        ? sentence(
            `Checked before writing: this change introduces ${errors(evidence.introduced.length)}: ${inline(evidence)}${fixes(evidence)}${notes(evidence)}`,
          )
        : sentence(`Checked before writing: ${noNewErrors(evidence)}${notes(evidence)}`);
    case 'timed_out':
      return sentence(
        `Not fully checked before writing: the check timed out after ${durationText(evidence.ms)}${
          evidence.introduced.length
            ? `; so far it introduces ${errors(evidence.introduced.length)}: ${inline(evidence)}`
            : ''
        }`,
      );
    case 'not_checked':
      return sentence(
        `Not checked before writing: ${evidence.reason ?? 'no checker for this file'}`,
      );
    case 'checking':
      return changedFilesOnly(evidence)
        ? sentence(
            `Checked in part before writing: ${
              evidence.introduced.length
                ? `in the changed files, this change introduces ${errors(evidence.introduced.length)}: ${inline(evidence)}${fixes(evidence)}`
                : `no new errors in the changed files${fixes(evidence)}`
            }; the files that import them were still being checked`,
          )
        : 'Not checked before writing: the check had not finished.';
    default:
      return missingCase(evidence.state);
  }
}

/** Propose mode and `sluice mcp`: the note under an edit that landed in the overlay. */
export function overlayEvidenceLine(evidence: ProposalEvidence): string {
  switch (evidence.state) {
    case 'checked':
      return evidence.introduced.length
        ? `Not yet applied. With all your changes so far, this change would introduce ${errors(evidence.introduced.length)}: ${sentence(`${inline(evidence)}${fixes(evidence)}${notes(evidence)}`)} Revise it unless a later edit fixes them.`
        : sentence(
            `Not yet applied. Checked with all your changes so far: ${noNewErrors(evidence)}${notes(evidence)}`,
          );
    case 'timed_out':
      return sentence(
        `Not yet applied. The check timed out after ${durationText(evidence.ms)}${
          evidence.introduced.length
            ? `; so far this change would introduce ${errors(evidence.introduced.length)}: ${inline(evidence)}`
            : ''
        }`,
      );
    case 'not_checked':
      return sentence(
        `Not yet applied. Not checked: ${evidence.reason ?? 'no checker for these files'}`,
      );
    case 'checking':
      return changedFilesOnly(evidence)
        ? sentence(
            `Not yet applied. ${
              evidence.introduced.length
                ? `In the changed files, this change would introduce ${errors(evidence.introduced.length)}: ${inline(evidence)}`
                : 'No new errors in the changed files'
            }; the files that import them were still being checked`,
          )
        : 'Not yet applied. The check had not finished.';
    default:
      return missingCase(evidence.state);
  }
}
