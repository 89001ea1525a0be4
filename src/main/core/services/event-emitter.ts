import type { EventPayload, SluiceContract, SluiceEventName } from '../../../shared/contract';

/**
 * How core services announce contract events. Each shell provides one: Electron sends to the
 * window, browser mode to the WebSocket, tests record. Contract: never throws to the caller.
 */
export type SluiceEmit = <K extends SluiceEventName>(
  event: K,
  payload: EventPayload<SluiceContract, K>,
) => void;
