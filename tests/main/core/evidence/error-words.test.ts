// "No new errors" only about what a checker checked (issue 28 item 4): when one language of a
// change was checked and another was not, every wording says which was not, and why.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { evidenceHeadline } from '../../../../src/shared/evidence-summary';
import {
  evidenceResultLine,
  overlayEvidenceLine,
} from '../../../../src/main/core/evidence/error-words';
import { renderEvidence } from '../../../../src/cli/evidence-lines';
import { languageNotes } from '../../../../src/renderer/src/review/evidence-text';

const evidence = (languages: ProposalEvidence['languages']): ProposalEvidence => ({
  state: 'checked',
  ms: 120,
  introduced: [],
  fixed: [],
  languages,
  checkedAt: '2026-01-01T00:00:00.000Z',
  baseHashes: {},
});

const ts = { language: 'typescript', state: 'checked' as const, filesChecked: 2, ms: 100 };
const go = {
  language: 'go',
  state: 'not_checked' as const,
  reason: 'no sandbox on this machine (bubblewrap (bwrap) is not installed)',
  filesChecked: 0,
  ms: 1,
};

describe('evidence wording', () => {
  it('every language checked - "no new errors"', () => {
    expect(evidenceResultLine(evidence([ts]))).toBe('Checked before writing: no new errors.');
    expect(evidenceHeadline(evidence([ts]))).toBe(
      'This change introduces no new errors (checked in 120 ms)',
    );
  });

  it('one language not checked - "no new errors" only about what was, and what was not', () => {
    const partial = evidence([ts, go]);
    expect(evidenceResultLine(partial)).toBe(
      'Checked before writing: no new errors in what was checked; not checked: go: no sandbox on this machine (bubblewrap (bwrap) is not installed).',
    );
    expect(overlayEvidenceLine(partial)).toContain('not checked: go: no sandbox on this machine');
    expect(evidenceHeadline(partial)).toBe(
      'No new errors in what was checked (checked in 120 ms); not checked: go: no sandbox on this machine (bubblewrap (bwrap) is not installed)',
    );
  });

  it('a checked language that left something out - said to the model and on a terminal', () => {
    const python = {
      language: 'python',
      state: 'checked' as const,
      filesChecked: 1,
      ms: 90,
      reason:
        'pyright sees a new module only once it is on disk, so the files that import helpers.py (app.py) were not checked against it',
    };
    const noted = evidence([python]);
    expect(evidenceResultLine(noted)).toBe(
      'Checked before writing: no new errors; note: python: pyright sees a new module only once it is on disk, so the files that import helpers.py (app.py) were not checked against it.',
    );
    expect(overlayEvidenceLine(noted)).toContain('; note: python: pyright sees a new module');
    expect(renderEvidence(noted, false)).toBe(
      'This change introduces no new errors (checked in 120 ms)\n  python: pyright sees a new module only once it is on disk, so the files that import helpers.py (app.py) were not checked against it\n',
    );
    expect(languageNotes(noted)).toEqual([
      'Python: pyright sees a new module only once it is on disk, so the files that import helpers.py (app.py) were not checked against it',
    ]);
  });
});
