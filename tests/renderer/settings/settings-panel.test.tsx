import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { PolicyRule } from '../../../src/shared/approvals';
import type { Settings } from '../../../src/shared/contract';
import { mergeDiagnosticsSettings } from '../../../src/shared/diagnostics-settings';
import { createFakeSluice, sampleSettings } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const SECRET = 'sk-ant-secret-1234567890';

async function openSettings(settings: Partial<Settings> = {}) {
  const fake = createFakeSluice();
  let current: Settings = { ...sampleSettings, ...settings };
  fake.handle('settings.get', () => current);
  fake.handle(
    'settings.setApiKey',
    () => (current = { ...current, hasApiKey: true, keyStorage: 'safeStorage' }),
  );
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
  const rules: PolicyRule[] = [
    { id: 'r1', tool: 'edit_file', pathGlob: 'docs/**', action: 'allow' },
  ];
  fake.handle('approvals.getPolicy', () => ({ mode: 'ask', rules, approveWhenClean: false }));
  fake.handle('approvals.setMode', ({ mode }) => ({ mode }));
  fake.handle('approvals.addRule', (rule) => ({ id: 'r2', ...rule }));
  fake.handle('approvals.removeRule', () => ({ removed: true }));
  const view = renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  return { fake, view };
}

describe('SettingsPanel', () => {
  it('API key - sent to main, the field empties, the key is never rendered', async () => {
    const { fake, view } = await openSettings({ hasApiKey: false, keyStorage: 'none' });
    expect(screen.getByTestId('key-status')).toHaveTextContent('No key is set.');
    const field = screen.getByLabelText('New API key');
    expect(field).toHaveAttribute('type', 'password');
    await userEvent.type(field, SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(fake.callsTo('settings.setApiKey')).toEqual([{ key: SECRET }]);
    await waitFor(() => expect(field).toHaveValue(''));
    expect(screen.getByTestId('key-status')).toHaveTextContent(
      'stored encrypted by the operating system',
    );
    expect(view.container.innerHTML).not.toContain(SECRET);
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('background runs at once - saved through settings.set, out of range refused', async () => {
    const { fake } = await openSettings();
    const field = screen.getByTestId('background-parallel');
    const save = screen.getByRole('button', { name: 'Save the limit' });
    expect(field).toHaveValue(2);
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(save).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(save);
    expect(fake.callsTo('settings.set')).toEqual([{ backgroundParallel: 3 }]);
  });

  it('basic_text key storage - warns', async () => {
    await openSettings({ keyStorage: 'basic_text' });
    expect(await screen.findByText(/basic_text/)).toHaveAttribute('role', 'alert');
  });

  it('model, base URL, round limit - saved through settings.set', async () => {
    const { fake } = await openSettings();
    const model = screen.getByRole('textbox', { name: 'Model' });
    await userEvent.clear(model);
    await userEvent.type(model, 'claude-opus-5');
    await userEvent.type(
      screen.getByRole('textbox', { name: /API base URL/ }),
      'http://127.0.0.1:9999',
    );
    const rounds = screen.getByRole('spinbutton', { name: /Round limit/ });
    await userEvent.clear(rounds);
    await userEvent.type(rounds, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsTo('settings.set')).toEqual([
      { model: 'claude-opus-5', baseUrl: 'http://127.0.0.1:9999', maxTurns: 40 },
    ]);
  });

  it('a base URL from the environment - changing the round limit sends only the round limit', async () => {
    const { fake } = await openSettings({ baseUrl: 'http://127.0.0.1:9999' });
    const rounds = screen.getByRole('spinbutton', { name: /Round limit/ });
    await userEvent.clear(rounds);
    await userEvent.type(rounds, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsTo('settings.set')).toEqual([{ maxTurns: 40 }]);
    const model = screen.getByRole('textbox', { name: 'Model' });
    await userEvent.clear(model);
    await userEvent.type(model, 'claude-opus-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsTo('settings.set')).toEqual([{ maxTurns: 40 }, { model: 'claude-opus-5' }]);
  });

  it('nothing changed - Save disabled, nothing sent', async () => {
    const { fake } = await openSettings({ baseUrl: 'http://127.0.0.1:9999' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const base = screen.getByRole('textbox', { name: /API base URL/ });
    await userEvent.clear(base);
    await userEvent.type(base, 'http://127.0.0.1:9999');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fake.callsTo('settings.set')).toEqual([]);
  });

  it('round limit out of range - Save disabled, nothing sent', async () => {
    const { fake } = await openSettings();
    const rounds = screen.getByRole('spinbutton', { name: /Round limit/ });
    await userEvent.clear(rounds);
    await userEvent.type(rounds, '0');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fake.callsTo('settings.set')).toEqual([]);
  });

  it('theme - light applies at once', async () => {
    const { fake } = await openSettings();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'light');
    expect(fake.callsTo('settings.set')).toEqual([{ theme: 'light' }]);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });

  it('approval mode - Plan is offered and set like the others', async () => {
    const { fake } = await openSettings();
    const mode = await screen.findByRole('combobox', { name: 'Mode' });
    expect(within(mode).getByRole('option', { name: /^Plan: explore read-only/ })).toHaveValue(
      'plan',
    );
    await userEvent.selectOptions(mode, 'plan');
    expect(fake.callsTo('approvals.setMode')).toEqual([{ mode: 'plan' }]);
  });

  it('approval mode and rules - view, add, remove', async () => {
    const { fake } = await openSettings();
    const table = await screen.findByRole('table', { name: 'Rules' });
    expect(within(table).getByText('docs/**')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'read-only');
    expect(fake.callsTo('approvals.setMode')).toEqual([{ mode: 'read-only' }]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule path glob' }), 'src/gen/**');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rule action' }), 'deny');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(fake.callsTo('approvals.addRule')).toEqual([
      { tool: 'write', pathGlob: 'src/gen/**', action: 'deny' },
    ]);
    expect(await within(table).findByText('src/gen/**')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove rule edit_file docs/** allow' }),
    );
    expect(fake.callsTo('approvals.removeRule')).toEqual([{ id: 'r1' }]);
    await waitFor(() => expect(within(table).queryByText('docs/**')).toBeNull());
  });
});
