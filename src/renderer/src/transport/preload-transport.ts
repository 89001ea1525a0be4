// The Electron transport: the preload exposes one object, `window.sluice`, typed by the
// contract. The renderer only ever sees it through ContractTransport.
import type { ContractTransport } from '../../../shared/contract';
import type { SluicePreloadBridge } from '../../../shared/contract/preload-bridge';

export type { SluicePreloadBridge };

export function isPreloadBridge(value: unknown): value is SluicePreloadBridge {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.invoke === 'function' && typeof candidate.subscribe === 'function';
}

export function createPreloadTransport(bridge: SluicePreloadBridge): ContractTransport {
  return {
    invoke: (channel, payload) => bridge.invoke(channel, payload),
    subscribe: (event, listener) => bridge.subscribe(event, listener),
  };
}
