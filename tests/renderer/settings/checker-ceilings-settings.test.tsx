// Settings: the confined checkers' ceilings (issue 28): shown with their defaults, saved with
// their button (only what changed), refused before sending when out of bounds.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { ceilingValue } from '../../../src/renderer/src/settings/checker-ceilings-settings';
import type { Settings } from '../../../src/shared/contract';
import { mergeDiagnosticsSettings } from '../../../src/shared/diagnostics-settings';
import { createFakeSluice, sampleSettings } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

async function openCeilings() {
  const fake = createFakeSluice();
  let current: Settings = sampleSettings;
  fake.handle('settings.get', () => current);
  fake.handle(
    'settings.set',
    (patch) =>
      (current = {
        ...current,
        ...patch,
        // Tests-before-approval settings are not this form's: keep what was there.
        tests: current.tests,
        diagnostics: mergeDiagnosticsSettings(current.diagnostics, patch.diagnostics),
      }),
  );
  renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  return { fake, form: screen.getByTestId('checker-ceilings') };
}

describe('Settings - checker ceilings', () => {
  it('defaults shown; a changed ceiling saved alone; out of bounds refused before sending', async () => {
    const { fake, form } = await openCeilings();
    const memory = within(form).getByRole('spinbutton', { name: /Memory of a checker/u });
    const ceiling = within(form).getByRole('spinbutton', { name: /Stop a checker/u });
    const save = within(form).getByRole('button', { name: 'Save ceilings' });
    expect(memory).toHaveValue(2048);
    expect(within(form).getByRole('spinbutton', { name: /CPU time/u })).toHaveValue(120);
    expect(ceiling).toHaveValue(60);
    expect(save).toBeDisabled();
    await userEvent.clear(memory);
    await userEvent.type(memory, '64');
    expect(memory).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await userEvent.clear(memory);
    await userEvent.type(memory, '1024');
    await userEvent.clear(ceiling);
    await userEvent.type(ceiling, '90');
    await userEvent.click(save);
    expect(fake.callsTo('settings.set')).toEqual([
      { diagnostics: { checkerMemoryMb: 1024, checkerCeilingSeconds: 90 } },
    ]);
  });

  it('ceilingValue - whole numbers within the bounds only', () => {
    expect(ceilingValue('checkerCpuSeconds', '30')).toBe(30);
    expect(ceilingValue('checkerCpuSeconds', '2')).toBeNull();
    expect(ceilingValue('checkerCpuSeconds', '1.5')).toBeNull();
    expect(ceilingValue('checkerMemoryMb', '')).toBeNull();
  });
});
