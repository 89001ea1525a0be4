// What a git view shows of the repository (the working tree's changes, the worktrees): loaded at
// start and again after every checkpoint change, since a checkpoint moves files on disk. A failed
// load keeps what was shown and puts its failure in the view's error.
import { useCallback, useEffect, useState } from 'react';
import type { SluiceClient } from '../../../shared/contract';
import { useClient, useContractEvent } from './client-context';
import { errorMessage } from './error-message';

export interface RepositoryLoad<T> {
  value: T | null;
  reload(): Promise<void>;
}

export function useRepositoryLoad<T>(
  /** A function declared once (not a new closure each render): the view reloads when it changes. */
  load: (client: SluiceClient) => Promise<T>,
  setError: (error: string | null) => void,
  /** Whether a good load clears the view's error, or leaves the last failure showing. */
  clearErrorOnLoad: boolean,
): RepositoryLoad<T> {
  const client = useClient();
  const [value, setValue] = useState<T | null>(null);

  const reload = useCallback(async () => {
    try {
      setValue(await load(client));
      if (clearErrorOnLoad) setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [client, load, setError, clearErrorOnLoad]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useContractEvent('checkpoints.changed', () => void reload());

  return { value, reload };
}
