import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

async function openSettings(fake = createFakeSluice()) {
  renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  return fake;
}

describe('ApprovalCounts', () => {
  it("approval counts - the project's file changes asked, applied clean, held back, rejected, and commands", async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.auditSummary', () => ({
      sinceDays: null,
      files: {
        asked: 14,
        appliedClean: 31,
        heldBack: 3,
        rejected: 2,
        appliedUnasked: 0,
        denied: 0,
      },
      commands: { asked: 4, rejected: 1, ranUnasked: 9, denied: 0 },
    }));
    await openSettings(fake);
    const counts = await screen.findByTestId('approval-counts');
    expect(counts).toHaveTextContent(
      'File changes: 14 asked · 31 applied clean · 3 held back (sent back to Claude) · 2 rejected',
    );
    expect(counts).toHaveTextContent('Commands: 4 asked · 9 run by a rule · 1 rejected');
    expect(fake.callsTo('approvals.auditSummary')).toEqual([{}]);
  });

  it('approval counts - a failure to count is said in the section, the rest still shows', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.auditSummary', () => {
      throw new Error('no project is open');
    });
    await openSettings(fake);
    expect(
      await screen.findByText('Could not count the approvals: no project is open'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('approval-counts')).toBeNull();
    expect(screen.getByRole('group', { name: 'Approvals' })).toBeInTheDocument();
  });
});
