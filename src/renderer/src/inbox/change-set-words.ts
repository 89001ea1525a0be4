// The inbox's words for a set's status and a file's state: what a person
// reads, never the stored enum value. The tables name every value (the type says so).
import type { ChangeSetFileState, ChangeSetStatus } from '../../../shared/change-sets';

const statusText: Record<ChangeSetStatus, string> = {
  running: 'running',
  proposed: 'waiting for your review',
  accepted: 'accepted',
  'partly-accepted': 'partly accepted',
  rejected: 'rejected',
  failed: 'failed',
  superseded: 'replaced by a refined set',
};

const fileStateText: Record<ChangeSetFileState, string> = {
  pending: 'not reviewed yet',
  applied: 'written',
  'partly-applied': 'partly written',
  rejected: 'not written',
  conflict: 'not written: changed on disk',
  refused: 'not written: refused',
};

export function statusWords(status: ChangeSetStatus): string {
  return statusText[status];
}

export function fileStateWords(state: ChangeSetFileState): string {
  return fileStateText[state];
}
