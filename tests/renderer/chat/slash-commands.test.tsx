import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { Checkpoint } from '../../../src/shared/contract';
import { BUILT_IN_SLASH_COMMANDS } from '../../../src/shared/slash-commands';
import { ev } from '../support/agent-events';
import { createFakeSluice, sampleSettings, type FakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const review = {
  name: 'review',
  description: 'Review the changes',
  body: 'Review $ARGUMENTS and list the risks.',
  file: '.sluice/commands/review.md',
};

function withProjectCommands(): FakeSluice {
  const fake = createFakeSluice();
  fake.handle('project.commands', () => ({ commands: [review], skipped: [] }));
  return fake;
}

async function openChat(fake: FakeSluice) {
  renderWithClient(<App />, fake);
  return screen.findByRole('textbox', { name: 'Message' });
}

/** Types a command and sends it (Enter on a command typed in full sends it). */
async function run(fake: FakeSluice, command: string) {
  const input = await openChat(fake);
  await userEvent.type(input, command);
  await userEvent.keyboard('{Escape}{Enter}');
  return input;
}

describe('slash command list', () => {
  it('"/" - lists every command with its line, the project ones marked, as a listbox', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    await userEvent.type(input, '/');
    const list = await screen.findByRole('listbox', { name: 'Commands' });
    await within(list).findByRole('option', { name: /\/review/ });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(BUILT_IN_SLASH_COMMANDS.length + 1);
    expect(options[0]).toHaveTextContent('/helpList the commands');
    expect(options.at(-1)).toHaveTextContent('/reviewReview the changes · project');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(screen.getByText(/^17 commands: arrows to choose/)).toHaveAttribute('role', 'status');
  });

  it('keys - arrows move, Enter takes and fills the command in, nothing is sent', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    await userEvent.type(input, '/c');
    await screen.findByRole('option', { name: /\/clear/ });
    await userEvent.keyboard('{ArrowDown}');
    const commit = screen.getByRole('option', { name: /\/commit/ });
    expect(commit).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', commit.id);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('/commit ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fake.callsTo('agent.send')).toEqual([]);
  });

  it('Tab takes a project command; Escape closes the list', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    await userEvent.type(input, '/rev');
    await screen.findByRole('option', { name: /\/review/ });
    await userEvent.keyboard('{Tab}');
    expect(input).toHaveValue('/review ');
    await userEvent.clear(input);
    await userEvent.type(input, '/he');
    await screen.findByRole('listbox', { name: 'Commands' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('a path - "/usr/bin/x is slow" opens no list and is sent as it is', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    await userEvent.type(input, '/usr/bin/x is slow');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([{ text: '/usr/bin/x is slow', mentions: [] }]),
    );
    expect(screen.queryByTestId('slash-notice')).toBeNull();
  });
});

