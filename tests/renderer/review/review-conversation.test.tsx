import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import { editRequest, ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

describe('ReviewHost - a waiting approval opens over its own conversation', () => {
  it('after a reload - the pending approval shows the conversation that asked, once', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.pending', () => [
      { ...editRequest(), conversationId: 'c-asked', turnId: 't1' },
    ]);
    const shown: string[] = [];
    renderWithClient(
      <ReviewHost activeConversationId={null} onShowConversation={(id) => shown.push(id)} />,
      fake,
    );
    await screen.findByRole('dialog', { name: /Edit src\/app\.ts/u });
    expect(shown).toEqual(['c-asked']);
    await userEvent.click(screen.getByRole('button', { name: /^Approve/u }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shown).toEqual(['c-asked']);
  });

  it('the conversation already on screen - nothing moves', async () => {
    const fake = createFakeSluice();
    const shown: string[] = [];
    renderWithClient(
      <ReviewHost activeConversationId="c1" onShowConversation={(id) => shown.push(id)} />,
      fake,
    );
    fake.emit('agent', ev.approval(editRequest(), 'c1'));
    await screen.findByRole('dialog');
    expect(shown).toEqual([]);
  });
});
