// "No new errors" only about what a checker checked (issue 28 item 4): when one language of a
// change was checked and another was not, every wording says which was not, and why.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { evidenceHeadline } from '../../../../src/shared/evidence-summary';
import {
  evidenceResultLine,
  heldBackMessage,
  importersNotInWords,
  lateImportersLine,
  MODEL_LISTED,
  overlayEvidenceLine,
} from '../../../../src/main/core/evidence/error-words';
import { createProposal } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
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

const introducing = (count: number): ProposalEvidence => ({
  ...evidence([ts]),
  introduced: Array.from({ length: count }, (_, i) => ({
    path: 'src/a.ts',
    line: i + 1,
    column: 1,
    code: 'TS2304',
    message: `Cannot find name 'n${i + 1}'.`,
    lineText: '',
    source: 'typescript',
  })),
  fixed: [],
});

/** The "- file:line: message" lines the model reads, one per error. */
const errorLines = (text: string): string[] =>
  text.split('\n').filter((l) => /^- src\/a\.ts:\d+: /u.test(l));

describe('evidence wording - the model reads every introduced error up to 50', () => {
  it('62 introduced errors - 50 lines, then "and 12 more" and the change set check that lists them all', () => {
    const words = overlayEvidenceLine(introducing(62), 'set-7f3a');
    expect(MODEL_LISTED).toBe(50);
    expect(errorLines(words)).toHaveLength(50);
    expect(errorLines(words)[49]).toBe("- src/a.ts:50: Cannot find name 'n50'.");
    expect(words).toContain(
      "- src/a.ts:50: Cannot find name 'n50'.\n- and 12 more: `sluice check --proposal set-7f3a` lists them all\nRevise it unless a later edit fixes them.",
    );
    expect(words).not.toContain("'n51'");
  });

  it('50 introduced errors - every one listed, nothing counted', () => {
    for (const words of [
      overlayEvidenceLine(introducing(50), 'set-1'),
      evidenceResultLine(introducing(50)),
    ]) {
      expect(errorLines(words)).toHaveLength(50);
      expect(words).not.toContain('more:');
    }
  });

  it('a written edit - the rest are in the project, `sluice check` lists them', () => {
    const words = evidenceResultLine({ ...introducing(62), fixed: introducing(2).introduced });
    expect(words.split('\n')[0]).toBe('Checked before writing: this change introduces 62 errors:');
    expect(errorLines(words)).toHaveLength(50);
    expect(words).toMatch(
      /\n- and 12 more: the change is written, so `sluice check` in the project lists them with its other errors\nIt fixes 2 errors\.$/u,
    );
  });

  it('a timed-out written edit - what was found so far, listed the same way', () => {
    const words = evidenceResultLine({ ...introducing(51), state: 'timed_out', ms: 3000 });
    expect(words.split('\n')[0]).toBe(
      'Not fully checked before writing: the check timed out after 3 s; so far it introduces 51 errors:',
    );
    expect(errorLines(words)).toHaveLength(50);
    expect(
      words.endsWith(
        '- and 1 more: the change is written, so `sluice check` in the project lists them with its other errors',
      ),
    ).toBe(true);
  });

  it('a held-back edit - nothing holds the rest, so the words say the next check lists them', () => {
    const before = 'export const a = 1;\n';
    const proposal = createProposal({
      tool: 'edit_file',
      path: 'src/a.ts',
      isNewFile: false,
      before,
      after: 'export const a = n1;\n',
      format: detectFormat(before),
      baseHash: 'base',
      description: 'test',
    });
    const words = heldBackMessage(proposal, introducing(55));
    expect(errorLines(words)).toHaveLength(50);
    expect(words).toContain(
      '- and 5 more: not listed here; revise the change for these and its next check lists what remains\nRevise the change.',
    );
  });

  it('a change set not yet named - the words say where its ID is', () => {
    expect(overlayEvidenceLine(introducing(51))).toContain(
      "- and 1 more: `sluice check --proposal ID` (the change set's ID, from `sluice proposals`) lists them all",
    );
  });
});

describe('evidence wording - an overlay edit answered in part, and its importers after it', () => {
  const partial: ProposalEvidence = {
    ...introducing(1),
    state: 'checking',
    languages: [{ ...ts, state: 'checking' }],
  };

  it("the edit - the changed files' errors, and the promise of the importers' before the next edit", () => {
    expect(overlayEvidenceLine(partial, 'set-1')).toBe(
      "Not yet applied. Errors in the changed files: with all your changes so far, this change would introduce 1 error:\n- src/a.ts:1: Cannot find name 'n1'.\nThe files that import them are still being checked: their errors will be given to you before your next edit is checked.",
    );
    expect(overlayEvidenceLine({ ...partial, introduced: [] })).toBe(
      'Not yet applied. No new errors in the changed files; the files that import them are still being checked: their errors will be given to you before your next edit is checked.',
    );
  });

  it('the importers checked - the errors that arrived, one line each, up to 50 and the rest counted', () => {
    const complete = introducing(62);
    const words = lateImportersLine('src/a.ts', complete.introduced, complete, 'set-9');
    expect(words.split('\n')[0]).toBe(
      'Since your edit of src/a.ts: 62 errors in the files that import your changed files:',
    );
    expect(errorLines(words)).toHaveLength(50);
    expect(words).toContain(
      '- and 12 more: `sluice check --proposal set-9` lists them all\nRevise your changes unless a later edit fixes them.',
    );
    expect(lateImportersLine('src/a.ts', [], evidence([ts]), null)).toBe(
      'Since your edit of src/a.ts: the files that import your changed files were checked: no new errors there.',
    );
    expect(lateImportersLine('src/a.ts', [], evidence([ts, go]), null)).toBe(
      'Since your edit of src/a.ts: the files that import your changed files were checked: no new errors there. Not checked: go: no sandbox on this machine (bubblewrap (bwrap) is not installed).',
    );
  });

  it('a check that failed or stopped - words the model can act on, never silence', () => {
    expect(
      lateImportersLine(
        'src/a.ts',
        [],
        { ...evidence([]), state: 'not_checked', reason: 'the check failed: worker exited' },
        null,
      ),
    ).toBe(
      'Since your edit of src/a.ts: the files that import your changed files could not be checked: the check failed: worker exited.',
    );
    const stopped = {
      ...introducing(1),
      state: 'timed_out' as const,
      reason: 'TypeScript: stopped at the ceiling of 60 s',
    };
    expect(lateImportersLine('src/a.ts', stopped.introduced, stopped, null)).toBe(
      "Since your edit of src/a.ts: the files that import your changed files were not fully checked (TypeScript: stopped at the ceiling of 60 s); so far 1 error there:\n- src/a.ts:1: Cannot find name 'n1'.",
    );
    expect(importersNotInWords('src/a.ts', 30_000)).toBe(
      "Since your edit of src/a.ts: the files that import your changed files were not checked within 30 s (the check's deadline), so their errors are not known here; the change set's own check shows them to the person.",
    );
  });
});
