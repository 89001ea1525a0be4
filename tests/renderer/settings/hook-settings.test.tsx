import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HooksList } from '../../../src/shared/contract/hooks-service';
import type { HookDefinition, HookRun } from '../../../src/shared/hooks';
import { HookSettings } from '../../../src/renderer/src/settings/hook-settings';
import { createFakeSluice, type FakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const mine: HookDefinition = {
  id: 'a1b2c3d4e5f60718',
  source: 'person',
  event: 'PreToolUse',
  matcher: 'run_command',
  command: './check.sh',
  timeoutSeconds: 30,
};
const lint: HookDefinition = {
  id: 'f00dbabe00112233',
  source: 'project',
  event: 'PostToolUse',
  matcher: null,
  command: 'npm run lint \u202eevil',
  timeoutSeconds: 60,
  trust: 'not_approved',
};
const changed: HookDefinition = {
  id: 'c4a9ed0000000000',
  source: 'project',
  event: 'Stop',
  matcher: null,
  command: 'notify done',
  timeoutSeconds: 60,
  trust: 'changed',
};

const list: HooksList = {
  hooks: [mine, lint, changed],
  problems: ['hooks.SessionStart[0].hooks: expected an array'],
};

const blockedRun: HookRun = {
  hookId: mine.id,
  source: 'person',
  event: 'PreToolUse',
  command: './check.sh',
  toolName: 'run_command',
  outcome: 'blocked',
  exitCode: 2,
  ms: 412,
  output: 'rm -rf is not allowed here\nsecond line',
  reason: 'rm -rf is not allowed here',
};

function fakeWithHooks(): FakeSluice {
  const fake = createFakeSluice();
  fake.handle('hooks.list', () => list);
  fake.handle('hooks.recentRuns', () => ({
    runs: [{ ...blockedRun, at: '2026-01-02T03:04:05.000Z', conversationId: 'c1' }],
  }));
  return fake;
}

describe('HookSettings', () => {
  it("hook settings - lists yours and the project's with trust, the file's problems and the latest runs", async () => {
    const fake = fakeWithHooks();
    renderWithClient(<HookSettings />, fake);
    const yours = await screen.findByRole('list', { name: 'Your hooks' });
    expect(within(yours).getByText('./check.sh')).toBeInTheDocument();
    expect(within(yours).getByText('tools matching run_command')).toBeInTheDocument();
    expect(within(yours).getByText('timeout 30 s')).toBeInTheDocument();
    const project = screen.getByRole('list', { name: "This project's hooks" });
    // The reordering character is shown, not obeyed.
    expect(within(project).getByText('npm run lint \\u202eevil')).toBeInTheDocument();
    expect(
      within(project).getByText(/not approved: it does not run until you approve it/u),
    ).toBeInTheDocument();
    expect(within(project).getByText(/changed since you approved it/u)).toBeInTheDocument();
    expect(
      screen.getByRole('note', { name: 'Problems with .sluice/hooks.json' }),
    ).toHaveTextContent('hooks.SessionStart[0].hooks: expected an array');
    const runs = screen.getByRole('list', { name: 'Latest hook runs' });
    expect(runs).toHaveTextContent(
      'Hook (yours) PreToolUse on run_command · `./check.sh` · blocked (exit 2) · 0.4 s',
    );
    expect(within(runs).getByLabelText('What the hook printed')).toHaveTextContent(
      /rm -rf is not allowed here\s+second line/u,
    );
    expect(fake.callsTo('hooks.recentRuns')).toEqual([{ limit: 10 }]);
  });

  it('hook settings - approving shows the exact command first; only "Approve exactly this" sends it', async () => {
    const fake = fakeWithHooks();
    const approved = { ...lint, trust: 'approved' as const };
    fake.handle('hooks.approve', () => ({
      hook: approved,
      hooks: [mine, approved, changed],
      problems: [],
    }));
    renderWithClient(<HookSettings />, fake);
    const entry = await screen.findByTestId('hook-f00dbabe');
    await userEvent.click(
      within(entry).getByRole('button', { name: /^Review and approve PostToolUse hook/u }),
    );
    const review = within(entry).getByRole('group', { name: 'Approve this project hook' });
    expect(review).toHaveTextContent('Approve this PostToolUse hook exactly as shown?');
    expect(within(review).getByText('npm run lint \\u202eevil')).toBeInTheDocument();
    expect(fake.callsTo('hooks.approve')).toEqual([]);
    await userEvent.click(within(review).getByRole('button', { name: 'Approve exactly this' }));
    expect(fake.callsTo('hooks.approve')).toEqual([{ id: lint.id }]);
    await waitFor(() => expect(within(entry).getByText('approved as it is')).toBeInTheDocument());
    expect(within(entry).queryByRole('group', { name: 'Approve this project hook' })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it("hook settings - removes a hook of yours; a project's hook has no Remove; a refusal is said", async () => {
    const fake = fakeWithHooks();
    fake.handle('hooks.remove', () => {
      throw new Error('there is no hook a1b2c3d4.');
    });
    renderWithClient(<HookSettings />, fake);
    await screen.findByRole('list', { name: 'Your hooks' });
    expect(
      within(screen.getByTestId('hook-f00dbabe')).queryByRole('button', { name: /Remove/u }),
    ).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove PreToolUse hook ./check.sh' }),
    );
    expect(fake.callsTo('hooks.remove')).toEqual([{ id: mine.id }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not remove the hook: there is no hook a1b2c3d4.',
    );
  });

  it('hook settings - adds a hook for every project; the matcher is only for tool events', async () => {
    const fake = fakeWithHooks();
    fake.handle('hooks.add', (hook) => {
      const added: HookDefinition = {
        id: '0123456789abcdef',
        source: 'person',
        event: hook.event,
        matcher: hook.matcher ?? null,
        command: hook.command,
        timeoutSeconds: hook.timeoutSeconds ?? 60,
      };
      return { hook: added, hooks: [...list.hooks, added], problems: [] };
    });
    renderWithClient(<HookSettings />, fake);
    const form = await screen.findByRole('form', { name: 'Add a hook of yours' });
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'Stop');
    expect(within(form).getByLabelText('Tools (matcher)')).toBeDisabled();
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'PostToolUse');
    await userEvent.type(within(form).getByLabelText('Tools (matcher)'), 'edit_file|create_file');
    await userEvent.type(within(form).getByLabelText(/^Command/u), 'npx prettier --check .');
    const timeout = within(form).getByLabelText('Timeout (seconds)');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '45');
    await userEvent.click(within(form).getByRole('radio', { name: 'every project' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add hook' }));
    expect(fake.callsTo('hooks.add')).toEqual([
      {
        event: 'PostToolUse',
        matcher: 'edit_file|create_file',
        command: 'npx prettier --check .',
        timeoutSeconds: 45,
        scope: 'everywhere',
      },
    ]);
    const yours = await screen.findByRole('list', { name: 'Your hooks' });
    await waitFor(() =>
      expect(within(yours).getByText('npx prettier --check .')).toBeInTheDocument(),
    );
    expect(within(form).getByLabelText(/^Command/u)).toHaveValue('');
  });

  it('hook settings - a bad timeout or a refused add is said beside the button', async () => {
    const fake = fakeWithHooks();
    fake.handle('hooks.add', () => {
      throw new Error('the matcher "(" is not a pattern: missing )');
    });
    renderWithClient(<HookSettings />, fake);
    const form = await screen.findByRole('form', { name: 'Add a hook of yours' });
    await userEvent.type(within(form).getByLabelText(/^Command/u), './x.sh');
    const timeout = within(form).getByLabelText('Timeout (seconds)');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '9999');
    await userEvent.click(within(form).getByRole('button', { name: 'Add hook' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The timeout is a whole number of seconds from 1 to 600.',
    );
    expect(fake.callsTo('hooks.add')).toEqual([]);
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '5');
    await userEvent.type(within(form).getByLabelText('Tools (matcher)'), '(');
    await userEvent.click(within(form).getByRole('button', { name: 'Add hook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Could not add the hook: the matcher "(" is not a pattern: missing )',
    );
    expect(within(form).getByLabelText(/^Command/u)).toHaveValue('./x.sh');
  });

  it('hook settings - tests an event with a sample and shows each run and the decision; bad JSON is refused', async () => {
    const fake = fakeWithHooks();
    fake.handle('hooks.test', () => ({
      decision: 'block',
      reason: 'rm -rf is not allowed here',
      runs: [blockedRun],
    }));
    renderWithClient(<HookSettings />, fake);
    const form = await screen.findByRole('form', { name: 'Test hooks' });
    const input = within(form).getByLabelText('Sample tool input (JSON object)');
    await userEvent.type(input, '{{"command": ');
    await userEvent.click(within(form).getByRole('button', { name: 'Test' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The tool input is not JSON');
    expect(fake.callsTo('hooks.test')).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '{{"command": "rm -rf /"}');
    await userEvent.click(within(form).getByRole('button', { name: 'Test' }));
    expect(fake.callsTo('hooks.test')).toEqual([
      { event: 'PreToolUse', toolName: 'run_command', toolInput: { command: 'rm -rf /' } },
    ]);
    const result = await within(form).findByRole('list', { name: 'Runs of this test' });
    expect(result).toHaveTextContent('blocked (exit 2)');
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Decision: block — rm -rf is not allowed here',
    );
    // The latest runs are read again after a test.
    await waitFor(() => expect(fake.callsTo('hooks.recentRuns')).toHaveLength(2));
  });

  it('hook settings - a prompt event takes a sample prompt, no tool; nothing matching says so', async () => {
    const fake = fakeWithHooks();
    fake.handle('hooks.test', () => ({ decision: 'none', runs: [] }));
    renderWithClient(<HookSettings />, fake);
    const form = await screen.findByRole('form', { name: 'Test hooks' });
    await userEvent.selectOptions(within(form).getByLabelText('Event to test'), 'UserPromptSubmit');
    expect(within(form).queryByLabelText('Sample tool')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Sample prompt'), 'deploy it');
    await userEvent.click(within(form).getByRole('button', { name: 'Test' }));
    expect(fake.callsTo('hooks.test')).toEqual([
      { event: 'UserPromptSubmit', prompt: 'deploy it' },
    ]);
    expect(
      await within(form).findByText('No UserPromptSubmit hook matches this sample; nothing ran.'),
    ).toBeInTheDocument();
  });

  it('hook settings - with no project open the section says why it cannot load', async () => {
    const fake = createFakeSluice();
    fake.handle('hooks.list', () => {
      throw new Error('No project is open.');
    });
    fake.handle('hooks.recentRuns', () => ({ runs: [] }));
    renderWithClient(<HookSettings />, fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the hooks: No project is open.',
    );
  });
});
