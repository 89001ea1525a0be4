import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { deadlineMs } from '../../../src/renderer/src/settings/diagnostics-settings';
import type { Settings } from '../../../src/shared/contract';
import { mergeDiagnosticsSettings } from '../../../src/shared/diagnostics-settings';
import { createFakeSluice, sampleSettings } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

async function openSettings() {
  const fake = createFakeSluice();
  let current: Settings = sampleSettings;
  fake.handle('settings.get', () => current);
  fake.handle(
    'settings.set',
    (patch) =>
      (current = {
        ...current,
        ...patch,
        tests: current.tests,
        diagnostics: mergeDiagnosticsSettings(current.diagnostics, patch.diagnostics),
      }),
  );
  renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  const group = screen.getByRole('group', { name: 'Check changes for errors' });
  return { fake, group };
}

describe('Settings - Check changes for errors', () => {
  it('every language listed and on by default; the deadline in seconds', async () => {
    const { group } = await openSettings();
    for (const name of ['TypeScript/JavaScript', 'Python', 'Go', 'Rust', 'Java'])
      expect(within(group).getByRole('checkbox', { name })).toBeChecked();
    expect(within(group).getByRole('spinbutton', { name: /Deadline/u })).toHaveValue(3);
  });

  it('a language switched off - saved at once through settings.set, only that language', async () => {
    const { fake, group } = await openSettings();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Go' }));
    expect(fake.callsTo('settings.set')).toEqual([{ diagnostics: { languages: { go: false } } }]);
    await waitFor(() =>
      expect(within(group).getByRole('checkbox', { name: 'Go' })).not.toBeChecked(),
    );
    expect(within(group).getByRole('checkbox', { name: 'Python' })).toBeChecked();
    expect(await screen.findByText('Error checks saved.')).toHaveAttribute('role', 'status');
  });

  it('checks off - the languages and the deadline are disabled', async () => {
    const { fake, group } = await openSettings();
    await userEvent.click(
      within(group).getByRole('checkbox', { name: 'Check proposed changes for errors' }),
    );
    expect(fake.callsTo('settings.set')).toEqual([{ diagnostics: { enabled: false } }]);
    await waitFor(() =>
      expect(within(group).getByRole('checkbox', { name: 'Python' })).toBeDisabled(),
    );
    expect(within(group).getByRole('spinbutton', { name: /Deadline/u })).toBeDisabled();
  });

  it('deadline - saved in milliseconds; out of range refused before sending', async () => {
    const { fake, group } = await openSettings();
    const field = within(group).getByRole('spinbutton', { name: /Deadline/u });
    const save = within(group).getByRole('button', { name: 'Save deadline' });
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '90');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveTextContent('Enter a number of seconds from 0.25 to 60.');
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '1.5');
    await userEvent.click(save);
    expect(fake.callsTo('settings.set')).toEqual([{ diagnostics: { liveDeadlineMs: 1500 } }]);
  });

  it('deadlineMs - seconds to whole milliseconds within the bounds', () => {
    expect(deadlineMs('3')).toBe(3000);
    expect(deadlineMs('0.25')).toBe(250);
    expect(deadlineMs('0.1')).toBeNull();
    expect(deadlineMs('61')).toBeNull();
    expect(deadlineMs('')).toBeNull();
    expect(deadlineMs('abc')).toBeNull();
  });
});
