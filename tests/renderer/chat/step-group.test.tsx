import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { ConversationView } from '../../../src/shared/contract';
import { ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { listedConversation } from '../support/listed-conversation';
import { renderWithClient } from '../support/render-with-client';

const CONFLICT_RESULT =
  'Conflict: src/config.ts changed on disk after the proposal was made (base sha256 0123456789ab…, sha256 now ba9876543210…). Nothing was written. Re-read the file with read_file and propose the change again against its current content.';

const editInput = {
  path: 'src/config.ts',
  edits: [{ old_text: 'a', new_text: 'b' }],
};

function storedConversation(): ConversationView {
  return {
    id: 'c7',
    projectId: 'p1',
    title: 'Earlier',
    createdAt: 1,
    updatedAt: 2,
    items: [
      { type: 'user', id: 'u1', text: 'change the greeting', createdAt: 1 },
      {
        type: 'tool',
        id: 'x1',
        turnId: 't0',
        name: 'read_file',
        label: 'Reading src/config.ts',
        input: { path: 'src/config.ts' },
        status: 'ok',
        result: '1: export const greeting = 1;',
      },
      {
        type: 'tool',
        id: 'x2',
        turnId: 't0',
        name: 'edit_file',
        label: 'Editing src/config.ts',
        input: editInput,
        status: 'conflict',
        result: CONFLICT_RESULT,
      },
      { type: 'assistant_text', id: 'm0', turnId: 't0', text: 'The file changed under me.' },
    ],
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
    running: false,
    canContinue: false,
  };
}

describe('StepGroup', () => {
  it('conflict - after the turn ended the collapsed summary names the file that conflicted', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'change the greeting{Enter}');
    fake.emit('agent', ev.turnStart('change the greeting'));
    fake.emit('agent', ev.toolStart('u1', 'Editing src/config.ts', editInput, 'edit_file'));
    fake.emit('agent', ev.toolEnd('u1', 'conflict', CONFLICT_RESULT, 'edit_file'));
    fake.emit('agent', ev.text('The file changed under me.', 'm2'));
    fake.emit('agent', ev.turnEnd());

    expect(screen.queryAllByTestId('step')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Done \(1 step\)/ })).toHaveTextContent('1 problem');
    const unwritten = screen.getByRole('list', { name: 'Not written or not run' });
    expect(within(unwritten).getByRole('listitem')).toHaveTextContent(
      /^Conflict: src\/config\.ts changed on disk.*nothing was written\.$/,
    );
  });

  it('conflict - a conversation reloaded from history still names the file that conflicted', async () => {
    const fake = createFakeSluice();
    fake.handle('agent.listConversations', () => [
      listedConversation({ id: 'c7', title: 'Earlier' }),
    ]);
    fake.handle('agent.getConversation', () => storedConversation());
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier' }));
    await screen.findByText('The file changed under me.');

    const summary = screen.getByRole('button', { name: /Done \(2 steps\)/ });
    expect(summary).toHaveTextContent('1 problem');
    const items = within(screen.getByRole('list', { name: 'Not written or not run' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAttribute('data-status', 'conflict');
    expect(items[0]).toHaveTextContent('Conflict: src/config.ts changed on disk');

    // The step itself keeps its status and what the model was told.
    await userEvent.click(summary);
    const conflicted = screen.getAllByTestId('step')[1]!;
    expect(conflicted).toHaveAttribute('data-status', 'conflict');
    await userEvent.click(
      within(conflicted).getByRole('button', { name: /Editing src\/config\.ts/ }),
    );
    expect(conflicted).toHaveTextContent('Nothing was written.');
  });

  it('no unwritten files - a turn whose steps all succeeded shows no such list', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'read it{Enter}');
    fake.emit('agent', ev.turnStart('read it'));
    fake.emit('agent', ev.toolStart('u1', 'Reading src/config.ts', { path: 'src/config.ts' }));
    fake.emit('agent', ev.toolEnd('u1', 'ok', 'text'));
    fake.emit('agent', ev.turnEnd());
    expect(screen.getByRole('button', { name: /Done \(1 step\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Not written or not run' })).toBeNull();
  });

  it('the person own reject - not counted as a problem; named as theirs, in a plain tone', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'change the greeting{Enter}');
    fake.emit('agent', ev.turnStart('change the greeting'));
    fake.emit('agent', ev.toolStart('u1', 'Editing src/config.ts', editInput, 'edit_file'));
    fake.emit(
      'agent',
      ev.toolEnd(
        'u1',
        'rejected',
        'The person rejected the change to src/config.ts; nothing was written. They gave no reason; ask them what they want instead of retrying the same change.',
        'edit_file',
      ),
    );
    fake.emit('agent', ev.turnEnd());

    const summary = screen.getByRole('button', { name: /Done \(1 step\)/ });
    expect(summary).not.toHaveTextContent(/problem/u);
    const item = within(screen.getByRole('list', { name: 'Not written or not run' })).getByRole(
      'listitem',
    );
    expect(item).toHaveTextContent(
      'You rejected the change to src/config.ts; nothing was written.',
    );
    expect(item).toHaveAttribute('data-status', 'you-rejected');
    await userEvent.click(summary);
    const step = screen.getByTestId('step');
    expect(step).toHaveAttribute('data-status', 'you-rejected');
    expect(step).toHaveTextContent('you rejected it');
  });

  it('a reject nobody chose - still counted as a problem', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(input, 'change the greeting{Enter}');
    fake.emit('agent', ev.turnStart('change the greeting'));
    fake.emit('agent', ev.toolStart('u1', 'Editing src/config.ts', editInput, 'edit_file'));
    fake.emit(
      'agent',
      ev.toolEnd(
        'u1',
        'rejected',
        'The change to src/config.ts was not written: nobody could be asked (there is no terminal to ask the person).',
        'edit_file',
      ),
    );
    fake.emit('agent', ev.turnEnd());
    expect(screen.getByRole('button', { name: /Done \(1 step\)/ })).toHaveTextContent('1 problem');
  });
});
