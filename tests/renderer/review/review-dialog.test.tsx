import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CommandReviewHost } from '../../../src/renderer/src/review/command-review-host';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import { editRequest, ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const bound = { approvalId: 'a1', proposalHash: 'hash-1' };

/** The review over a page that has a control of its own behind the backdrop. */
function openReview() {
  const fake = createFakeSluice();
  renderWithClient(
    <>
      <button type="button">Page behind</button>
      <ReviewHost />
    </>,
    fake,
  );
  fake.emit('agent', ev.approval(editRequest()));
  return fake;
}

describe('ReviewDialog', () => {
  it('focus trap - Tab past the last control wraps to the first, never to the page behind', async () => {
    openReview();
    const dialog = screen.getByRole('dialog');
    const edit = screen.getByRole('button', { name: 'Edit' });
    const reject = screen.getByRole('button', { name: 'Reject…' });
    // Reject… is the review's last control (one approval waiting: no "Approve all").
    reject.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Page behind' })).not.toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Back from there is Reject… again: focus went to the dialog's first control.
    await userEvent.tab({ shift: true });
    expect(reject).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(edit).toHaveFocus();
  });

  it('focus trap - Shift+Tab from the dialog itself goes to its last control', async () => {
    openReview();
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Reject…' })).toHaveFocus();
  });

  it('Edit - focus moves into the editor, so Esc and Ctrl+Enter work from there', async () => {
    const fake = openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: /Final content of src\/app\.ts/u });
    await waitFor(() => expect(editor).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /Final content/u })).toBeNull();
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Final content/u })).toHaveFocus(),
    );
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(fake.callsTo('approvals.decide')).toEqual([
        { ...bound, decision: { type: 'approve' } },
      ]),
    );
  });

  it('Edit of a command - focus moves into the command box', async () => {
    const fake = createFakeSluice();
    renderWithClient(<CommandReviewHost />, fake);
    fake.emit('agent', {
      type: 'command_approval_request',
      conversationId: 'c1',
      turnId: 't1',
      request: {
        approvalId: 'c-a1',
        commandHash: 'hash-c1',
        command: 'npm test',
        cwd: '.',
        description: 'Run the unit tests',
        sandboxed: true,
        sandboxDetail: 'project writable',
        network: false,
        timeoutSeconds: 120,
        reason: 'no rule allows `npm test`',
        suggestedPrefixes: [],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Command to run' })).toHaveFocus(),
    );
  });
});
