import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CommandRules } from '../../../src/renderer/src/settings/command-rules';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

describe('CommandRules', () => {
  it('command rules - listed, added as words, removed', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.commandRules', () => [
      { id: 'r1', prefix: ['npm', 'test'], action: 'allow' },
    ]);
    fake.handle('approvals.addCommandRule', (rule) => ({ id: 'r2', ...rule }));
    fake.handle('approvals.removeCommandRule', () => ({ removed: true }));
    renderWithClient(<CommandRules />, fake);
    const table = await screen.findByRole('table', { name: 'Command rules' });
    expect(await within(table).findByText('npm test')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Command prefix' }), 'curl  ');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Command rule action' }),
      'deny',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add command rule' }));
    expect(fake.callsTo('approvals.addCommandRule')).toEqual([
      { prefix: ['curl'], action: 'deny' },
    ]);
    expect(await within(table).findByText('curl')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove command rule npm test allow' }),
    );
    expect(fake.callsTo('approvals.removeCommandRule')).toEqual([{ id: 'r1' }]);
    await waitFor(() => expect(within(table).queryByText('npm test')).toBeNull());
  });
});
