import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { Settings } from '../../../src/shared/contract';
import { createFakeSluice, sampleSettings } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

async function openSettings(tests: Settings['tests']) {
  const fake = createFakeSluice();
  let current: Settings = { ...sampleSettings, tests };
  fake.handle('settings.get', () => current);
  fake.handle('settings.set', (patch) => {
    const { tests: testsPatch, ...rest } = patch;
    current = {
      ...current,
      ...rest,
      tests: current.tests && testsPatch ? { ...current.tests, ...testsPatch } : current.tests,
    } as Settings;
    return current;
  });
  renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  return fake;
}

describe('Settings - Run affected tests before approval', () => {
  it('on by default for the open project; switched off at once; the command and wait saved together; axe clean', async () => {
    const fake = await openSettings({ enabled: true, command: '', liveDeadlineMs: 60_000 });
    const group = screen.getByRole('group', { name: 'Run affected tests before approval' });
    const toggle = within(group).getByRole('checkbox', {
      name: 'Run affected tests before approval in this project',
    });
    expect(toggle).toBeChecked();
    expect(within(group).getByRole('spinbutton', { name: /Wait for the tests/u })).toHaveValue(60);
    const results = await axe.run(group, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await userEvent.type(
      within(group).getByRole('textbox', { name: /Test runner command/u }),
      'pnpm vitest',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Save test settings' }));
    expect(fake.callsTo('settings.set')).toEqual([
      { tests: { command: 'pnpm vitest', liveDeadlineMs: 60_000 } },
    ]);
    await userEvent.click(toggle);
    expect(fake.callsTo('settings.set').at(-1)).toEqual({ tests: { enabled: false } });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('no project open - says to open one; an engine without test runs shows nothing', async () => {
    await openSettings(null);
    expect(screen.getByTestId('test-run-settings')).toHaveTextContent(
      'Open a project to set its tests before approval.',
    );
  });
});
