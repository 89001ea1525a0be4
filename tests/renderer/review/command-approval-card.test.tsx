import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CommandReviewHost } from '../../../src/renderer/src/review/command-review-host';
import type { CommandApprovalRequest } from '../../../src/shared/command-approvals';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function commandRequest(extra: Partial<CommandApprovalRequest> = {}): CommandApprovalRequest {
  return {
    approvalId: 'c-a1',
    commandHash: 'hash-c1',
    command: 'npm test',
    cwd: 'packages/app',
    description: 'Run the unit tests',
    sandboxed: true,
    sandboxDetail: 'project writable, protected paths read-only',
    network: false,
    timeoutSeconds: 120,
    reason: 'no rule allows `npm test`',
    suggestedPrefixes: [['npm', 'test']],
    ...extra,
  };
}

function open(request = commandRequest()) {
  const fake = createFakeSluice();
  renderWithClient(<CommandReviewHost />, fake);
  fake.emit('agent', {
    type: 'command_approval_request',
    conversationId: 'c1',
    turnId: 't1',
    request,
  });
  return fake;
}

const bound = { approvalId: 'c-a1', commandHash: 'hash-c1' };

describe('CommandApprovalCard', () => {
  it('shows command, folder, sandbox, network, timeout and the description', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Run a command' });
    expect(screen.getByTestId('command-line')).toHaveTextContent('$ npm test');
    expect(dialog).toHaveTextContent('packages/app');
    expect(screen.getByTestId('command-sandbox')).toHaveTextContent('sandboxed');
    expect(screen.getByTestId('command-network')).toHaveTextContent('off');
    expect(dialog).toHaveTextContent('120 s');
    expect(dialog).toHaveTextContent('Run the unit tests');
  });

  it('a write whose content is known - the card shows it as a diff (issue 22 item 7)', () => {
    open(
      commandRequest({
        command: 'echo fresh > src/app.ts',
        reason: 'it writes the project file src/app.ts, which no rule may allow',
        suggestedPrefixes: [],
        proposedWrites: [
          {
            path: 'src/app.ts',
            isNewFile: false,
            append: false,
            hunks: [
              {
                id: 'h1',
                oldStart: 1,
                oldLines: 1,
                newStart: 1,
                newLines: 1,
                lines: ['-original', '+fresh'],
              },
            ],
          },
        ],
      }),
    );
    const writes = screen.getByTestId('command-writes');
    expect(writes).toHaveTextContent('src/app.ts (replaced)');
    // The lines themselves are laid out by the diff viewer's worker, as in the edit review.
    expect(writes).toHaveTextContent('@@ -1,1 +1,1 @@');
    expect(screen.getAllByTestId('hunk')).toHaveLength(1);
  });

  it('no known write - no diff section', () => {
    open();
    expect(screen.queryByTestId('command-writes')).toBeNull();
  });

  it('a host-list network rule - the card says network: only those hosts', () => {
    open(commandRequest({ networkHosts: ['registry.npmjs.org:443', '*.example.com'] }));
    expect(screen.getByTestId('command-network')).toHaveTextContent(
      'only registry.npmjs.org:443, *.example.com (through a filtering proxy)',
    );
  });

  it('Run once - sends run_once bound to the command hash and closes', async () => {
    const fake = open();
    await userEvent.click(screen.getByRole('button', { name: 'Run once' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      { ...bound, decision: { type: 'run_once' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Always allow - names the prefix and sends always_allow', async () => {
    const fake = open();
    await userEvent.click(screen.getByRole('button', { name: 'Always allow "npm test"' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      { ...bound, decision: { type: 'always_allow' } },
    ]);
  });

  it('Edit - sends the edited command', async () => {
    const fake = open();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Command to run' });
    await userEvent.clear(box);
    await userEvent.type(box, 'npm test -- --run');
    await userEvent.click(screen.getByRole('button', { name: 'Run edited command' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      { ...bound, decision: { type: 'edit', command: 'npm test -- --run' } },
    ]);
  });

  it('Reject - sends the reason', async () => {
    const fake = open();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Why reject/ }), 'too slow');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      { ...bound, decision: { type: 'reject', reason: 'too slow' } },
    ]);
  });

  it('Seatbelt - the badge says "sandboxed (Seatbelt)" beside what the sandbox allows', () => {
    open(
      commandRequest({
        sandboxName: 'Seatbelt',
        sandboxDetail: 'project writable, protected paths read-only',
      }),
    );
    expect(screen.getByTestId('command-sandbox')).toHaveTextContent(
      'sandboxed (Seatbelt) project writable, protected paths read-only',
    );
    expect(screen.getByTestId('command-sandbox')).not.toHaveTextContent('not sandboxed');
  });

  it('not sandboxed, network on - says so plainly and offers no "always allow"', () => {
    open(
      commandRequest({
        sandboxed: false,
        sandboxDetail: 'bubblewrap (bwrap) is not installed',
        network: true,
        suggestedPrefixes: [],
      }),
    );
    // Said once, with why and what it means.
    expect(screen.getByTestId('command-sandbox')).toHaveTextContent(
      'not sandboxed bubblewrap (bwrap) is not installed: it runs with full access to your files and network',
    );
    expect(
      screen.getByTestId('command-sandbox').textContent?.match(/not sandboxed/giu),
    ).toHaveLength(1);
    expect(screen.getByTestId('command-network')).toHaveTextContent('full network');
    expect(screen.queryByRole('button', { name: /Always allow/ })).toBeNull();
    // Outside the sandbox the network cannot be limited: no choice is offered.
    expect(screen.queryByRole('combobox', { name: 'Network for this run' })).toBeNull();
  });

  it('network for this run - only these hosts: sent with Run once, prefilled from the rule', async () => {
    const fake = open(commandRequest({ networkHosts: ['registry.npmjs.org'] }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network for this run' }),
      'hosts',
    );
    const hosts = screen.getByRole('textbox', { name: 'Hosts for this run' });
    expect(hosts).toHaveValue('registry.npmjs.org');
    await userEvent.type(hosts, ', api.example.com:8443');
    await userEvent.click(screen.getByRole('button', { name: 'Run once' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      {
        ...bound,
        decision: {
          type: 'run_once',
          network: { type: 'hosts', hosts: ['registry.npmjs.org', 'api.example.com:8443'] },
        },
      },
    ]);
  });

  it('network for this run - "also allow for this project" saves a rule, then runs', async () => {
    const fake = open();
    fake.handle('approvals.addNetworkRule', (rule) => ({ id: 'n1', ...rule }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network for this run' }),
      'hosts',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Hosts for this run' }), 'pypi.org');
    await userEvent.click(
      screen.getByRole('checkbox', { name: /also allow them for this project/u }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run once' }));
    await waitFor(() => expect(fake.callsTo('approvals.decideCommand')).toHaveLength(1));
    expect(fake.callsTo('approvals.addNetworkRule')).toEqual([{ hosts: ['pypi.org'] }]);
    expect(fake.callsTo('approvals.decideCommand')[0]).toEqual({
      ...bound,
      decision: { type: 'run_once', network: { type: 'hosts', hosts: ['pypi.org'] } },
    });
  });

  it('network for this run - a rule that cannot be saved: says why, nothing runs', async () => {
    const fake = open();
    fake.handle('approvals.addNetworkRule', () => {
      throw new Error('This network rule cannot be saved: "x_y" is not a valid host name.');
    });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network for this run' }),
      'hosts',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Hosts for this run' }), 'x_y');
    await userEvent.click(
      screen.getByRole('checkbox', { name: /also allow them for this project/u }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run once' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Could not save the network rule: .*not a valid host name/u,
    );
    expect(fake.callsTo('approvals.decideCommand')).toEqual([]);
  });

  it('network for this run - no host typed: nothing can run until one is', async () => {
    const fake = open();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network for this run' }),
      'hosts',
    );
    expect(screen.getByRole('button', { name: 'Run once' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Always allow "npm test"' })).toBeDisabled();
    expect(fake.callsTo('approvals.decideCommand')).toEqual([]);
  });

  it.each([
    ['off', { type: 'off' }],
    ['full', { type: 'full' }],
  ])('network for this run - %s is sent with an edited command', async (value, network) => {
    const fake = open(commandRequest({ network: value === 'off' }));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Network for this run' }),
      value,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Command to run' }), ' -- --run');
    await userEvent.click(screen.getByRole('button', { name: 'Run edited command' }));
    expect(fake.callsTo('approvals.decideCommand')).toEqual([
      { ...bound, decision: { type: 'edit', command: 'npm test -- --run', network } },
    ]);
  });
});
