import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { ClientProvider } from '../../../src/renderer/src/app/client-context';
import type {
  ConnectionMonitor,
  ConnectionStatus,
} from '../../../src/renderer/src/transport/connection';
import { act } from '@testing-library/react';
import { createFakeSluice } from '../support/fake-sluice';

function manualConnection(initial: ConnectionStatus) {
  let status = initial;
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const monitor: ConnectionMonitor = {
    current: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    monitor,
    set(next: ConnectionStatus) {
      status = next;
      act(() => listeners.forEach((listener) => listener(next)));
    },
  };
}

describe('App', () => {
  it('connection closes - shows "Not connected" with the reason', async () => {
    const fake = createFakeSluice();
    const connection = manualConnection({ state: 'connecting' });
    render(
      <ClientProvider client={fake.client} connection={connection.monitor}>
        <App />
      </ClientProvider>,
    );
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
    connection.set({ state: 'open' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    connection.set({ state: 'closed', reason: 'The server refused the token.' });
    expect(screen.getByTestId('not-connected')).toHaveTextContent('Not connected');
    expect(screen.getByTestId('not-connected')).toHaveTextContent('The server refused the token.');
  });

  it('theme - follows the setting on <html data-theme>', async () => {
    const fake = createFakeSluice();
    render(
      <ClientProvider client={fake.client}>
        <App />
      </ClientProvider>,
    );
    await screen.findByRole('textbox', { name: 'Message' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
