// Approvals waiting for the person: filled by `approval_request` events (and by
// approvals.pending at start, so a reload shows what still waits), emptied by decisions and
// `approval_resolved`.
import { useCallback, useEffect, useState } from 'react';
import type { ApprovalRequest, Decision } from '../../../shared/approvals';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface PendingApproval {
  conversationId: string;
  turnId: string;
  request: ApprovalRequest;
}

export interface ApprovalQueue {
  pending: PendingApproval[];
  error: string | null;
  decide(item: PendingApproval, decision: Decision, alwaysAllowGlob?: string): Promise<void>;
  approveAll(conversationId: string): Promise<void>;
}

export function useApprovalQueue(): ApprovalQueue {
  const client = useClient();
  const [pending, setPending] = useState<PendingApproval[]>([]);
  const [error, setError] = useState<string | null>(null);

  const remove = (approvalId: string) =>
    setPending((list) => list.filter((item) => item.request.approvalId !== approvalId));

  useEffect(() => {
    let live = true;
    client.approvals
      .pending({})
      .then((list) => {
        if (!live) return;
        setPending((current) => {
          const known = new Set(current.map((item) => item.request.approvalId));
          const extra = list
            .filter((entry) => !known.has(entry.approvalId))
            .map(({ conversationId, turnId, ...request }) => ({ conversationId, turnId, request }));
          return [...current, ...extra];
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);

  useContractEvent('agent', (event) => {
    if (event.type === 'approval_request') {
      setPending((list) =>
        list.some((item) => item.request.approvalId === event.request.approvalId)
          ? list
          : [
              ...list,
              {
                conversationId: event.conversationId,
                turnId: event.turnId,
                request: event.request,
              },
            ],
      );
      setError(null);
    } else if (event.type === 'approval_resolved') {
      remove(event.approvalId);
    } else if (event.type === 'turn_end') {
      setPending((list) => list.filter((item) => item.turnId !== event.turnId));
    }
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
        remove(item.request.approvalId);
        if (!accepted)
          setError('That approval was no longer waiting (decided elsewhere or its turn ended).');
      } catch (failure) {
        setError(`Could not send the decision: ${errorMessage(failure)}`);
      }
    },
    [client],
  );

  const approveAll = useCallback(
    async (conversationId: string) => {
      setError(null);
      try {
        await client.approvals.approveAll({ conversationId });
        setPending((list) => list.filter((item) => item.conversationId !== conversationId));
      } catch (failure) {
        setError(`Could not approve all: ${errorMessage(failure)}`);
      }
    },
    [client],
  );

  return { pending, error, decide, approveAll };
}
