import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { ev } from '../support/agent-events';
import { createFakeSluice, type FakeSluice } from '../support/fake-sluice';
import { listedConversation } from '../support/listed-conversation';
import { renderWithClient } from '../support/render-with-client';

async function openChat(fake: FakeSluice) {
  renderWithClient(<App />, fake);
  const input = await screen.findByRole('textbox', { name: 'Message' });
  return input;
}

async function sendMessage(fake: FakeSluice, text: string) {
  const input = await openChat(fake);
  await userEvent.type(input, `${text}{Enter}`);
  await waitFor(() => expect(fake.callsTo('agent.send')).toHaveLength(1));
  fake.emit('agent', ev.turnStart(text));
}

describe('ChatView', () => {
  it('Enter sends, Shift+Enter adds a line - exactly one agent.send with the text', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    await userEvent.type(input, 'first line{Shift>}{Enter}{/Shift}second{Enter}');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([{ text: 'first line\nsecond', mentions: [] }]),
    );
    await waitFor(() => expect(input).toHaveValue(''));
    expect(fake.invalid).toEqual([]);
  });

  it('streamed text - appears progressively as deltas arrive', async () => {
    const fake = createFakeSluice();
    await sendMessage(fake, 'What does app.ts do?');
    expect(screen.getByTestId('user-message')).toHaveTextContent('What does app.ts do?');
    fake.emit('agent', ev.text('It starts '));
    expect(screen.getByTestId('assistant-message')).toHaveTextContent('It starts');
    expect(screen.getByTestId('assistant-message')).not.toHaveTextContent('the server');
    fake.emit('agent', ev.text('the **server**.'));
    expect(screen.getByTestId('assistant-message')).toHaveTextContent('It starts the server.');
    expect(screen.getByTestId('assistant-message').querySelector('strong')).toHaveTextContent(
      'server',
    );
  });

  it('steps - update live, then collapse to "Done (N steps)" that expands to inputs and results', async () => {
    const fake = createFakeSluice();
    await sendMessage(fake, 'look around');
    fake.emit('agent', ev.toolStart('u1', 'Reading src/app.ts', { path: 'src/app.ts' }));
    fake.emit(
      'agent',
      ev.toolStart('u2', "Searching for 'TODO'", { pattern: 'TODO' }, 'search_files'),
    );
    let steps = screen.getAllByTestId('step');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveAttribute('data-status', 'running');
    expect(steps[0]).toHaveTextContent('Reading src/app.ts');
    fake.emit('agent', ev.toolEnd('u1', 'ok', '1: export const app = 1;'));
    fake.emit('agent', ev.toolEnd('u2', 'error', 'bad regex', 'search_files'));
    steps = screen.getAllByTestId('step');
    expect(steps[0]).toHaveAttribute('data-status', 'ok');
    expect(steps[1]).toHaveAttribute('data-status', 'error');
    fake.emit('agent', ev.text('All read.', 'm2'));
    fake.emit('agent', ev.turnEnd());

    expect(screen.queryAllByTestId('step')).toHaveLength(0);
    const summary = screen.getByRole('button', { name: /Done \(2 steps\)/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(summary);
    expect(screen.getAllByTestId('step')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /Reading src\/app\.ts/ }));
    expect(screen.getByText(/"path": "src\/app.ts"/)).toBeInTheDocument();
    expect(screen.getByText('1: export const app = 1;')).toBeInTheDocument();
  });

  it('Stop - sends agent.abort for the running conversation', async () => {
    const fake = createFakeSluice();
    await sendMessage(fake, 'long task');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(fake.callsTo('agent.abort')).toEqual([{ conversationId: 'c1' }]);
    fake.emit('agent', ev.turnEnd('aborted'));
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByText('Stopped.')).toBeInTheDocument();
  });

  it('round limit - offers Continue, which sends agent.continue', async () => {
    const fake = createFakeSluice();
    fake.handle('agent.continue', () => ({ conversationId: 'c1', turnId: 't1' }));
    await sendMessage(fake, 'big job');
    fake.emit('agent', ev.turnEnd('max_turns'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(fake.callsTo('agent.continue')).toEqual([{ conversationId: 'c1' }]);
  });

  it('error - shown in the conversation with Retry, which sends agent.retry', async () => {
    const fake = createFakeSluice();
    fake.handle('agent.retry', () => ({ conversationId: 'c1', turnId: 't2' }));
    await sendMessage(fake, 'hello');
    fake.emit('agent', ev.error('The API is overloaded.'));
    fake.emit('agent', ev.turnEnd('error'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The API is overloaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(fake.callsTo('agent.retry')).toEqual([{ conversationId: 'c1' }]);
  });

  it('usage - the meter adds up tokens and cost', async () => {
    const fake = createFakeSluice();
    await sendMessage(fake, 'hi');
    fake.emit('agent', ev.usage(1200, 300, 0.25));
    fake.emit('agent', ev.usage(800, 200, 0.5));
    const meter = screen.getByTestId('usage-meter');
    expect(meter).toHaveTextContent('2.0k in');
    expect(meter).toHaveTextContent('500 out');
    expect(meter).toHaveTextContent('$0.75');
  });

  it('usage - a finished turn says what it cost; the meter shows the total and the context in use', async () => {
    const fake = createFakeSluice();
    await sendMessage(fake, 'hi');
    fake.emit('agent', ev.text('Hello.'));
    fake.emit('agent', ev.usage(20_000, 300, 0.07, 200_000));
    expect(screen.queryByTestId('turn-cost')).toBeNull();
    fake.emit('agent', ev.usage(24_000, 500, 0.09, 200_000));
    fake.emit('agent', ev.turnEnd());
    expect(await screen.findByTestId('turn-cost')).toHaveTextContent(
      'This turn: 44k in · 800 out · $0.16',
    );
    const meter = screen.getByTestId('usage-meter');
    expect(meter).toHaveTextContent('44k in · 800 out · $0.16');
    const context = within(meter).getByTestId('usage-context');
    expect(context).toHaveTextContent('Context 12%');
    expect(context).toHaveAttribute('title', 'Context: 12% (25k of 200k tokens)');
  });

  it("usage - a stored conversation shows each turn's cost and the context less a compaction since", async () => {
    const fake = createFakeSluice();
    const usage = (inputTokens: number, costUsd: number) => ({
      inputTokens,
      outputTokens: 100,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd,
    });
    fake.handle('agent.listConversations', () => [
      listedConversation({ id: 'c7', title: 'Earlier' }),
    ]);
    fake.handle('agent.getConversation', () => ({
      id: 'c7',
      projectId: 'p1',
      title: 'Earlier',
      createdAt: 1,
      updatedAt: 1,
      items: [
        { type: 'user', id: 'u1', text: 'first', createdAt: 1 },
        { type: 'assistant_text', id: 'm1', turnId: 't1', text: 'one' },
        { type: 'user', id: 'u2', text: 'second', createdAt: 2 },
        { type: 'assistant_text', id: 'm2', turnId: 't2', text: 'two' },
      ],
      usage: usage(60_000, 0.3),
      running: false,
      canContinue: false,
      turnUsage: [
        { turnId: 't1', usage: usage(20_000, 0.1) },
        { turnId: 't2', usage: usage(40_000, 0.2) },
      ],
      latestUsage: usage(40_000, 0.2),
      contextWindow: 200_000,
      contextSavedTokens: 30_000,
      compactions: [
        {
          afterTurnId: 't2',
          turnsSummarised: 2,
          tokensBefore: 38_000,
          tokensAfter: 8_000,
          draftedBy: 'sluice',
        },
      ],
    }));
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier' }));
    const costs = await screen.findAllByTestId('turn-cost');
    expect(costs.map((cost) => cost.textContent)).toEqual([
      'This turn: 20k in · 100 out · $0.10',
      'This turn: 40k in · 100 out · $0.20',
    ]);
    expect(screen.getByTestId('compaction-mark')).toHaveTextContent(
      'Compacted: 2 earlier turns are now sent as a summary (≈38k → 8.0k tokens)',
    );
    expect(screen.getByTestId('usage-context')).toHaveTextContent('Context 5%');
  });

  it('@-mention - completes from files and symbols and passes the mentions in agent.send', async () => {
    const fake = createFakeSluice();
    fake.handle('symbols.searchFiles', ({ query }) =>
      query.startsWith('app') ? ['src/app.ts'] : [],
    );
    fake.handle('symbols.search', ({ query }) =>
      query.startsWith('star')
        ? [
            {
              name: 'startServer',
              kind: 'function',
              path: 'src/server.ts',
              line: 4,
              column: 0,
              exported: true,
              signature: '',
            },
          ]
        : [],
    );
    const input = await openChat(fake);
    await userEvent.type(input, 'explain @app');
    const option = await screen.findByRole('option', { name: /@src\/app\.ts/ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    // A textarea stays a textbox: no aria-expanded; the highlighted option is its active one.
    expect(input).not.toHaveAttribute('aria-expanded');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    expect(screen.getByRole('listbox')).toHaveAttribute('id', input.getAttribute('aria-controls'));
    // The top bar has its own status region (index notices): pick the input's by its text.
    expect(screen.getByText(/^1 suggestion:/)).toHaveAttribute('role', 'status');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('explain @src/app.ts ');
    expect(fake.callsTo('agent.send')).toEqual([]);
    await userEvent.type(input, 'and @star');
    await screen.findByRole('option', { name: /@startServer/ });
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([
        {
          text: 'explain @src/app.ts and @startServer',
          mentions: [
            { type: 'file', value: 'src/app.ts' },
            { type: 'symbol', value: 'src/server.ts#startServer' },
          ],
        },
      ]),
    );
  });

  it('conversation list - rename and delete call the contract', async () => {
    const fake = createFakeSluice();
    let title = 'Old title';
    fake.handle('agent.listConversations', () => [listedConversation({ id: 'c9', title })]);
    fake.handle('agent.renameConversation', ({ conversationId, title: next }) => {
      title = next;
      return { id: conversationId, projectId: 'p1', title: next, createdAt: 1, updatedAt: 3 };
    });
    fake.handle('agent.deleteConversation', () => ({ deleted: true }));
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Old title' }));
    const field = screen.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.clear(field);
    await userEvent.type(field, 'New title{Enter}');
    expect(fake.callsTo('agent.renameConversation')).toEqual([
      { conversationId: 'c9', title: 'New title' },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete New title' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fake.callsTo('agent.deleteConversation')).toEqual([{ conversationId: 'c9' }]);
  });

  it('history - picking a conversation loads and shows its stored transcript', async () => {
    const fake = createFakeSluice();
    fake.handle('agent.listConversations', () => [
      listedConversation({ id: 'c7', title: 'Earlier' }),
    ]);
    fake.handle('agent.getConversation', () => ({
      id: 'c7',
      projectId: 'p1',
      title: 'Earlier',
      createdAt: 1,
      updatedAt: 2,
      items: [
        { type: 'user', id: 'u1', text: 'old question', createdAt: 1 },
        {
          type: 'tool',
          id: 'x1',
          turnId: 't0',
          name: 'read_file',
          label: 'Reading a.ts',
          input: {},
          status: 'ok',
          result: 'ok',
        },
        { type: 'assistant_text', id: 'm0', turnId: 't0', text: 'old answer' },
      ],
      usage: {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0.01,
      },
      running: false,
      canContinue: false,
    }));
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier' }));
    expect(await screen.findByText('old answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Done \(1 step\)/ })).toBeInTheDocument();
    expect(fake.callsTo('agent.getConversation')).toEqual([{ conversationId: 'c7' }]);
  });
});
