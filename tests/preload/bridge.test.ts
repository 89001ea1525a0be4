import { describe, expect, it, vi } from 'vitest';
import { createPreloadBridge } from '../../src/preload/bridge';
import { createContractClient, ContractErrorName, sluiceContract } from '../../src/shared/contract';
import { EVENT_CHANNEL, listContractChannels } from '../../src/shared/contract/preload-bridge';

function fakeIpc() {
  let eventListener: ((event: unknown, envelope: unknown) => void) | undefined;
  const invoke = vi.fn(async (channel: string, payload: unknown) => ({
    ok: true,
    value: { channel, payload },
  }));
  return {
    ipc: {
      invoke,
      on: (channel: string, listener: (event: unknown, envelope: unknown) => void) => {
        expect(channel).toBe(EVENT_CHANNEL);
        eventListener = listener;
      },
    },
    invoke,
    push: (envelope: unknown) => eventListener!({ sender: 'ipcRenderer-must-not-leak' }, envelope),
  };
}

const options = {
  channels: listContractChannels(sluiceContract),
  events: Object.keys(sluiceContract.events),
};

describe('createPreloadBridge', () => {
  it('forwards contract channels only - unknown ones answer UnknownMethodError without IPC', async () => {
    const { ipc, invoke } = fakeIpc();
    const bridge = createPreloadBridge(ipc, options);
    expect(await bridge.invoke('project.open', { path: '/x' })).toEqual({
      ok: true,
      value: { channel: 'project.open', payload: { path: '/x' } },
    });
    for (const channel of [
      'sluice:event',
      'ELECTRON_BROWSER_REQUIRE',
      'project.__proto__',
      42 as never,
    ]) {
      expect(await bridge.invoke(channel, {})).toMatchObject({
        ok: false,
        error: { name: ContractErrorName.UnknownMethod },
      });
    }
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('a failing IPC call is a TransportError result, not a rejection', async () => {
    const { ipc } = fakeIpc();
    ipc.invoke.mockRejectedValueOnce(new Error('An object could not be cloned.'));
    const bridge = createPreloadBridge(ipc, options);
    expect(await bridge.invoke('project.open', { path: () => 1 })).toMatchObject({
      ok: false,
      error: { name: ContractErrorName.Transport },
    });
  });

  it('delivers only payloads of known events, never the IPC event object', () => {
    const { ipc, push } = fakeIpc();
    const bridge = createPreloadBridge(ipc, options);
    const seen: unknown[] = [];
    const unsubscribe = bridge.subscribe('conversations.changed', (payload) => seen.push(payload));
    push({ event: 'conversations.changed', payload: { conversationId: 'c' } });
    push({ event: 'not-an-event', payload: 1 });
    push('garbage');
    unsubscribe();
    push({ event: 'conversations.changed', payload: { conversationId: 'd' } });
    expect(seen).toEqual([{ conversationId: 'c' }]);
    expect(() => bridge.subscribe('nope', () => undefined)).toThrow(/Unknown event/);
  });

  it('is frozen and exposes exactly invoke and subscribe', () => {
    const bridge = createPreloadBridge(fakeIpc().ipc, options);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('works as the transport of a typed contract client', async () => {
    const client = createContractClient(
      sluiceContract,
      createPreloadBridge(fakeIpc().ipc, options),
    );
    expect(await client.project.recent({})).toEqual({ channel: 'project.recent', payload: {} });
  });
});
