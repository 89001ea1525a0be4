import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NetworkRules } from '../../../src/renderer/src/settings/network-rules';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

describe('NetworkRules', () => {
  it('network rules - listed with their scope, added (hosts and optional prefix), removed', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.networkRules', () => [
      { id: 'n1', hosts: ['registry.npmjs.org'], prefix: ['npm', 'install'] },
    ]);
    fake.handle('approvals.addNetworkRule', (rule) => ({ id: 'n2', ...rule }));
    fake.handle('approvals.removeNetworkRule', () => ({ removed: true }));
    renderWithClient(<NetworkRules />, fake);
    const table = await screen.findByRole('table', { name: 'Network rules' });
    expect(await within(table).findByText('registry.npmjs.org')).toBeInTheDocument();
    expect(within(table).getByText('npm install')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add network rule' });
    expect(add).toBeDisabled();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Hosts' }),
      'pypi.org,  files.pythonhosted.org:443',
    );
    await userEvent.click(add);
    expect(fake.callsTo('approvals.addNetworkRule')).toEqual([
      { hosts: ['pypi.org', 'files.pythonhosted.org:443'] },
    ]);
    expect(
      await within(table).findByText('pypi.org, files.pythonhosted.org:443'),
    ).toBeInTheDocument();
    expect(within(table).getByText('every command')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Hosts' }), 'github.com');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Only for commands starting with (optional)' }),
      'git  fetch',
    );
    await userEvent.click(add);
    expect(fake.callsTo('approvals.addNetworkRule')[1]).toEqual({
      hosts: ['github.com'],
      prefix: ['git', 'fetch'],
    });
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Remove network rule registry.npmjs.org for npm install',
      }),
    );
    expect(fake.callsTo('approvals.removeNetworkRule')).toEqual([{ id: 'n1' }]);
    await waitFor(() => expect(within(table).queryByText('registry.npmjs.org')).toBeNull());
  });

  it('a rule the app refuses - says why, nothing is listed', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.addNetworkRule', () => {
      throw new Error('This network rule cannot be saved: "http://x/" is not a host.');
    });
    renderWithClient(<NetworkRules />, fake);
    await userEvent.type(screen.getByRole('textbox', { name: 'Hosts' }), 'http://x/');
    await userEvent.click(screen.getByRole('button', { name: 'Add network rule' }));
    expect(await screen.findByText(/Could not add the rule: .*is not a host/u)).toBeInTheDocument();
    expect(screen.getByText(/No network rules/u)).toBeInTheDocument();
  });
});
