// The preload's bridge, kept free of `electron` imports so it is tested under Node with a
// fake ipcRenderer. It forwards only the contract's channels and events, and never hands the
// renderer an IpcRendererEvent (whose `sender` would be ipcRenderer itself).
import { ContractErrorName, type WireResult } from '../shared/contract/wire';
import {
  EVENT_CHANNEL,
  type EventEnvelope,
  type SluicePreloadBridge,
} from '../shared/contract/preload-bridge';

export interface BridgeIpc {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, envelope: unknown) => void): unknown;
}

export interface BridgeOptions {
  readonly channels: readonly string[];
  readonly events: readonly string[];
}

export function createPreloadBridge(ipc: BridgeIpc, options: BridgeOptions): SluicePreloadBridge {
  const channels = new Set(options.channels);
  const events = new Set(options.events);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  ipc.on(EVENT_CHANNEL, (_event, envelope) => {
    if (!isEnvelope(envelope) || !events.has(envelope.event)) return;
    for (const listener of listeners.get(envelope.event) ?? []) {
      try {
        listener(envelope.payload);
      } catch (error) {
        // One broken listener must not starve the others of the event.
        console.error(`Listener for "${envelope.event}" failed:`, error);
      }
    }
  });

  return Object.freeze({
    async invoke(channel: string, payload: unknown): Promise<WireResult> {
      if (typeof channel !== 'string' || !channels.has(channel)) {
        return {
          ok: false,
          error: {
            name: ContractErrorName.UnknownMethod,
            message: `Unknown method "${String(channel)}".`,
          },
        };
      }
      try {
        return (await ipc.invoke(channel, payload)) as WireResult;
      } catch (error) {
        // A payload that cannot be cloned, or main gone: a transport failure, as data.
        const message = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          error: {
            name: ContractErrorName.Transport,
            message: `IPC call ${channel} failed: ${message}`,
          },
        };
      }
    },
    subscribe(event: string, listener: (payload: unknown) => void): () => void {
      if (typeof event !== 'string' || !events.has(event))
        throw new Error(`Unknown event "${String(event)}".`);
      if (typeof listener !== 'function') throw new Error('subscribe needs a listener function.');
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        listeners.get(event)?.delete(listener);
      };
    },
  });
}

function isEnvelope(value: unknown): value is EventEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { event?: unknown }).event === 'string'
  );
}
