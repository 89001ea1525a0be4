import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ApprovalRequest, Decision } from '../../../src/shared/approvals';
import type { TestVerdict } from '../../../src/shared/test-verdict';
import { editRequest, ev, threeHunkRequest, threeHunkText } from '../support/agent-events';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const bound = { approvalId: 'a1', proposalHash: 'hash-1' };

/** The whole proposal breaks two tests; what a selection or an edit breaks is checked apart. */
const twoFailing: TestVerdict = {
  state: 'failed',
  newlyFailing: [
    { name: 'a is ten', file: 'tests/app.test.ts', output: 'expected 1 to be 10' },
    { name: 'b is twenty', file: 'tests/app.test.ts', output: 'expected 2 to be 20' },
  ],
  flaky: [],
  alreadyFailing: [],
  passed: 3,
  ms: 800,
  checkedAt: '2026-11-26T12:00:00.000Z',
};

/** One hunk holding two separate changes (three unchanged lines between them). */
function twoChangeRequest(): ApprovalRequest {
  return editRequest({
    before: 'a\nb\nc\nd\ne\nf\n',
    after: 'A\nb\nc\nd\nE\nf\n',
    hunks: [
      {
        id: 'h1',
        oldStart: 1,
        oldLines: 6,
        newStart: 1,
        newLines: 6,
        lines: ['-a', '+A', ' b', ' c', ' d', '-e', '+E', ' f'],
      },
    ],
  });
}

/** The person's own text adds one error; any selection is clean. */
function openReview(request: ApprovalRequest = threeHunkRequest()) {
  const fake = createFakeSluice();
  const asked: Decision[] = [];
  fake.handle('approvals.checkDecision', ({ decision }) => {
    asked.push(decision);
    return {
      accepted: true,
      textHash: JSON.stringify(decision),
      complete: true,
      evidence: evidence({
        ms: 40,
        introduced: decision.type === 'edit' ? [diagnostic({ line: 1 })] : [],
      }),
    };
  });
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval({ ...request, evidence: evidence({ tests: twoFailing }) }));
  return { fake, asked };
}

async function untick(...hunks: number[]) {
  for (const n of hunks)
    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(`Include hunk ${n} `) }));
}

const editor = () => screen.getByRole('textbox', { name: /Final content of src\/app\.ts/u });
const applyButton = () => screen.getByTestId('review-apply-edit');
const versionRegion = () => screen.getByRole('region', { name: 'Your version against the file' });

