import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConversationList } from '../../../src/renderer/src/chat/conversation-list';
import { shortWhen } from '../../../src/shared/conversation-listing-text';
import { createFakeSluice } from '../support/fake-sluice';
import { listedConversation } from '../support/listed-conversation';
import { renderWithClient } from '../support/render-with-client';

const AT = Date.now() - 60_000;

const all = [
  listedConversation({ id: 'c1', title: 'Fix the cart', updatedAt: AT, turns: 3, costUsd: 0.041 }),
  listedConversation({ id: 'c2', title: 'Add retries', updatedAt: AT, kind: 'propose' }),
  listedConversation({
    id: 'c3',
    title: 'Rename it',
    updatedAt: AT,
    kind: 'worktree',
    worktree: 'task-1',
  }),
];

function renderList(fake = createFakeSluice()) {
  renderWithClient(
    <ConversationList
      conversations={all}
      activeId="c1"
      error={null}
      onSelect={() => undefined}
      onRename={() => undefined}
      onDelete={() => undefined}
    />,
    fake,
  );
  return fake;
}

describe('ConversationList', () => {
  it('each item - its title opens it; when, turns, cost and marks describe it', () => {
    renderList();
    const cart = screen.getByRole('button', { name: 'Fix the cart' });
    expect(cart).toHaveAccessibleDescription(`${shortWhen(AT, Date.now())} · 3 turns · $0.04`);
    expect(cart).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Add retries' })).toHaveAccessibleDescription(
      / · 1 turn · \$0\.00 propose$/u,
    );
    expect(screen.getByRole('button', { name: 'Rename it' })).toHaveAccessibleDescription(
      /worktree task-1$/u,
    );
  });

  it('search - asks main once typing pauses, shows what it found, Escape shows all again', async () => {
    const fake = createFakeSluice();
    fake.handle('agent.listConversations', ({ search }) => (search === 'cart' ? [all[0]!] : []));
    renderList(fake);
    const field = screen.getByRole('searchbox', { name: 'Search conversations' });
    await userEvent.type(field, 'cart');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Fix the cart' })).toBeInTheDocument();
    expect(fake.callsTo('agent.listConversations')).toEqual([{ search: 'cart', limit: 1000 }]);

    await userEvent.clear(field);
    await userEvent.type(field, 'nothing');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('No conversation matches “nothing”.'),
    );
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    await userEvent.type(field, '{Escape}');
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
  });
});
