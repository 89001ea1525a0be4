// The inbox's words for a set's status and a file's state (issue 23 item 10): what a person
// reads, never the stored enum value.
import type { ChangeSetFileState, ChangeSetStatus } from '../../../shared/change-sets';
import { missingCase } from '../../../shared/missing-case';

export function statusWords(status: ChangeSetStatus): string {
  switch (status) {
    case 'running':
      return 'running';
    case 'proposed':
      return 'waiting for your review';
    case 'accepted':
      return 'accepted';
    case 'partly-accepted':
      return 'partly accepted';
    case 'rejected':
      return 'rejected';
    case 'failed':
      return 'failed';
    case 'superseded':
      return 'replaced by a refined set';
    default:
      return missingCase(status);
  }
}

export function fileStateWords(state: ChangeSetFileState): string {
  switch (state) {
    case 'pending':
      return 'not reviewed yet';
    case 'applied':
      return 'written';
    case 'partly-applied':
      return 'partly written';
    case 'rejected':
      return 'not written';
    case 'conflict':
      return 'not written: changed on disk';
    case 'refused':
      return 'not written: refused';
    default:
      return missingCase(state);
  }
}
