// The inbox's list of change sets, refreshed whenever main reports `proposals.changed` (its
// DB poll sees sets other processes made too), so new sets appear without a reload.
import type { ChangeSetSummary, SluiceClient } from '../../../shared/contract';
import { useLiveList } from '../app/use-live-list';

export interface Inbox {
  sets: ChangeSetSummary[];
  /** Sets waiting for review: the badge. */
  waiting: number;
  error: string | null;
  /** Bumped on every change, so an open set reloads too. */
  version: number;
  refresh(): Promise<void>;
}

const listSets = (client: SluiceClient) => client.proposals.list({});

export function useInbox(): Inbox {
  const {
    items: sets,
    error,
    version,
    refresh,
  } = useLiveList(listSets, 'proposals.changed', 'change sets');
  return {
    sets,
    waiting: sets.filter((s) => s.status === 'proposed' || s.status === 'running').length,
    error,
    version,
    refresh,
  };
}
