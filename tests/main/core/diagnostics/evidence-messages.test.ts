// "No new errors" only about what a checker checked (issue 28 item 4): when one language of a
// change was checked and another was not, every wording says which was not, and why.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { evidenceHeadline } from '../../../../src/shared/evidence-summary';
import {
  evidenceResultLine,
  overlayEvidenceLine,
} from '../../../../src/main/core/diagnostics/evidence-messages';

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
});
