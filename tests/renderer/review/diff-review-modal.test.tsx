import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { Hunk } from '../../../src/shared/approvals';
import { editRequest, ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

/** The primary button: "Approve", or "Approve all N hunks" with every hunk ticked. */
const PRIMARY_APPROVE = /^Approve( all \d+ hunks)?( with .+)?$/u;

function openReview(request = editRequest()) {
  const fake = createFakeSluice();
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(request));
  return fake;
}

const bound = { approvalId: 'a1', proposalHash: 'hash-1' };

describe('DiffReviewModal', () => {
  it('opens on approval_request - shows path, description and the diff of each hunk', async () => {
    openReview();
    const dialog = screen.getByRole('dialog', { name: /Edit src\/app\.ts/ });
    expect(dialog).toHaveTextContent('Bump the constants');
    expect(screen.getAllByTestId('hunk')).toHaveLength(2);
    await waitFor(() => expect(dialog).toHaveTextContent('const a = 10;'));
    expect(dialog).toHaveTextContent('@@ -8,2 +8,2 @@');
  });

  it('diff - lines are syntax highlighted by the renderer highlighter, word marks kept', async () => {
    openReview();
    const dialog = screen.getByRole('dialog', { name: /Edit src\/app\.ts/ });
    await waitFor(() => expect(dialog.querySelector('.hljs-keyword')).not.toBeNull());
    expect(dialog.querySelector('.hljs-keyword')).toHaveTextContent('const');
    // "1" became "10": the added character is marked inside the highlighted number token.
    expect(dialog.querySelector('.hljs-number ins')).toHaveTextContent(/^0$/);
  });

  it('Approve - sends exactly {type: approve} bound to the proposal', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('button', { name: PRIMARY_APPROVE }));
    expect(fake.callsTo('approvals.decide')).toEqual([{ ...bound, decision: { type: 'approve' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Reject with reason - sends the typed reason', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const reason = screen.getByRole('textbox', { name: /Why reject/ });
    expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Keep a at 1');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'reject', reason: 'Keep a at 1' } },
    ]);
  });

  it('Reject without reason - sends no reason field', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(fake.callsTo('approvals.decide')).toEqual([{ ...bound, decision: { type: 'reject' } }]);
  });

  it('Edit - sends the edited text as the content', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: /Final content of src\/app\.ts/ });
    expect(editor).toHaveValue(editRequest().after);
    await userEvent.clear(editor);
    await userEvent.type(editor, 'const a = 42;');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve my version' }));
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'edit', content: 'const a = 42;' } },
    ]);
  });

  it('Approve - with a hunk unticked, says so and writes only the ticked hunk', async () => {
    const fake = openReview();
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    expect(screen.queryByText('not included')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 2/ }));
    expect(screen.getByText('1 of 2 hunks selected')).toBeInTheDocument();
    // Marked in words (not only by dimming, which would fail contrast): only hunk 2.
    expect(screen.getByRole('region', { name: 'Hunk 2' })).toHaveTextContent('not included');
    expect(screen.getByRole('region', { name: 'Hunk 1' })).not.toHaveTextContent('not included');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve 1 of 2 hunks' }));
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1'] } },
    ]);
  });

  it('keyboard - Ctrl+Enter writes what is ticked, never an unticked hunk', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 1/ }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(fake.callsTo('approvals.decide')).toEqual([
        { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h2'] } },
      ]),
    );
  });

  it('no hunk ticked - Approve is off and Ctrl+Enter sends nothing', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 1/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 2/ }));
    expect(screen.getByRole('button', { name: 'Approve (no hunk ticked)' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('approvals.decide')).toEqual([]);
  });

  it('keyboard - Ctrl+Enter approves', async () => {
    const fake = openReview();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(fake.callsTo('approvals.decide')).toEqual([
        { ...bound, decision: { type: 'approve' } },
      ]),
    );
  });

  it('keyboard - Esc moves to reject with the reason focused; Cmd+Enter then rejects', async () => {
    const fake = openReview();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    const reason = screen.getByRole('textbox', { name: /Why reject/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.type(reason, 'no');
    fireEvent.keyDown(reason, { key: 'Enter', metaKey: true });
    await waitFor(() =>
      expect(fake.callsTo('approvals.decide')).toEqual([
        { ...bound, decision: { type: 'reject', reason: 'no' } },
      ]),
    );
  });

  it('Always allow this path - sends alwaysAllowGlob with the approval', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Always allow this path' }));
    const glob = screen.getByRole('textbox', { name: 'Path or glob to always allow' });
    expect(glob).toHaveValue('src/app.ts');
    await userEvent.clear(glob);
    await userEvent.type(glob, 'src/**');
    await userEvent.click(screen.getByRole('button', { name: PRIMARY_APPROVE }));
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve' }, alwaysAllowGlob: 'src/**' },
    ]);
  });

  it('several waiting - shows "N of M" and Approve all approves the conversation', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.approveAll', () => ({ approved: 2 }));
    renderWithClient(<ReviewHost />, fake);
    fake.emit('agent', ev.approval(editRequest()));
    fake.emit(
      'agent',
      ev.approval(editRequest({ approvalId: 'a2', proposalHash: 'hash-2', path: 'src/b.ts' })),
    );
    fake.emit(
      'agent',
      ev.approval(editRequest({ approvalId: 'a3', proposalHash: 'hash-3', path: 'src/c.ts' })),
    );
    expect(screen.getByTestId('review-position')).toHaveTextContent('1 of 3');
    await userEvent.click(screen.getByRole('button', { name: PRIMARY_APPROVE }));
    await waitFor(() => expect(screen.getByTestId('review-position')).toHaveTextContent('2 of 3'));
    expect(screen.getByRole('dialog')).toHaveTextContent('src/b.ts');
    await userEvent.click(screen.getByRole('button', { name: 'Approve all (2)' }));
    expect(fake.callsTo('approvals.approveAll')).toEqual([{ conversationId: 'c1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approval_resolved elsewhere - closes the review without a decision', () => {
    const fake = openReview();
    fake.emit('agent', {
      type: 'approval_resolved',
      conversationId: 'c1',
      turnId: 't1',
      approvalId: 'a1',
      outcome: 'aborted',
      decidedBy: 'abort',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('approvals.decide')).toEqual([]);
  });

  it('create_file - shown as a new file, no hunk checkboxes', async () => {
    openReview(
      editRequest({
        tool: 'create_file',
        path: 'src/new.ts',
        isNewFile: true,
        before: '',
        after: 'export const fresh = true;\n',
        hunks: [
          {
            id: 'h1',
            oldStart: 0,
            oldLines: 0,
            newStart: 1,
            newLines: 1,
            lines: ['+export const fresh = true;'],
          },
        ],
      }),
    );
    const dialog = screen.getByRole('dialog', { name: /New file src\/new\.ts/ });
    expect(screen.queryByRole('checkbox', { name: /Include hunk/ })).toBeNull();
    await waitFor(() => expect(dialog).toHaveTextContent('export const fresh = true;'));
  });

  it('large diff - hunks are paged', async () => {
    const hunks: Hunk[] = Array.from({ length: 20 }, (_, index) => ({
      id: `h${index + 1}`,
      oldStart: index * 10 + 1,
      oldLines: 1,
      newStart: index * 10 + 1,
      newLines: 1,
      lines: [`-old ${index + 1}`, `+new ${index + 1}`],
    }));
    openReview(editRequest({ hunks }));
    expect(screen.getAllByTestId('hunk')).toHaveLength(8);
    expect(screen.getByText('Hunks 1–8 of 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Hunks 9–16 of 20')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Include hunk 9 / })).toBeChecked();
  });

  it('waiting before the window opened - approvals.pending shows it at start', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.pending', () => [
      { ...editRequest(), conversationId: 'c1', turnId: 't1' },
    ]);
    renderWithClient(<ReviewHost />, fake);
    expect(await screen.findByRole('dialog', { name: /Edit src\/app\.ts/ })).toBeInTheDocument();
  });

  it('double click - one decision only', async () => {
    const fake = openReview();
    let release: () => void = () => undefined;
    fake.handle(
      'approvals.decide',
      () => new Promise((resolve) => (release = () => resolve({ accepted: true }))),
    );
    const approve = screen.getByRole('button', { name: PRIMARY_APPROVE });
    await userEvent.dblClick(approve);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.callsTo('approvals.decide')).toHaveLength(1));
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('approvals.decide')).toHaveLength(1);
  });
});
