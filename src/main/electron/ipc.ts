// Electron IPC for the contract: one ipcMain.handle per contract method (channel names from
// the contract), the sender check before dispatch, and contract events pushed to the window
// on one channel. ipcMain and the window are parameters, so this file runs under Node in
// tests; only app.ts imports electron.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  checkEvent,
  ContractErrorName,
  sluiceContract,
  type Dispatcher,
  type WireResult,
} from '../../shared/contract';
import { EVENT_CHANNEL, listContractChannels } from '../../shared/contract/preload-bridge';
import type { SluiceEmit } from '../core/services/event-emitter';
import type { SenderCheck } from './sender-policy';

export interface ContractIpcInput {
  readonly ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  readonly dispatch: Dispatcher;
  readonly isTrustedSender: SenderCheck;
  /** Told about refused senders (never about payloads, which may hold the key). */
  readonly onForbidden?: (channel: string, url: string) => void;
}

export const FORBIDDEN_SENDER: WireResult = {
  ok: false,
  error: { name: ContractErrorName.ForbiddenSender, message: 'This frame may not call Sluice.' },
};

/** The function each channel's ipcMain.handle runs; exported for the hardening test. */
export function createIpcHandler(channel: string, input: ContractIpcInput) {
  return async (
    event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
    payload: unknown,
  ): Promise<WireResult> => {
    const frame = event.senderFrame;
    if (!input.isTrustedSender(frame)) {
      input.onForbidden?.(channel, frame?.url ?? '(destroyed frame)');
      return FORBIDDEN_SENDER;
    }
    return input.dispatch(channel, payload);
  };
}

/** Registers every contract channel; returns the function that removes them again. */
export function registerContractIpc(input: ContractIpcInput): () => void {
  const channels = listContractChannels(sluiceContract);
  for (const channel of channels) input.ipcMain.handle(channel, createIpcHandler(channel, input));
  return () => {
    for (const channel of channels) input.ipcMain.removeHandler(channel);
  };
}

/**
 * Sends contract events to the window. A payload that breaks the event schema is a bug in
 * main: it is reported and dropped, never sent half-valid.
 */
export function createWindowEventSender(
  target: () => Pick<WebContents, 'send' | 'isDestroyed'> | null,
  onError: (error: unknown) => void,
): SluiceEmit {
  return (event, payload) => {
    try {
      const checked = checkEvent(sluiceContract, event, payload);
      if (checked === undefined) throw new Error(`Unknown contract event "${event}".`);
      const contents = target();
      if (!contents || contents.isDestroyed()) return;
      contents.send(EVENT_CHANNEL, { event, payload: checked });
    } catch (error) {
      onError(error);
    }
  };
}
