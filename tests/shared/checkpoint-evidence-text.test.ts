import { describe, expect, it } from 'vitest';
import {
  checkedTextWords,
  checkpointEvidenceNote,
} from '../../src/shared/checkpoint-evidence-text';
import type { CheckpointEvidence } from '../../src/shared/contract/checkpoint-service';

const summary = (over: Partial<CheckpointEvidence> = {}): CheckpointEvidence => ({
  what: 'selection',
  checked: 'the 1 of 2 hunks you kept',
  errors: 'checked',
  tests: 'passed',
  languagesUnchecked: false,
  introducedCount: 0,
  fixedCount: 0,
  newlyFailingCount: 0,
  introduced: [],
  newlyFailing: [],
  complete: true,
  line: 'This change introduces no new errors (checked in 40 ms)',
  ...over,
});

describe('checkpoint evidence words', () => {
  it('checkedTextWords - names the text that was checked', () => {
    expect(checkedTextWords('proposal')).toBe('the change as proposed');
    expect(checkedTextWords('edited')).toBe('your edited version');
    expect(
      checkedTextWords('selection', {
        hunks: 2,
        wholeHunks: 1,
        partialHunks: 0,
        changedLines: 4,
        keptLines: 2,
      }),
    ).toBe('the 1 of 2 hunks you kept');
    expect(
      checkedTextWords('selection', {
        hunks: 2,
        wholeHunks: 0,
        partialHunks: 1,
        changedLines: 9,
        keptLines: 5,
      }),
    ).toBe('the 5 of 9 changed lines you kept');
    expect(checkedTextWords('selection')).toBe('the parts you kept');
  });

  it('checkpointEvidenceNote - what was found, clean only when every check ran', () => {
    expect(
      checkpointEvidenceNote(
        summary({ introducedCount: 2, newlyFailingCount: 1, tests: 'failed' }),
      ),
    ).toBe('checked: 2 errors introduced · 1 test newly failing (the 1 of 2 hunks you kept)');
    expect(
      checkpointEvidenceNote(summary({ what: 'edited', checked: 'your edited version' })),
    ).toBe('checked: clean (your edited version)');
    expect(checkpointEvidenceNote(summary({ complete: false, tests: 'timed_out' }))).toBe(
      'not fully checked when written (the 1 of 2 hunks you kept)',
    );
    expect(
      checkpointEvidenceNote(summary({ complete: false, introducedCount: 1, errors: 'checking' })),
    ).toBe('not fully checked when written: 1 error introduced so far (the 1 of 2 hunks you kept)');
    expect(checkpointEvidenceNote(summary({ tests: 'not_run' }))).toBe(
      'checked: no new errors · tests not run (the 1 of 2 hunks you kept)',
    );
    expect(checkpointEvidenceNote(summary({ errors: 'not_checked', tests: undefined }))).toBe(
      'not checked (the 1 of 2 hunks you kept)',
    );
    expect(checkpointEvidenceNote(summary({ languagesUnchecked: true, fixedCount: 1 }))).toBe(
      'checked: no new errors in what was checked · no newly failing tests · 1 fixed (the 1 of 2 hunks you kept)',
    );
  });
});
