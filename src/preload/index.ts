// Sandboxed preload (built as CommonJS, index.cjs). Exposes exactly one object,
// `window.sluice`, typed as SluicePreloadBridge; ipcRenderer itself never reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { sluiceContract } from '../shared/contract';
import { listContractChannels, PRELOAD_BRIDGE_KEY } from '../shared/contract/preload-bridge';
import { createPreloadBridge } from './bridge';

const bridge = createPreloadBridge(
  {
    invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
    on: (channel, listener) => ipcRenderer.on(channel, listener),
  },
  { channels: listContractChannels(sluiceContract), events: Object.keys(sluiceContract.events) },
);

contextBridge.exposeInMainWorld(PRELOAD_BRIDGE_KEY, bridge);
