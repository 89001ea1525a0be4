// The one place that decides how the renderer reaches the backend: the Electron preload
// object when present, otherwise a WebSocket to the page's own origin (browser mode, the
// token comes from the page URL). Without either the app shows "not connected".
import type { ContractTransport } from '../../../shared/contract';
import { PRELOAD_BRIDGE_KEY } from '../../../shared/contract/preload-bridge';
import { staticConnection, type ConnectionMonitor } from './connection';
import { createPreloadTransport, isPreloadBridge } from './preload-transport';
import { createWebSocketTransport, webSocketUrl, type SocketFactory } from './websocket-transport';

export type TransportSelection =
  | { kind: 'electron' | 'browser'; transport: ContractTransport; connection: ConnectionMonitor }
  | { kind: 'none'; reason: string };

export interface TransportEnvironment {
  bridge: unknown;
  location: { protocol: string; host: string; search: string };
  createSocket: SocketFactory | undefined;
}

export function selectTransport(env: TransportEnvironment): TransportSelection {
  if (isPreloadBridge(env.bridge)) {
    return {
      kind: 'electron',
      transport: createPreloadTransport(env.bridge),
      connection: staticConnection({ state: 'open' }),
    };
  }
  const token = new URLSearchParams(env.location.search).get('token');
  if (!token) {
    return {
      kind: 'none',
      reason:
        'This page has no connection token. Open the URL that sluice serve printed (it ends in ?token=…).',
    };
  }
  if (
    !env.createSocket ||
    (env.location.protocol !== 'http:' && env.location.protocol !== 'https:')
  ) {
    return {
      kind: 'none',
      reason: 'This page was not served by sluice serve, so there is no backend to talk to.',
    };
  }
  const transport = createWebSocketTransport(webSocketUrl(env.location, token), env.createSocket);
  return { kind: 'browser', transport, connection: transport.connection };
}

export function browserEnvironment(win: Window): TransportEnvironment {
  return {
    bridge: (win as unknown as Record<string, unknown>)[PRELOAD_BRIDGE_KEY],
    location: win.location,
    createSocket: typeof WebSocket === 'function' ? (url) => new WebSocket(url) : undefined,
  };
}
