// What the model reads about evidence: the hold-back of a live edit, the lines after a
// decision, the propose-mode note and, after it, what the files that import its changed files
// showed once they were checked. Every introduced error is listed, one line each, up to
// MODEL_LISTED; past that the rest are counted with where the whole list is ("and 12 more:
// `sluice check --proposal ID` lists them all"), so the model never guesses at what it missed.
import type { Diagnostic, ProposalEvidence } from '../../../shared/diagnostics';
import {
  changedFilesOnly,
  checkedLanguageNotes,
  diagnosticLine,
  durationText,
  uncheckedLanguages,
} from '../../../shared/evidence-summary';
import { missingCase } from '../../../shared/missing-case';
import type { Proposal } from '../edits/proposal';

/**
 * Errors listed to the model in one result (a hold-back, after a decision, in propose mode):
 * enough for a real breakage whole, bounded for a change that breaks a whole project.
 */
export const MODEL_LISTED = 50;

/** Where the errors past MODEL_LISTED can be read in full, said after their count. */
export type RestOfList =
  /** The change is written: the project's own check lists them. */
  | { readonly kind: 'written' }
  /** Held back, nothing written: nothing else holds them; the next check lists what remains. */
  | { readonly kind: 'held_back' }
  /** A change set (propose mode, `sluice mcp`): its check lists them. */
  | { readonly kind: 'change_set'; readonly id: string | null };

const errors = (n: number): string => `${n} error${n === 1 ? '' : 's'}`;

/** Ends a sentence without doubling the period an error message may end with. */
function sentence(text: string): string {
  return /[.!?]$/u.test(text) ? text : `${text}.`;
}

function whereTheRestIs(rest: RestOfList): string {
  switch (rest.kind) {
    case 'written':
      return 'the change is written, so `sluice check` in the project lists them with its other errors';
    case 'held_back':
      return 'not listed here; revise the change for these and its next check lists what remains';
    case 'change_set':
      return rest.id
        ? `\`sluice check --proposal ${rest.id}\` lists them all`
        : "`sluice check --proposal ID` (the change set's ID, from `sluice proposals`) lists them all";
    default:
      return missingCase(rest);
  }
}

/** "- file:line: message" for each introduced error up to MODEL_LISTED, then the rest counted. */
export function introducedList(evidence: ProposalEvidence, rest: RestOfList): string[] {
  const listed = evidence.introduced.slice(0, MODEL_LISTED).map((d) => `- ${diagnosticLine(d)}`);
  const more = evidence.introduced.length - listed.length;
  if (more > 0) listed.push(`- and ${more} more: ${whereTheRestIs(rest)}`);
  return listed;
}

/** A headline ending in ":" over the list, then what follows the list as its own line. */
function withList(
  headline: string,
  evidence: ProposalEvidence,
  rest: RestOfList,
  after = '',
): string {
  return [`${headline}:`, ...introducedList(evidence, rest), ...(after ? [after] : [])].join('\n');
}

/** " It fixes 2 errors." after a list, else nothing. */
function fixesAfter(evidence: ProposalEvidence): string {
  return evidence.fixed.length ? `It fixes ${errors(evidence.fixed.length)}.` : '';
}

/** "Note: python: …." after a list, else nothing. */
function notesAfter(evidence: ProposalEvidence): string {
  const said = checkedLanguageNotes(evidence);
  return said.length ? sentence(`Note: ${said.join('; ')}`) : '';
}

const joined = (...parts: string[]): string => parts.filter(Boolean).join(' ');

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
  return [
    `Not yet applied, and not shown to the person: this change to ${proposal.path} would introduce ${errors(evidence.introduced.length)}:`,
    ...introducedList(evidence, { kind: 'held_back' }),
    `Revise the change. If they are intended (a later edit fixes them), call ${proposal.tool} again with the same change and it is shown to the person with these errors.`,
  ].join('\n');
}

