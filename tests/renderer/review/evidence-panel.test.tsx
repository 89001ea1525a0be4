import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EvidencePanel, SHOWN_ERRORS } from '../../../src/renderer/src/review/evidence-panel';
import { duration, errorsInHunk } from '../../../src/renderer/src/review/evidence-text';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const proposed = 'const a = 1;\nconst b = x;\nconst c = 3;\n';

function show(found: ProposalEvidence, notice?: string) {
  const fake = createFakeSluice();
  renderWithClient(
    <EvidencePanel
      evidence={found}
      proposedTexts={{ 'src/app.ts': proposed }}
      {...(notice ? { notice } : {})}
    />,
    fake,
  );
  return fake;
}

const panel = () => screen.getByRole('region', { name: /error/iu });

describe('EvidencePanel', () => {
  it('two introduced, one fixed - plural heading, the errors as a list, fixed folded away', () => {
    show(
      evidence({
        introduced: [
          diagnostic({ line: 2 }),
          diagnostic({ path: 'src/user.ts', line: 14, message: "Module has no member 'total'." }),
        ],
        fixed: [diagnostic({ path: 'src/old.ts', line: 3, message: 'Type error.' })],
      }),
    );
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      'This change introduces 2 errors · fixes 1',
    );
    const introduced = screen.getByRole('list', { name: 'Errors this change introduces' });
    const items = within(introduced).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("src/app.ts:2 Cannot find name 'x'.");
    expect(items[1]).toHaveTextContent("src/user.ts:14 Module has no member 'total'.");
    // Colour is not the only signal: each row says what it is in words.
    expect(items[0]).toHaveTextContent(/^error/u);
    const fixed = screen.getByTestId('evidence-fixed');
    expect(fixed).not.toHaveAttribute('open');
    expect(fixed).toHaveTextContent('Errors it fixes (1)');
    expect(screen.getByTestId('evidence-state')).toHaveTextContent('Checked in 420 ms');
  });

  it('one introduced - singular heading, no fixed section', () => {
    show(evidence({ introduced: [diagnostic()] }));
    expect(panel()).toHaveTextContent('This change introduces 1 error');
    expect(screen.getByTestId('evidence-heading').textContent).not.toMatch(/errors|fixes/u);
    expect(screen.queryByTestId('evidence-fixed')).toBeNull();
  });

  it('clean - "No new errors", no list', () => {
    show(evidence({ ms: 1234 }));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('No new errors');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByTestId('evidence-state')).toHaveTextContent('Checked in 1.2 s');
  });

  it('clean but fixes some - says both', () => {
    show(evidence({ fixed: [diagnostic(), diagnostic({ line: 9 })] }));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('No new errors · fixes 2');
  });

  it('checking - a polite live region that says so', () => {
    show(evidence({ state: 'checking', ms: 0 }));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Checking for errors…');
    expect(status).toHaveTextContent('You can approve or reject without waiting for it.');
  });

  it('changed files checked, importers still checking - says which were checked and what is still going', () => {
    show(
      evidence({
        state: 'checking',
        ms: 420,
        introduced: [diagnostic()],
        languages: [
          {
            language: 'typescript',
            state: 'checking',
            filesChecked: 1,
            ms: 420,
            reason:
              'the changed files are checked; the files that import them are still being checked',
          },
        ],
      }),
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent(
      'This change introduces 1 error in the changed files so far',
    );
    expect(screen.getByTestId('evidence-state')).toHaveTextContent(
      'Changed files checked in 420 ms; still checking the files that import them. You can approve or reject without waiting for it.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('timed out - says after how long, and to decide without it', () => {
    show(evidence({ state: 'timed_out', ms: 3000 }));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent(
      'No errors found before the deadline',
    );
    expect(screen.getByTestId('evidence-state')).toHaveTextContent(
      'Timed out after 3 s — approve or reject without it',
    );
  });

  it('timed out with errors found - lists them and says they were found before the deadline', () => {
    show(evidence({ state: 'timed_out', ms: 3000, introduced: [diagnostic()] }));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent(
      'This change introduces 1 error (found before the deadline)',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('not checked - says why, never "No new errors"', () => {
    show(
      evidence({
        state: 'not_checked',
        reason: 'no Go toolchain found',
        languages: [
          {
            language: 'go',
            state: 'not_checked',
            reason: 'no Go toolchain found',
            filesChecked: 0,
            ms: 0,
          },
        ],
      }),
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('Not checked for errors');
    expect(panel()).not.toHaveTextContent('No new errors');
    expect(screen.getByTestId('evidence-state')).toHaveTextContent(
      'Not checked: no Go toolchain found',
    );
  });

  it('one language of two not checked - named beside the result', () => {
    show(
      evidence({
        state: 'checked',
        languages: [
          { language: 'typescript', state: 'checked', filesChecked: 2, ms: 300 },
          {
            language: 'go',
            state: 'not_checked',
            reason: 'no Go toolchain found',
            filesChecked: 0,
            ms: 0,
          },
        ],
      }),
    );
    expect(panel()).toHaveTextContent('Go: not checked — no Go toolchain found');
  });

  it('a line of the changed file - opens in the proposed text, marked', async () => {
    show(evidence({ introduced: [diagnostic({ line: 2 })] }));
    fireEvent.click(screen.getByRole('button', { name: 'src/app.ts:2' }));
    const preview = await screen.findByTestId('line-preview');
    expect(preview).toHaveTextContent('as proposed');
    expect(preview).toHaveTextContent('const b = x;');
    expect(preview.querySelector('.code-gutter .marked')).toHaveTextContent('2');
  });

  it('a line of a dependent file - read from disk and opened there', async () => {
    const fake = createFakeSluice();
    fake.handle('project.readFile', ({ path }) => ({
      path,
      content: 'import { total } from "./app";\nexport const t = total();\n',
      truncated: false,
      binary: false,
    }));
    renderWithClient(
      <EvidencePanel
        evidence={evidence({ introduced: [diagnostic({ path: 'src/user.ts', line: 1 })] })}
        proposedTexts={{ 'src/app.ts': proposed }}
      />,
      fake,
    );
    fireEvent.click(screen.getByRole('button', { name: 'src/user.ts:1' }));
    const preview = await screen.findByTestId('line-preview');
    await waitFor(() => expect(preview).toHaveTextContent('import { total }'));
    expect(preview).toHaveTextContent('on disk');
    expect(fake.callsTo('project.readFile')).toEqual([{ path: 'src/user.ts' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByTestId('line-preview')).toBeNull();
  });

  it('a line past the end of the file - says so instead of an empty preview', async () => {
    show(evidence({ introduced: [diagnostic({ line: 40 })] }));
    fireEvent.click(screen.getByRole('button', { name: 'src/app.ts:40' }));
    expect(await screen.findByTestId('line-preview')).toHaveTextContent('line 40 is past its end');
  });

  it('very many errors - lists the first ones and says how many more', () => {
    const many = Array.from({ length: SHOWN_ERRORS + 5 }, (_, i) => diagnostic({ line: i + 1 }));
    show(evidence({ introduced: many }));
    expect(
      within(screen.getByRole('list', { name: 'Errors this change introduces' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(SHOWN_ERRORS);
    expect(panel()).toHaveTextContent(`This change introduces ${SHOWN_ERRORS + 5} errors`);
    expect(panel()).toHaveTextContent('And 5 more errors not listed here.');
  });

  it('a notice - said in the live region', () => {
    show(evidence(), 'Re-checking: the project changed since this set was made');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Re-checking: the project changed since this set was made',
    );
  });
});

describe('evidence text', () => {
  it('duration - milliseconds under a second, seconds above', () => {
    expect(duration(420)).toBe('420 ms');
    expect(duration(3000)).toBe('3 s');
    expect(duration(2450)).toBe('2.5 s');
    expect(duration(-1)).toBe('0 ms');
  });

  it('errorsInHunk - only errors of that file on the hunk new lines', () => {
    const hunk = { id: 'h1', oldStart: 10, oldLines: 3, newStart: 12, newLines: 4, lines: [] };
    const inside = diagnostic({ line: 14 });
    const found = errorsInHunk(hunk, 'src/app.ts', [
      diagnostic({ line: 11 }),
      inside,
      diagnostic({ line: 16 }),
      diagnostic({ path: 'src/other.ts', line: 14 }),
    ]);
    expect(found).toEqual([inside]);
    expect(errorsInHunk({ ...hunk, newLines: 0 }, 'src/app.ts', [inside])).toEqual([]);
  });
});
