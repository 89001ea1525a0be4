import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GitSettings } from '../../../src/renderer/src/settings/git-settings';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

describe('GitSettings - commit each approved turn', () => {
  it('shows the project’s setting and saves a change at once', async () => {
    const fake = createFakeSluice();
    let stored = true;
    fake.handle('git.commitEachTurn', ({ on }) => {
      if (on !== undefined) stored = on;
      return { on: stored };
    });
    renderWithClient(<GitSettings />, fake);
    const box = await screen.findByRole('checkbox', {
      name: 'Commit each approved turn in this project',
    });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(fake.callsTo('git.commitEachTurn')).toEqual([{}, { on: false }]);
  });

  it('a refusal - shown in words, the box keeps what is stored', async () => {
    const fake = createFakeSluice();
    fake.handle('git.commitEachTurn', ({ on }) => {
      if (on !== undefined) throw new Error('No project is open: open a folder first.');
      return { on: false };
    });
    renderWithClient(<GitSettings />, fake);
    const box = await screen.findByRole('checkbox', {
      name: 'Commit each approved turn in this project',
    });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(box);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Not saved: No project is open',
    );
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});
