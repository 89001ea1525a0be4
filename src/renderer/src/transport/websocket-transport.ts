// Browser-mode transport (`sluice serve`): the same contract over one WebSocket.
//
// Wire framing (the server implements exactly this):
//   URL:       ws(s)://<same host>/ws?token=<token>   (token taken from the page's ?token=)
//   request:   client → server  {"id": <number>, "channel": "service.method", "payload": <any>}
//   response:  server → client  {"id": <same number>, "result": WireResult}
//              where WireResult = {"ok": true, "value": …} | {"ok": false, "error": {name, message, issues?}}
//   event:     server → client  {"event": "<event name>", "payload": <any>}
// Every frame is one JSON text message. Requests sent while the socket is still connecting
// are queued; when the socket closes, pending and later calls resolve with a TransportError
// result (errors are data, never a rejected promise).
import {
  ContractErrorName,
  type ContractTransport,
  type WireResult,
} from '../../../shared/contract';
import type { ConnectionMonitor, ConnectionStatus } from './connection';

/** The part of the WebSocket API the transport uses (a fake can stand in for tests). */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onclose' | 'onerror' | 'onmessage'
>;

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export interface WebSocketTransport extends ContractTransport {
  readonly connection: ConnectionMonitor;
  close(): void;
}

export function webSocketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}

export function createWebSocketTransport(
  url: string,
  createSocket: SocketFactory,
): WebSocketTransport {
  let status: ConnectionStatus = { state: 'connecting' };
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, (result: WireResult) => void>();
  const queue: string[] = [];
  let nextId = 1;

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const transportError = (message: string): WireResult => ({
    ok: false,
    error: { name: ContractErrorName.Transport, message },
  });

  const socket = createSocket(url);
  socket.onopen = () => {
    setStatus({ state: 'open' });
    for (const frame of queue.splice(0)) socket.send(frame);
  };
  socket.onclose = (event) => {
    const reason =
      event.reason ||
      (event.code === 1008
        ? 'The server refused the token.'
        : 'The connection to the Sluice server failed or closed. Check that sluice serve is still running and that this is the URL it printed (a wrong or old token is refused).');
    setStatus({ state: 'closed', reason });
    queue.length = 0;
    for (const resolve of pending.values()) resolve(transportError(reason));
    pending.clear();
  };
  socket.onerror = () => {
    // A close event always follows; it carries the status change.
  };
  socket.onmessage = (event) => {
    if (typeof event.data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const record = frame as Record<string, unknown>;
    if (typeof record.id === 'number' && 'result' in record) {
      const resolve = pending.get(record.id);
      if (!resolve) return;
      pending.delete(record.id);
      resolve(
        isWireResult(record.result)
          ? record.result
          : transportError('The server sent a malformed answer.'),
      );
      return;
    }
    if (typeof record.event === 'string') {
      for (const listener of eventListeners.get(record.event) ?? []) listener(record.payload);
    }
  };

  return {
    connection: {
      current: () => status,
      subscribe(listener) {
        statusListeners.add(listener);
        return () => statusListeners.delete(listener);
      },
    },
    invoke(channel, payload) {
      if (status.state === 'closed') return Promise.resolve(transportError(status.reason));
      const id = nextId++;
      const frame = JSON.stringify({ id, channel, payload });
      return new Promise<WireResult>((resolve) => {
        pending.set(id, resolve);
        if (socket.readyState === OPEN) socket.send(frame);
        else queue.push(frame);
      });
    },
    subscribe(event, listener) {
      let listeners = eventListeners.get(event);
      if (!listeners) {
        listeners = new Set();
        eventListeners.set(event, listeners);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => socket.close(),
  };
}

function isWireResult(value: unknown): value is WireResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.ok === true) return true;
  if (record.ok !== false || typeof record.error !== 'object' || record.error === null)
    return false;
  const error = record.error as Record<string, unknown>;
  return typeof error.name === 'string' && typeof error.message === 'string';
}