describe('slash commands on send', () => {
  it('/help - lists the commands in the chat, sends nothing, empties the box', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    // Typed out in full, Enter runs the command rather than taking it from the list again.
    await userEvent.type(input, '/help');
    await screen.findByRole('option', { name: /\/help/ });
    await userEvent.keyboard('{Enter}');
    const notice = await screen.findByTestId('slash-notice');
    expect(notice).toHaveTextContent('/help Type / in the message box');
    expect(within(notice).getByText('/mode ask|auto-edit|read-only|plan')).toBeInTheDocument();
    expect(within(notice).getByText('/review')).toBeInTheDocument();
    expect(within(notice).getByText('Review the changes')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(fake.callsTo('agent.send')).toEqual([]);
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('slash-notice')).toBeNull();
  });

  it('unknown /word - says so, keeps the text, never reaches the model', async () => {
    const fake = withProjectCommands();
    const input = await run(fake, '/nope now');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Unknown command /nope — type / to see the commands');
    expect(input).toHaveValue('/nope now');
    expect(fake.callsTo('agent.send')).toEqual([]);
  });

  it('project command - its prompt with $ARGUMENTS filled in is sent, and the notice names it', async () => {
    const fake = withProjectCommands();
    await run(fake, '/review src/a.ts');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([
        { text: 'Review src/a.ts and list the risks.', mentions: [] },
      ]),
    );
    expect(screen.getByTestId('slash-notice')).toHaveTextContent(
      '/review sent the prompt of .sluice/commands/review.md.',
    );
  });

  it('/mode - sets the approval mode through the contract; an unknown mode is refused', async () => {
    const fake = withProjectCommands();
    fake.handle('approvals.setMode', ({ mode }) => ({ mode }));
    await run(fake, '/mode auto-edit');
    await waitFor(() => expect(fake.callsTo('approvals.setMode')).toEqual([{ mode: 'auto-edit' }]));
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      '/mode Approval mode set to auto-edit (apply edits without asking',
    );
    await runInOpenChat('/mode yolo');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no approval mode “yolo”');
    expect(fake.callsTo('approvals.setMode')).toHaveLength(1);
  });

  it('/model NAME - saves the model in the settings and says which', async () => {
    const fake = withProjectCommands();
    fake.handle('settings.set', (patch) => ({
      ...sampleSettings,
      model: patch.model ?? sampleSettings.model,
    }));
    await run(fake, '/model claude-opus-5');
    await waitFor(() => expect(fake.callsTo('settings.set')).toEqual([{ model: 'claude-opus-5' }]));
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      '/model Model set to claude-opus-5',
    );
  });

  it("/cost and /context - the meter's words: what the conversation cost, how full the window is", async () => {
    const fake = withProjectCommands();
    const input = await run(fake, '/cost');
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      'Nothing has been sent in this conversation yet: $0.00.',
    );
    await userEvent.type(input, 'hello{Enter}');
    fake.emit('agent', ev.turnStart('hello'));
    fake.emit('agent', ev.usage(30_000, 1_000, 0.12, 200_000));
    fake.emit('agent', ev.turnEnd());
    await runInOpenChat('/cost');
    await waitFor(() =>
      expect(screen.getByTestId('slash-notice')).toHaveTextContent(
        '/cost Cost: $0.12 (30k in · 1.0k out) for this conversation so far',
      ),
    );
    await runInOpenChat('/context');
    await waitFor(() =>
      expect(screen.getByTestId('slash-notice')).toHaveTextContent(
        '/context Context: 16% (31k of 200k tokens) for the next request.',
      ),
    );
    expect(fake.callsTo('agent.send')).toHaveLength(1);
  });

  it('/compact - compacts the open conversation, says what it saved and shows the mark', async () => {
    const fake = withProjectCommands();
    const input = await run(fake, '/compact');
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      'This is a new conversation: nothing to compact yet.',
    );
    expect(fake.callsTo('agent.compact')).toEqual([]);
    let compacted = false;
    fake.handle('agent.compact', () => {
      compacted = true;
      return {
        turnsSummarised: 6,
        tokensBefore: 41_200,
        tokensAfter: 3_100,
        draftedBy: 'model',
        usage: null,
      };
    });
    fake.handle('agent.getConversation', ({ conversationId }) => ({
      id: conversationId,
      projectId: 'p1',
      title: 'hello',
      createdAt: 1,
      updatedAt: 1,
      items: [
        { type: 'user', id: 'u1', text: 'hello', createdAt: 1 },
        { type: 'assistant_text', id: 'a1', turnId: 't1', text: 'Hi.' },
      ],
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0,
      },
      running: false,
      canContinue: false,
      compactions: compacted
        ? [
            {
              afterTurnId: 't1',
              turnsSummarised: 6,
              tokensBefore: 41_200,
              tokensAfter: 3_100,
              draftedBy: 'model',
            },
          ]
        : [],
    }));
    await userEvent.type(input, 'hello{Enter}');
    fake.emit('agent', ev.turnStart('hello'));
    fake.emit('agent', ev.turnEnd());
    await runInOpenChat('/compact');
    const line = 'Compacted: 6 earlier turns are now sent as a summary (≈41k → 3.1k tokens)';
    await waitFor(() =>
      expect(screen.getByTestId('slash-notice')).toHaveTextContent(`/compact ${line}`),
    );
    expect(fake.callsTo('agent.compact')).toEqual([{ conversationId: 'c1' }]);
    expect(await screen.findByTestId('compaction-mark')).toHaveTextContent(line);
    expect(fake.callsTo('agent.send')).toHaveLength(1);
  });

  it('/compact - a refusal from main is shown in its words and nothing changes', async () => {
    const fake = withProjectCommands();
    fake.handle('agent.compact', () => {
      throw new Error('Nothing to compact: no turn has finished since the last compaction.');
    });
    const input = await openChat(fake);
    await userEvent.type(input, 'hello{Enter}');
    fake.emit('agent', ev.turnStart('hello'));
    await runInOpenChat('/compact');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A turn is running: let it finish or stop it, then /compact.',
    );
    expect(fake.callsTo('agent.compact')).toEqual([]);
    fake.emit('agent', ev.turnEnd());
    await userEvent.clear(input);
    await runInOpenChat('/compact');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        '/compact did not run: Nothing to compact: no turn has finished since the last compaction.',
      ),
    );
    expect(screen.queryByTestId('compaction-mark')).toBeNull();
  });

  it('/undo - undoes the last turn that changed files through checkpoints.undoTurn', async () => {
    const fake = withProjectCommands();
    const changed: Checkpoint = {
      id: 'k1',
      conversationId: 'c1',
      turnId: 't1',
      path: 'src/a.ts',
      createdAt: 1,
      change: 'modified',
      undone: false,
    };
    fake.handle('checkpoints.list', () => [changed]);
    fake.handle('checkpoints.undoTurn', () => ({ undone: ['k1'], refused: [] }));
    const input = await openChat(fake);
    await userEvent.type(input, 'change a{Enter}');
    fake.emit('agent', ev.turnStart('change a'));
    fake.emit('agent', ev.text('Changed.'));
    fake.emit('agent', ev.turnEnd());
    await screen.findByRole('region', { name: 'Files changed' });
    await runInOpenChat('/undo');
    await waitFor(() =>
      expect(fake.callsTo('checkpoints.undoTurn')).toEqual([{ turnId: 't1', force: false }]),
    );
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      '/undo Undid the last turn: 1 file put back (src/a.ts).',
    );
    expect(fake.callsTo('agent.send')).toHaveLength(1);
  });

  it('/clear - starts a new conversation', async () => {
    const fake = withProjectCommands();
    const input = await openChat(fake);
    await userEvent.type(input, 'hello{Enter}');
    fake.emit('agent', ev.turnStart('hello'));
    await screen.findByTestId('user-message');
    await runInOpenChat('/cost');
    // While the turn runs, a built-in still answers; nothing is sent.
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent('/cost');
    fake.emit('agent', ev.turnEnd());
    await runInOpenChat('/clear');
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent(
      '/clear Started a new conversation',
    );
    expect(screen.queryByTestId('user-message')).toBeNull();
    expect(screen.getByRole('heading', { name: 'New conversation' })).toBeInTheDocument();
  });

  it('/mcp, /commit - open the Settings section or the view and move the keyboard there', async () => {
    const fake = withProjectCommands();
    fake.handle('git.changes', () => ({
      repository: true,
      branch: 'main',
      files: [
        {
          path: 'src/a.ts',
          state: 'modified',
          by: 'person',
          checkpointId: null,
          conversationId: null,
          hunks: [],
          unifiedDiff: '',
          note: null,
        },
      ],
    }));
    await run(fake, '/mcp');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    const mcp = (await screen.findByText('MCP servers')).closest('fieldset')!;
    await waitFor(() => expect(mcp.contains(document.activeElement)).toBe(true));

    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await runInOpenChat('/commit');
    expect(screen.getByRole('tab', { name: 'Changes' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'commit-message'));
  });

  it('/resume ID - opens that conversation; without an id, the list gets the keyboard', async () => {
    const fake = withProjectCommands();
    fake.handle('agent.listConversations', () => [
      summary('c7abc', 'Parser work'),
      summary('c8def', 'Other'),
    ]);
    await openChat(fake);
    await screen.findByRole('button', { name: 'Parser work' });
    await runInOpenChat('/resume c7');
    await waitFor(() =>
      expect(fake.callsTo('agent.getConversation')).toEqual([{ conversationId: 'c7abc' }]),
    );
    expect(await screen.findByTestId('slash-notice')).toHaveTextContent('/resume Resumed “');
    await runInOpenChat('/resume');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Parser work' })),
    );
  });
});

/** Sends a command from the message box already on screen. */
async function runInOpenChat(command: string) {
  const input = await screen.findByRole('textbox', { name: 'Message' });
  await userEvent.type(input, command);
  await userEvent.keyboard('{Escape}{Enter}');
}

/** A conversation summary; fields a list may not carry yet are dropped by its schema. */
function summary(id: string, title: string) {
  const usage = { turns: 1, costUsd: 0, inputTokens: 0, outputTokens: 0 };
  return {
    id,
    projectId: 'p1',
    title,
    createdAt: 1,
    updatedAt: 1,
    mode: null,
    kind: 'chat',
    ...usage,
  } as never;
}
