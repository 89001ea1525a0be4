// A list main keeps (conversations, change sets), shown live: loaded at start and again each
// time main says it changed. A failed load keeps the last list and says why.
import { useCallback, useEffect, useState } from 'react';
import type { SluiceClient } from '../../../shared/contract';
import { useClient, useContractEvent } from './client-context';
import { errorMessage } from './error-message';

export interface LiveList<T> {
  items: T[];
  error: string | null;
  setError(error: string | null): void;
  /** Bumped on every load, so what shows one of the items can reload too. */
  version: number;
  refresh(): Promise<void>;
}

export function useLiveList<T>(
  /** A function declared once (not a new closure each render): the list reloads when it changes. */
  load: (client: SluiceClient) => Promise<T[]>,
  changed: 'conversations.changed' | 'proposals.changed',
  /** What the list holds, for "Could not list <what>: …". */
  what: string,
): LiveList<T> {
  const client = useClient();
  const [items, setItems] = useState<T[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(async () => {
    try {
      setItems(await load(client));
      setError(null);
      setVersion((v) => v + 1);
    } catch (failure) {
      setError(`Could not list ${what}: ${errorMessage(failure)}`);
    }
  }, [client, load, what]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useContractEvent(changed, () => void refresh());

  return { items, error, setError, version, refresh };
}
