import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ContractError,
  createContractClient,
  createDispatcher,
  defineContract,
  method,
  type ContractTransport,
} from '../../../src/shared/contract';

const contract = defineContract({
  services: { greet: { hello: method(z.object({ name: z.string() }), z.string()) } },
  events: { ping: z.object({ n: z.number() }) },
});

function loopback(): ContractTransport & { emit(event: string, payload: unknown): void } {
  const dispatch = createDispatcher(contract, { greet: { hello: ({ name }) => `hello ${name}` } });
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    invoke: (channel, payload) => dispatch(channel, payload),
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}

describe('createContractClient', () => {
  it('method call - resolves with the handler value', async () => {
    const client = createContractClient(contract, loopback());
    await expect(client.greet.hello({ name: 'Ada' })).resolves.toBe('hello Ada');
  });

  it('failed call - rejects with a ContractError carrying the wire name', async () => {
    const client = createContractClient(contract, loopback());
    const error = await client.greet
      .hello({ name: 3 as unknown as string })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).name).toBe('InvalidInputError');
  });

  it('events - delivered until unsubscribed', () => {
    const transport = loopback();
    const client = createContractClient(contract, transport);
    const seen: unknown[] = [];
    const off = client.on('ping', (payload) => seen.push(payload));
    transport.emit('ping', { n: 1 });
    off();
    transport.emit('ping', { n: 2 });
    expect(seen).toEqual([{ n: 1 }]);
  });
});
