// What the Electron preload exposes to the renderer: exactly one object on
// `window[PRELOAD_BRIDGE_KEY]`, shaped as a ContractTransport so the renderer builds its
// typed client with `createContractClient(sluiceContract, window.sluice)`.
import type { ContractTransport } from './client';
import { channelName, type ContractSpec } from './define';

export const PRELOAD_BRIDGE_KEY = 'sluice';

/** The one IPC channel main uses to push contract events to the window. */
export const EVENT_CHANNEL = 'sluice:event';

export interface EventEnvelope {
  readonly event: string;
  readonly payload: unknown;
}

/**
 * `invoke` answers a WireResult (an unknown channel gets UnknownMethodError, never a throw);
 * `subscribe` accepts only the contract's event names and returns the unsubscribe function.
 */
export type SluicePreloadBridge = ContractTransport;

/** Every `service.method` channel of a contract: the only channels the preload forwards. */
export function listContractChannels(contract: ContractSpec): string[] {
  return Object.entries(contract.services).flatMap(([service, methods]) =>
    Object.keys(methods).map((method) => channelName(service, method)),
  );
}
