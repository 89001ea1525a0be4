// The app receives its SluiceClient through context; tests inject a fake the same way.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type {
  SluiceClient,
  SluiceEventName,
  EventPayload,
  SluiceContract,
} from '../../../shared/contract';
import {
  staticConnection,
  type ConnectionMonitor,
  type ConnectionStatus,
} from '../transport/connection';

interface ClientContextValue {
  client: SluiceClient;
  connection: ConnectionMonitor;
}

const ClientContext = createContext<ClientContextValue | null>(null);

export function ClientProvider(props: {
  client: SluiceClient;
  connection?: ConnectionMonitor;
  children: ReactNode;
}) {
  const connection = props.connection ?? staticConnection({ state: 'open' });
  return (
    <ClientContext.Provider value={{ client: props.client, connection }}>
      {props.children}
    </ClientContext.Provider>
  );
}

export function useClient(): SluiceClient {
  const value = useContext(ClientContext);
  if (!value) throw new Error('useClient needs a <ClientProvider> above it.');
  return value.client;
}

export function useConnectionStatus(): ConnectionStatus {
  const value = useContext(ClientContext);
  if (!value) throw new Error('useConnectionStatus needs a <ClientProvider> above it.');
  const { connection } = value;
  const [status, setStatus] = useState(connection.current());
  useEffect(() => {
    setStatus(connection.current());
    return connection.subscribe(setStatus);
  }, [connection]);
  return status;
}

/** Subscribes to one contract event for the component's lifetime. */
export function useContractEvent<K extends SluiceEventName>(
  event: K,
  listener: (payload: EventPayload<SluiceContract, K>) => void,
): void {
  const client = useClient();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => client.on(event, (payload) => latest.current(payload)), [client, event]);
}
