// Approvals waiting for the person: filled by `approval_request` events (and by
// approvals.pending at start, so a reload shows what still waits), emptied by decisions and
// `approval_resolved`. An `approval_evidence` event (a check that finished after the request
// went out) replaces the waiting request's evidence, so the open review moves from
// "Checking…" or "Timed out" to what the check found.
import { useCallback, useState } from 'react';
import type { ApprovalRequest, Decision } from '../../../shared/approvals';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import {
  pendingOfEvent,
  pendingOfRows,
  usePendingRequests,
  type Pending,
} from './use-pending-requests';

export type PendingApproval = Pending<ApprovalRequest>;

export interface ApprovalQueue {
  pending: PendingApproval[];
  error: string | null;
  decide(item: PendingApproval, decision: Decision, alwaysAllowGlob?: string): Promise<void>;
  approveAll(conversationId: string): Promise<void>;
}

export function useApprovalQueue(): ApprovalQueue {
  const client = useClient();
  const [error, setError] = useState<string | null>(null);
  const { pending, removeWhere, updateRequest } = usePendingRequests<ApprovalRequest>(
    async () => pendingOfRows<ApprovalRequest>(await client.approvals.pending({})),
    (event) => {
      if (event.type !== 'approval_request') return null;
      setError(null);
      return pendingOfEvent(event);
    },
    client,
  );

  useContractEvent('agent', (event) => {
    if (event.type !== 'approval_evidence') return;
    updateRequest(event.approvalId, (request) => ({ ...request, evidence: event.evidence }));
  });

  const decide = useCallback(
    async (item: PendingApproval, decision: Decision, alwaysAllowGlob?: string) => {
      setError(null);
      try {
        const { accepted } = await client.approvals.decide({
          approvalId: item.request.approvalId,
          proposalHash: item.request.proposalHash,
          decision,
          ...(alwaysAllowGlob ? { alwaysAllowGlob } : {}),
        });
        // Either way it no longer waits: refused means it was decided elsewhere or its turn ended.
        removeWhere((entry) => entry.request.approvalId === item.request.approvalId);
        if (!accepted)
          setError('That approval was no longer waiting (decided elsewhere or its turn ended).');
      } catch (failure) {
        setError(`Could not send the decision: ${errorMessage(failure)}`);
      }
    },
    [client, removeWhere],
  );

  const approveAll = useCallback(
    async (conversationId: string) => {
      setError(null);
      try {
        await client.approvals.approveAll({ conversationId });
        removeWhere((item) => item.conversationId === conversationId);
      } catch (failure) {
        setError(`Could not approve all: ${errorMessage(failure)}`);
      }
    },
    [client, removeWhere],
  );

  return { pending, error, decide, approveAll };
}
