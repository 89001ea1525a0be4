// Hook runs in the app's step list: live, each under the tool call it was about, with whose hook,
// the event, the command, what came of it, how long it took and its first lines; after the turn,
// counted in the collapsed summary (a failed hook is a problem); reloaded from history in the
// same place; the hook's output shown as text, never as markup.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { AgentEvent } from '../../../src/shared/agent-events';
import type { ConversationView } from '../../../src/shared/contract';
import type { HookRun } from '../../../src/shared/hooks';
import { ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { listedConversation } from '../support/listed-conversation';
import { renderWithClient } from '../support/render-with-client';

const blocked: HookRun = {
  hookId: 'h1',
  source: 'person',
  event: 'PreToolUse',
  command: './no-rm.sh',
  toolName: 'run_command',
  outcome: 'blocked',
  exitCode: 2,
  ms: 412,
  output: 'rm -rf is not allowed\n<img src=x onerror=alert(1)>\n',
  reason: 'rm -rf is not allowed',
};

const failed: HookRun = {
  hookId: 'h2',
  source: 'project',
  event: 'Stop',
  command: 'npm run lint',
  outcome: 'failed',
  exitCode: 1,
  ms: 2_300,
  output: 'lint crashed',
};

function hookEvent(run: HookRun, toolUseId?: string): AgentEvent {
  return {
    type: 'hook_run',
    conversationId: 'c1',
    turnId: 't1',
    ...(toolUseId ? { toolUseId } : {}),
    run,
  };
}

describe('hook steps', () => {
  it('hook steps - live, a hook run is shown under its tool call with its words and first lines', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'clean up{Enter}');
    fake.emit('agent', ev.turnStart('clean up'));
    fake.emit(
      'agent',
      ev.toolStart('u1', 'Running rm -rf build', { command: 'rm -rf build' }, 'run_command'),
    );
    fake.emit('agent', ev.toolStart('u2', 'Reading a.txt', { path: 'a.txt' }));
    fake.emit('agent', hookEvent(blocked, 'u1'));

    const steps = await screen.findAllByRole('listitem');
    const labels = steps.map((step) => step.getAttribute('data-testid'));
    expect(labels).toEqual(['step', 'hook-step', 'step']);
    const hook = screen.getByTestId('hook-step');
    expect(hook).toHaveAttribute('data-outcome', 'blocked');
    expect(hook).toHaveTextContent(
      'Hook (yours) PreToolUse on run_command · `./no-rm.sh` · blocked (exit 2) · 0.4 s',
    );
    const output = within(hook).getByLabelText('What the hook printed');
    expect(output.textContent).toBe('rm -rf is not allowed\n<img src=x onerror=alert(1)>');
    expect(hook.querySelector('img')).toBeNull();
  });

  it('hook steps - after the turn the summary counts them and a failed hook is a problem', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'read it{Enter}');
    fake.emit('agent', ev.turnStart('read it'));
    fake.emit('agent', ev.toolStart('u1', 'Reading a.txt', { path: 'a.txt' }));
    fake.emit('agent', ev.toolEnd('u1', 'ok', 'alpha'));
    fake.emit('agent', ev.text('It says alpha.', 'm1'));
    fake.emit('agent', hookEvent(failed));
    fake.emit('agent', ev.turnEnd());

    const summary = await screen.findByRole('button', { name: /Done \(2 steps\)/ });
    expect(summary).toHaveTextContent('1 problem');
    await userEvent.click(summary);
    expect(screen.getByTestId('hook-step')).toHaveTextContent(
      "Hook (the project's) Stop · `npm run lint` · failed (exit 1), did not block · 2.3 s",
    );
  });

  it('hook steps - a conversation reloaded from history shows its hook runs in place', async () => {
    const fake = createFakeSluice();
    const view: ConversationView = {
      id: 'c7',
      projectId: 'p1',
      title: 'Earlier',
      createdAt: 1,
      updatedAt: 2,
      items: [
        { type: 'user', id: 'u', text: 'deploy to production', createdAt: 1 },
        {
          type: 'hook',
          id: 'hook-t0-0',
          turnId: 't0',
          run: {
            ...blocked,
            event: 'UserPromptSubmit',
            toolName: undefined,
            command: './no-deploys.sh',
            output: 'no deploys on Friday',
            reason: 'no deploys on Friday',
          },
          message: 'Deploys are frozen until Monday.',
        },
      ],
      usage: {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0,
      },
      running: false,
      canContinue: false,
    };
    fake.handle('agent.listConversations', () => [
      listedConversation({ id: 'c7', title: 'Earlier' }),
    ]);
    fake.handle('agent.getConversation', () => view);
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier' }));
    await userEvent.click(await screen.findByRole('button', { name: /Done \(1 step\)/ }));
    const hook = screen.getByTestId('hook-step');
    expect(hook).toHaveTextContent(
      'Hook (yours) UserPromptSubmit · `./no-deploys.sh` · blocked (exit 2) · 0.4 s',
    );
    expect(within(hook).getByLabelText('What the hook printed').textContent).toBe(
      'Deploys are frozen until Monday.\nno deploys on Friday',
    );
  });
});
