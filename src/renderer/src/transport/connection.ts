// How the renderer is connected to a Sluice backend. The app shows a clear "not connected"
// state from this; nothing else in the renderer needs to know which transport is in use.
export type ConnectionStatus =
  { state: 'connecting' } | { state: 'open' } | { state: 'closed'; reason: string };

export interface ConnectionMonitor {
  current(): ConnectionStatus;
  /** Returns the unsubscribe function. */
  subscribe(listener: (status: ConnectionStatus) => void): () => void;
}

/** A connection that never changes: the Electron preload is there for the window's lifetime. */
export function staticConnection(status: ConnectionStatus): ConnectionMonitor {
  return { current: () => status, subscribe: () => () => undefined };
}
