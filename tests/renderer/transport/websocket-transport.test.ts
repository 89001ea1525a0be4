import { describe, expect, it } from 'vitest';
import { createContractClient, sluiceContract } from '../../../src/shared/contract';
import {
  createWebSocketTransport,
  webSocketUrl,
  type SocketLike,
} from '../../../src/renderer/src/transport/websocket-transport';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.serverClose(1000, '');
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.call(
      this as unknown as WebSocket,
      { data: typeof frame === 'string' ? frame : JSON.stringify(frame) } as MessageEvent,
    );
  }
  serverClose(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.call(this as unknown as WebSocket, { code, reason } as CloseEvent);
  }
}

function setup() {
  let socket: FakeSocket | undefined;
  const transport = createWebSocketTransport('ws://127.0.0.1:5000/ws?token=t', (url) => {
    socket = new FakeSocket(url);
    return socket as unknown as SocketLike;
  });
  if (!socket) throw new Error('no socket');
  return { transport, socket };
}

describe('createWebSocketTransport', () => {
  it('queues calls until open, then frames {id, channel, payload} and resolves by id', async () => {
    const { transport, socket } = setup();
    const client = createContractClient(sluiceContract, transport);
    const first = client.project.recent({});
    const second = client.agent.abort({ conversationId: 'c1' });
    expect(socket.sent).toEqual([]);
    expect(transport.connection.current()).toEqual({ state: 'connecting' });
    socket.open();
    expect(transport.connection.current()).toEqual({ state: 'open' });
    expect(socket.sent).toEqual([
      { id: 1, channel: 'project.recent', payload: {} },
      { id: 2, channel: 'agent.abort', payload: { conversationId: 'c1' } },
    ]);
    socket.receive({ id: 2, result: { ok: true, value: { aborted: true } } });
    socket.receive({
      id: 1,
      result: { ok: false, error: { name: 'InvalidInputError', message: 'bad' } },
    });
    await expect(second).resolves.toEqual({ aborted: true });
    await expect(first).rejects.toThrow('bad');
  });

  it('events - {event, payload} frames reach subscribers of that event only', () => {
    const { transport, socket } = setup();
    socket.open();
    const seen: unknown[] = [];
    const off = transport.subscribe('index.status', (payload) => seen.push(payload));
    transport.subscribe('agent', () => seen.push('wrong'));
    socket.receive({ event: 'index.status', payload: { files: 1 } });
    off();
    socket.receive({ event: 'index.status', payload: { files: 2 } });
    expect(seen).toEqual([{ files: 1 }]);
  });

  it('malformed frames - ignored; a malformed result becomes a TransportError', async () => {
    const { transport, socket } = setup();
    socket.open();
    const call = transport.invoke('project.recent', {});
    socket.receive('not json');
    socket.receive({ id: 99, result: { ok: true, value: 1 } });
    socket.receive({ id: 1, result: { nope: true } });
    await expect(call).resolves.toEqual({
      ok: false,
      error: { name: 'TransportError', message: 'The server sent a malformed answer.' },
    });
  });

  it('close - pending and later calls resolve with a TransportError, status says why', async () => {
    const { transport, socket } = setup();
    socket.open();
    const pending = transport.invoke('project.recent', {});
    socket.serverClose(1008, '');
    const reason = 'The server refused the token.';
    await expect(pending).resolves.toEqual({
      ok: false,
      error: { name: 'TransportError', message: reason },
    });
    await expect(transport.invoke('project.recent', {})).resolves.toEqual({
      ok: false,
      error: { name: 'TransportError', message: reason },
    });
    expect(transport.connection.current()).toEqual({ state: 'closed', reason });
  });
});

describe('webSocketUrl', () => {
  it('same host, /ws, token encoded; wss under https', () => {
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, 'a b&c')).toBe(
      'ws://127.0.0.1:4000/ws?token=a%20b%26c',
    );
    expect(webSocketUrl({ protocol: 'https:', host: 'box:1' }, 't')).toBe('wss://box:1/ws?token=t');
  });
});
