import { describe, expect, it } from 'vitest';
import { selectTransport } from '../../../src/renderer/src/transport/select-transport';
import type { SocketLike } from '../../../src/renderer/src/transport/websocket-transport';

const httpLocation = { protocol: 'http:', host: '127.0.0.1:4000', search: '?token=abc' };

function socketFactory(urls: string[]) {
  return (url: string) => {
    urls.push(url);
    return {
      readyState: 0,
      send() {},
      close() {},
      onopen: null,
      onclose: null,
      onerror: null,
      onmessage: null,
    } as unknown as SocketLike;
  };
}

describe('selectTransport', () => {
  it('preload bridge present - uses it, never opens a socket', async () => {
    const urls: string[] = [];
    const invoked: unknown[] = [];
    const bridge = {
      invoke: async (channel: string, payload: unknown) => {
        invoked.push([channel, payload]);
        return { ok: true as const, value: 1 };
      },
      subscribe: () => () => undefined,
    };
    const selection = selectTransport({
      bridge,
      location: httpLocation,
      createSocket: socketFactory(urls),
    });
    expect(selection.kind).toBe('electron');
    if (selection.kind === 'none') throw new Error('unreachable');
    await selection.transport.invoke('project.recent', {});
    expect(invoked).toEqual([['project.recent', {}]]);
    expect(urls).toEqual([]);
  });

  it('browser with token - WebSocket to the same origin with the token', () => {
    const urls: string[] = [];
    const selection = selectTransport({
      bridge: undefined,
      location: httpLocation,
      createSocket: socketFactory(urls),
    });
    expect(selection.kind).toBe('browser');
    expect(urls).toEqual(['ws://127.0.0.1:4000/ws?token=abc']);
  });

  it('no bridge and no token - not connected, with what to do', () => {
    const urls: string[] = [];
    const selection = selectTransport({
      bridge: undefined,
      location: { ...httpLocation, search: '' },
      createSocket: socketFactory(urls),
    });
    expect(selection).toEqual({ kind: 'none', reason: expect.stringContaining('sluice serve') });
    expect(urls).toEqual([]);
  });

  it('a half-shaped window.sluice - not trusted as a bridge', () => {
    const urls: string[] = [];
    const selection = selectTransport({
      bridge: { invoke: () => 1 },
      location: httpLocation,
      createSocket: socketFactory(urls),
    });
    expect(selection.kind).toBe('browser');
  });

  it('file: page with a token - not connected (no server to reach)', () => {
    const selection = selectTransport({
      bridge: undefined,
      location: { protocol: 'file:', host: '', search: '?token=x' },
      createSocket: socketFactory([]),
    });
    expect(selection.kind).toBe('none');
  });
});
