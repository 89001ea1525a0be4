// Builds a typed ContractClient over any transport that can invoke a channel and deliver
// events. The Electron preload and the browser-mode WebSocket both provide such a transport.
import type { ContractClient, ContractSpec } from './define';
import { channelName } from './define';
import { ContractError, type WireResult } from './wire';

export interface ContractTransport {
  invoke(channel: string, payload: unknown): Promise<WireResult>;
  /** Subscribe to one event name; returns the unsubscribe function. */
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

export function createContractClient<C extends ContractSpec>(
  contract: C,
  transport: ContractTransport,
): ContractClient<C> {
  const client: Record<string, unknown> = {
    on: (event: string, listener: (payload: unknown) => void) =>
      transport.subscribe(event, listener),
  };
  for (const [serviceName, service] of Object.entries(contract.services)) {
    const methods: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const methodName of Object.keys(service)) {
      const channel = channelName(serviceName, methodName);
      methods[methodName] = async (input) => {
        const result = await transport.invoke(channel, input);
        if (result.ok) return result.value;
        throw new ContractError(result.error);
      };
    }
    client[serviceName] = methods;
  }
  return client as ContractClient<C>;
}
