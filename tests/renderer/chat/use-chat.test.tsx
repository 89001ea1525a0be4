// useChat (issue 23 item 7): leaving a conversation mid-reply and coming back keeps the text
// streamed so far and its usage (the stored view does not have them yet); a conversation
// that is not running is read again from the store.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ClientProvider } from '../../../src/renderer/src/app/client-context';
import { useChat } from '../../../src/renderer/src/chat/use-chat';
import { ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';

const stored = (id: string, running: boolean, text = '') => ({
  id,
  projectId: 'p1',
  title: id,
  createdAt: 1,
  updatedAt: 1,
  items: text
    ? [
        { type: 'user' as const, id: `${id}-u`, text: 'q', createdAt: 1 },
        { type: 'assistant_text' as const, id: `${id}-a`, turnId: 't0', text },
      ]
    : [],
  usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
  running,
  canContinue: false,
});

function setup() {
  const fake = createFakeSluice();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ClientProvider client={fake.client}>{children}</ClientProvider>
  );
  const hook = renderHook(() => useChat(), { wrapper });
  return { fake, hook };
}

function textOf(state: ReturnType<typeof useChat>['active']): string {
  return (state?.items ?? []).map((i) => (i.type === 'assistant_text' ? i.text : '')).join('');
}

describe('useChat', () => {
  it('select - coming back to a conversation mid-reply keeps the streamed text and usage', async () => {
    const { fake, hook } = setup();
    fake.handle('agent.getConversation', ({ conversationId }) =>
      stored(conversationId, conversationId === 'c1'),
    );
    await act(() => hook.result.current.select('c1'));
    act(() => {
      fake.emit('agent', ev.turnStart('q'));
      fake.emit('agent', ev.text('Hello, wor'));
      fake.emit('agent', ev.usage(120, 30, 0.01));
    });
    expect(textOf(hook.result.current.active)).toBe('Hello, wor');
    await act(() => hook.result.current.select('c2'));
    expect(hook.result.current.activeId).toBe('c2');
    await act(() => hook.result.current.select('c1'));
    act(() => fake.emit('agent', ev.text('ld')));
    await waitFor(() => expect(textOf(hook.result.current.active)).toBe('Hello, world'));
    expect(hook.result.current.active?.usage.inputTokens).toBe(120);
    expect(hook.result.current.active?.running).toBe(true);
  });

  it('select - a conversation that is not running is read again from the store', async () => {
    const { fake, hook } = setup();
    let answer = 'first';
    fake.handle('agent.getConversation', ({ conversationId }) =>
      stored(conversationId, false, answer),
    );
    await act(() => hook.result.current.select('c1'));
    expect(textOf(hook.result.current.active)).toBe('first');
    answer = 'second';
    await act(() => hook.result.current.select('c2'));
    await act(() => hook.result.current.select('c1'));
    expect(textOf(hook.result.current.active)).toBe('second');
  });

  it('select - a running conversation this window never loaded is read from the store', async () => {
    const { fake, hook } = setup();
    fake.handle('agent.getConversation', ({ conversationId }) =>
      stored(conversationId, true, 'stored so far'),
    );
    act(() => fake.emit('agent', ev.text('tail')));
    await act(() => hook.result.current.select('c1'));
    expect(textOf(hook.result.current.active)).toBe('stored so far');
  });
});
