// The few words a checkpoint list shows for the evidence of the text a decision wrote:
// `sluice checkpoints` and the turn's "Files changed" list in the app. Said of exactly what
// was written (the hunks kept, the person's own version), and never "clean" for a check that
// did not finish or did not run.
import type { CheckedText, CheckpointEvidence } from './contract/checkpoint-service';
import { selectionWords, type SelectionCount } from './hunk-selection';
import { missingCase } from './missing-case';
import { plural } from './plural';

/** "the change as proposed", "the 1 of 2 hunks you kept", "your edited version". */
export function checkedTextWords(what: CheckedText, kept?: SelectionCount): string {
  switch (what) {
    case 'proposal':
      return 'the change as proposed';
    case 'selection': {
      const words = kept ? selectionWords(kept) : '';
      return /^\d/u.test(words) ? `the ${words} you kept` : 'the parts you kept';
    }
    case 'edited':
      return 'your edited version';
    default:
      return missingCase(what);
  }
}

/** Every check ran over everything it should and found nothing. */
function isClean(evidence: CheckpointEvidence): boolean {
  return (
    evidence.complete &&
    evidence.errors === 'checked' &&
    !evidence.languagesUnchecked &&
    evidence.introducedCount === 0 &&
    evidence.newlyFailingCount === 0 &&
    (evidence.tests === undefined || evidence.tests === 'passed')
  );
}

/**
 * "checked: 2 errors introduced · 1 test newly failing (the 1 of 2 hunks you kept)",
 * "checked: clean (your edited version)", "not fully checked when written (the change as
 * proposed)".
 */
export function checkpointEvidenceNote(evidence: CheckpointEvidence): string {
  const about = `(${evidence.checked})`;
  const found = [
    evidence.introducedCount ? `${plural(evidence.introducedCount, 'error')} introduced` : '',
    evidence.newlyFailingCount ? `${plural(evidence.newlyFailingCount, 'test')} newly failing` : '',
  ].filter(Boolean);
  if (!evidence.complete)
    return found.length
      ? `not fully checked when written: ${found.join(' · ')} so far ${about}`
      : `not fully checked when written ${about}`;
  if (found.length) return `checked: ${found.join(' · ')} ${about}`;
  const fixed = evidence.fixedCount ? ` · ${evidence.fixedCount} fixed` : '';
  if (isClean(evidence)) return `checked: clean${fixed} ${about}`;
  const testsRan = evidence.tests !== undefined && evidence.tests !== 'not_run';
  if (evidence.errors !== 'checked' && !testsRan) return `not checked ${about}`;
  const parts = [
    evidence.errors !== 'checked'
      ? 'errors not checked'
      : evidence.languagesUnchecked
        ? 'no new errors in what was checked'
        : 'no new errors',
    evidence.tests === 'not_run' ? 'tests not run' : testsRan ? 'no newly failing tests' : '',
  ].filter(Boolean);
  return `checked: ${parts.join(' · ')}${fixed} ${about}`;
}

/** Whether the note tells of something wrong (errors or failing tests): shown louder. */
export function checkpointEvidenceFoundProblems(evidence: CheckpointEvidence): boolean {
  return evidence.introducedCount > 0 || evidence.newlyFailingCount > 0;
}
