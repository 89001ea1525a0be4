import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HUNK_ERRORS_SHOWN } from '../../../src/renderer/src/review/hunk-view';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import { editRequest, ev } from '../support/agent-events';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

/** The primary button: "Approve", or "Approve all N hunks" with every hunk ticked. */
const PRIMARY_APPROVE = /^Approve( all \d+ hunks)?( with .+)?$/u;

function openReview(found: ProposalEvidence | undefined) {
  const fake = createFakeSluice();
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(editRequest(found ? { evidence: found } : {})));
  return fake;
}

const lateEvidence = (found: ProposalEvidence, approvalId = 'a1') =>
  ({
    type: 'approval_evidence',
    conversationId: 'c1',
    turnId: 't1',
    approvalId,
    evidence: found,
  }) as const;

describe('the review modal with evidence', () => {
  it('evidence - the panel sits above the diff, inside the dialog', () => {
    openReview(evidence({ introduced: [diagnostic({ line: 9, message: 'Bad c.' })] }));
    const dialog = screen.getByRole('dialog');
    const panel = within(dialog).getByRole('region', { name: /introduces 1 error/u });
    const firstHunk = within(dialog).getAllByTestId('hunk')[0];
    expect(
      panel.compareDocumentPosition(firstHunk as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('no evidence on the request - no panel (older engine, or checks turned off)', () => {
    openReview(undefined);
    expect(screen.queryByTestId('evidence-panel')).toBeNull();
  });

  it('per hunk - an error on a hunk new line shows in that hunk only', () => {
    // Hunk 1 covers new lines 1-2, hunk 2 new lines 8-9 (see editRequest).
    openReview(
      evidence({
        introduced: [
          diagnostic({ line: 9, message: "Cannot find name 'x'." }),
          diagnostic({ line: 5, message: 'Outside every hunk.' }),
          diagnostic({ path: 'src/user.ts', line: 1, message: 'Dependent file.' }),
        ],
      }),
    );
    const [first, second] = screen.getAllByTestId('hunk');
    expect(within(first as HTMLElement).queryByTestId('hunk-errors')).toBeNull();
    const errors = within(second as HTMLElement).getByRole('list', { name: 'Errors in hunk 2' });
    expect(within(errors).getAllByRole('listitem')).toHaveLength(1);
    expect(errors).toHaveTextContent("Line 9: Cannot find name 'x'.");
  });

  it('per hunk - many errors in one hunk: the first ones, then how many more', () => {
    openReview(
      evidence({
        introduced: Array.from({ length: HUNK_ERRORS_SHOWN + 3 }, (_, i) =>
          diagnostic({ line: 9, column: i + 1, message: `Problem ${i + 1}.` }),
        ),
      }),
    );
    const errors = screen.getByRole('list', { name: 'Errors in hunk 2' });
    expect(within(errors).getAllByRole('listitem')).toHaveLength(HUNK_ERRORS_SHOWN + 1);
    expect(errors).toHaveTextContent('And 3 more in this hunk (listed above the diff).');
  });

  it('checking - Approve stays enabled and approves at once', async () => {
    const fake = openReview(evidence({ state: 'checking', ms: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('Checking for errors…');
    // The label never reads as a clean check while the check is still going.
    const approve = screen.getByRole('button', { name: 'Approve all 2 hunks (still checking)' });
    expect(approve).toBeEnabled();
    await userEvent.click(approve);
    expect(fake.callsTo('approvals.decide')).toEqual([
      { approvalId: 'a1', proposalHash: 'hash-1', decision: { type: 'approve' } },
    ]);
  });

  it('approval_evidence - moves the open review from checking to what was found, keeping its state', async () => {
    const fake = openReview(evidence({ state: 'checking', ms: 0 }));
    // Something the person did in the review survives the update (same modal, not a new one).
    await userEvent.click(screen.getByRole('button', { name: 'Unified' }));
    fake.emit(
      'agent',
      lateEvidence(evidence({ state: 'checked', ms: 812, introduced: [diagnostic({ line: 2 })] })),
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('This change introduces 1 error');
    expect(status).toHaveTextContent('Checked in 812 ms');
    expect(screen.getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getAllByTestId('hunk')[0] as HTMLElement).getByTestId('hunk-errors'),
    ).toHaveTextContent("Line 2: Cannot find name 'x'.");
  });

  it('approval_evidence - from timed out to checked', () => {
    const fake = openReview(evidence({ state: 'timed_out', ms: 3000 }));
    expect(screen.getByTestId('evidence-state')).toHaveTextContent('Timed out after 3 s');
    fake.emit('agent', lateEvidence(evidence({ state: 'checked', ms: 4100 })));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('No new errors');
    expect(screen.getByTestId('evidence-state')).toHaveTextContent('Checked in 4.1 s');
  });

  it('approval_evidence for another approval - changes nothing here', () => {
    const fake = openReview(evidence({ state: 'checking', ms: 0 }));
    fake.emit('agent', lateEvidence(evidence({ state: 'checked' }), 'a-other'));
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('Checking for errors…');
  });

  it('approval_evidence for the second waiting approval - shown when it comes up', async () => {
    const fake = createFakeSluice();
    renderWithClient(<ReviewHost />, fake);
    fake.emit('agent', ev.approval(editRequest()));
    fake.emit(
      'agent',
      ev.approval(
        editRequest({
          approvalId: 'a2',
          proposalHash: 'hash-2',
          path: 'src/two.ts',
          evidence: evidence({ state: 'checking', ms: 0 }),
        }),
      ),
    );
    fake.emit('agent', lateEvidence(evidence({ introduced: [diagnostic()] }), 'a2'));
    await userEvent.click(screen.getByRole('button', { name: PRIMARY_APPROVE }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: /src\/two\.ts/u })).toBeInTheDocument(),
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent(
      'This change introduces 1 error',
    );
  });

  it('waiting at start - evidence from approvals.pending is shown', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.pending', () => [
      {
        ...editRequest({ evidence: evidence({ fixed: [diagnostic()] }) }),
        conversationId: 'c1',
        turnId: 't1',
      },
    ]);
    renderWithClient(<ReviewHost />, fake);
    expect(await screen.findByTestId('evidence-heading')).toHaveTextContent(
      'No new errors · fixes 1',
    );
  });
});
