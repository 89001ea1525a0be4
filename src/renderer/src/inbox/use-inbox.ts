// The inbox's list of change sets, refreshed whenever main reports `proposals.changed` (its
// DB poll sees sets other processes made too), so new sets appear without a reload.
import { useCallback, useEffect, useState } from 'react';
import type { ChangeSetSummary } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface Inbox {
  sets: ChangeSetSummary[];
  /** Sets waiting for review: the badge. */
  waiting: number;
  error: string | null;
  /** Bumped on every change, so an open set reloads too. */
  version: number;
  refresh(): Promise<void>;
}

export function useInbox(): Inbox {
  const client = useClient();
  const [sets, setSets] = useState<ChangeSetSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(async () => {
    try {
      setSets(await client.proposals.list({}));
      setError(null);
      setVersion((v) => v + 1);
    } catch (failure) {
      setError(`Could not list change sets: ${errorMessage(failure)}`);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useContractEvent('proposals.changed', () => void refresh());

  return {
    sets,
    waiting: sets.filter((s) => s.status === 'proposed' || s.status === 'running').length,
    error,
    version,
    refresh,
  };
}