/** The evidence lines under a decided live edit's result: the change is written. */
export function evidenceResultLine(evidence: ProposalEvidence): string {
  const rest: RestOfList = { kind: 'written' };
  switch (evidence.state) {
    case 'checked':
      return evidence.introduced.length
        ? withList(
            `Checked before writing: this change introduces ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
            joined(fixesAfter(evidence), notesAfter(evidence)),
          )
        : sentence(`Checked before writing: ${noNewErrors(evidence)}${notes(evidence)}`);
    case 'timed_out': {
      const headline = `Not fully checked before writing: the check timed out after ${durationText(evidence.ms)}`;
      return evidence.introduced.length
        ? withList(
            `${headline}; so far it introduces ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
          )
        : sentence(headline);
    }
    case 'not_checked':
      return sentence(
        `Not checked before writing: ${evidence.reason ?? 'no checker for this file'}`,
      );
    case 'checking':
      if (!changedFilesOnly(evidence))
        return 'Not checked before writing: the check had not finished.';
      return evidence.introduced.length
        ? withList(
            `Checked in part before writing (the files that import the changed ones were still being checked): in the changed files, this change introduces ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
            fixesAfter(evidence),
          )
        : sentence(
            `Checked in part before writing: no new errors in the changed files${fixes(evidence)}; the files that import them were still being checked`,
          );
    default:
      return missingCase(evidence.state);
  }
}

/**
 * Propose mode and `sluice mcp`: the note under an edit that landed in the overlay, whose
 * change set is `changeSetId` (null while it has none).
 */
export function overlayEvidenceLine(
  evidence: ProposalEvidence,
  changeSetId: string | null = null,
): string {
  const rest: RestOfList = { kind: 'change_set', id: changeSetId };
  switch (evidence.state) {
    case 'checked':
      return evidence.introduced.length
        ? withList(
            `Not yet applied. With all your changes so far, this change would introduce ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
            joined(
              fixesAfter(evidence),
              notesAfter(evidence),
              'Revise it unless a later edit fixes them.',
            ),
          )
        : sentence(
            `Not yet applied. Checked with all your changes so far: ${noNewErrors(evidence)}${notes(evidence)}`,
          );
    case 'timed_out': {
      const headline = `Not yet applied. The check timed out after ${durationText(evidence.ms)}`;
      return evidence.introduced.length
        ? withList(
            `${headline}; so far this change would introduce ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
          )
        : sentence(headline);
    }
    case 'not_checked':
      return sentence(
        `Not yet applied. Not checked: ${evidence.reason ?? 'no checker for these files'}`,
      );
    case 'checking':
      if (!changedFilesOnly(evidence)) return 'Not yet applied. The check had not finished.';
      return evidence.introduced.length
        ? withList(
            `Not yet applied. Errors in the changed files: with all your changes so far, this change would introduce ${errors(evidence.introduced.length)}`,
            evidence,
            rest,
            joined(fixesAfter(evidence), `The files that import them ${IMPORTERS_FOLLOW}`),
          )
        : `Not yet applied. No new errors in the changed files${fixes(evidence)}; the files that import them ${IMPORTERS_FOLLOW}`;
    default:
      return missingCase(evidence.state);
  }
}

/** An overlay edit answered with its changed files' errors: what the model is promised. */
const IMPORTERS_FOLLOW =
  'are still being checked: their errors will be given to you before your next edit is checked.';

const IMPORTERS = 'the files that import your changed files';

/**
 * After an overlay edit answered with its changed files' errors: what the complete check found
 * since (`arrived`: the errors the edit's result did not list), said in the next result.
 */
export function lateImportersLine(
  path: string,
  arrived: readonly Diagnostic[],
  complete: ProposalEvidence,
  changeSetId: string | null,
): string {
  const since = `Since your edit of ${path}`;
  const listed = { ...complete, introduced: [...arrived] };
  const rest: RestOfList = { kind: 'change_set', id: changeSetId };
  switch (complete.state) {
    case 'checked': {
      const unchecked = uncheckedLanguages(complete);
      const notChecked = unchecked ? `Not checked: ${unchecked}.` : '';
      return arrived.length
        ? withList(
            `${since}: ${errors(arrived.length)} in ${IMPORTERS}`,
            listed,
            rest,
            joined('Revise your changes unless a later edit fixes them.', notChecked),
          )
        : joined(`${since}: ${IMPORTERS} were checked: no new errors there.`, notChecked);
    }
    case 'checking':
    case 'timed_out': {
      const headline = `${since}: ${IMPORTERS} were not fully checked (${complete.reason ?? 'the check stopped'})`;
      return arrived.length
        ? withList(`${headline}; so far ${errors(arrived.length)} there`, listed, rest)
        : sentence(headline);
    }
    case 'not_checked':
      return sentence(
        `${since}: ${IMPORTERS} could not be checked: ${complete.reason ?? 'no checker answered'}`,
      );
    default:
      return missingCase(complete.state);
  }
}

/** The complete check of an overlay edit did not come by its deadline. */
export function importersNotInWords(path: string, deadlineMs: number): string {
  return `Since your edit of ${path}: ${IMPORTERS} were not checked within ${durationText(deadlineMs)} (the check's deadline), so their errors are not known here; the change set's own check shows them to the person.`;
}