describe('EditReview', () => {
  it('Edit - starts from the ticked hunks and, untouched, writes exactly them', async () => {
    const { fake, asked } = openReview();
    await untick(1, 2);
    await screen.findByRole('button', { name: 'Approve 1 of 3 hunks' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    expect(editor()).toHaveValue(threeHunkText([3]));
    expect(within(versionRegion()).getByRole('heading')).toHaveTextContent(
      'Your version is the 1 of 3 hunks selected',
    );
    // The button and the evidence are those of the selection, never the whole proposal's.
    expect(applyButton()).toHaveTextContent(/^Approve 1 of 3 hunks$/u);
    expect(screen.getByTestId('evidence-notice')).toHaveTextContent(
      'For the 1 of 3 hunks selected',
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('No new errors');
    expect(screen.queryByTestId('test-verdict-line')).toBeNull();

    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h3'] } },
    ]);
    // What was checked last is what was written; the unedited editor asked no check of its own.
    expect(asked.at(-1)).toEqual({ type: 'approve_hunks', hunkIds: ['h3'] });
    expect(asked.filter((decision) => decision.type !== 'approve_hunks')).toEqual([]);
  });

  it('Edit - everything ticked: the proposal as shown, with its own evidence', async () => {
    const { fake } = openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(editor()).toHaveValue(threeHunkText([1, 2, 3]));
    expect(within(versionRegion()).getByRole('heading')).toHaveTextContent(
      'Your version is the proposal as shown',
    );
    expect(applyButton()).toHaveTextContent(/^Approve all 3 hunks with 2 failing tests$/u);
    expect(screen.getByTestId('test-verdict-line')).toHaveTextContent('2 newly failing');
    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([{ ...bound, decision: { type: 'approve' } }]);
  });

  it('Edit - the person text is checked and written as their version', async () => {
    const { fake, asked } = openReview();
    await untick(1, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(editor(), '// mine{enter}');
    const mine = `${threeHunkText([3])}// mine\n`;
    await waitFor(() => expect(asked.at(-1)).toEqual({ type: 'edit', content: mine }));
    expect(await screen.findByTestId('evidence-notice')).toHaveTextContent('For your version');
    expect(within(versionRegion()).getByRole('heading')).toHaveTextContent(
      'Your version against the file',
    );
    await waitFor(() => expect(applyButton()).toHaveTextContent('Approve my version with 1 error'));
    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'edit', content: mine } },
    ]);
  });

  it('Edit - the draft survives Back; new ticks start the editor from them', async () => {
    openReview();
    await untick(1, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(editor(), '// mine');
    await userEvent.click(screen.getByRole('button', { name: 'Back to review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(editor()).toHaveValue(`${threeHunkText([3])}// mine`);

    await userEvent.click(screen.getByRole('button', { name: 'Back to review' }));
    await untick(2);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(editor()).toHaveValue(threeHunkText([2, 3]));
    expect(within(versionRegion()).getByRole('heading')).toHaveTextContent(
      'Your version is the 2 of 3 hunks selected',
    );
  });

  it('Edit - a split change: the editor holds what the ticked change writes', async () => {
    const { fake } = openReview(twoChangeRequest());
    await userEvent.click(screen.getByRole('button', { name: 'Split into 2 changes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include change 1\.1/u }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(editor()).toHaveValue('a\nb\nc\nd\nE\nf\n');
    // Once the selection's check is in (it is the same check as the review's).
    await waitFor(() => expect(applyButton()).toHaveTextContent(/^Approve 2 of 4 changed lines$/u));
    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1.2'] } },
    ]);
  });

  it('Edit - picked lines: the editor holds what the kept lines write', async () => {
    const { fake } = openReview(twoChangeRequest());
    await userEvent.click(screen.getByRole('button', { name: 'Pick lines' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Keep the removal of line 1:/u }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    // The added line kept, the removed one left: both lines are there.
    expect(editor()).toHaveValue('a\nA\nb\nc\nd\nE\nf\n');
    // Once the selection's check is in (it is the same check as the review's).
    await waitFor(() => expect(applyButton()).toHaveTextContent(/^Approve 3 of 4 changed lines$/u));
    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1@2', 'h1.2'] } },
    ]);
  });

  it('Edit - no hunk ticked: the file as it is, and nothing to approve untouched', async () => {
    const { fake } = openReview();
    await untick(1, 2, 3);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(editor()).toHaveValue(threeHunkText([]));
    expect(versionRegion()).toHaveTextContent('Your version leaves the file as it is.');
    expect(applyButton()).toHaveTextContent(/^Approve \(no hunk ticked\)$/u);
    expect(applyButton()).toBeDisabled();
    await userEvent.type(editor(), '// mine');
    await waitFor(() => expect(applyButton()).toBeEnabled());
    expect(fake.callsTo('approvals.decide')).toEqual([]);
  });

  it('Edit - ticks that cannot be written alone: the whole proposal, as the person version', async () => {
    const request = editRequest({
      before: 'x\ny',
      after: 'x\ny\nz',
      hunks: [
        {
          id: 'h1',
          oldStart: 1,
          oldLines: 2,
          newStart: 1,
          newLines: 3,
          lines: [
            ' x',
            '-y',
            '\\ No newline at end of file',
            '+y',
            '+z',
            '\\ No newline at end of file',
          ],
        },
      ],
    });
    const { fake } = openReview(request);
    await userEvent.click(screen.getByRole('button', { name: 'Pick lines' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Keep the removal of line 2:/u }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Keep added line 2:/u }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('note')).toHaveTextContent('cannot be written alone');
    expect(editor()).toHaveValue('x\ny\nz');
    await waitFor(() => expect(applyButton()).toHaveTextContent('Approve my version with 1 error'));
    await userEvent.click(applyButton());
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'edit', content: 'x\ny\nz' } },
    ]);
  });
});
