// Commands waiting for the person: filled by `command_approval_request` events (and by
// approvals.pendingCommands at start, so a reload shows what still waits), emptied by
// decisions, `approval_resolved` and the end of their turn.
import { useCallback, useEffect, useState } from 'react';
import type { CommandApprovalRequest, CommandDecision } from '../../../shared/command-approvals';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface PendingCommand {
  conversationId: string;
  turnId: string;
  request: CommandApprovalRequest;
}

export interface CommandApprovalQueue {
  pending: PendingCommand[];
  error: string | null;
  decide(item: PendingCommand, decision: CommandDecision): Promise<void>;
}

export function useCommandApprovals(): CommandApprovalQueue {
  const client = useClient();
  const [pending, setPending] = useState<PendingCommand[]>([]);
  const [error, setError] = useState<string | null>(null);
  const remove = (approvalId: string) =>
    setPending((list) => list.filter((item) => item.request.approvalId !== approvalId));

  useEffect(() => {
    let live = true;
    client.approvals
      .pendingCommands({})
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
    if (event.type === 'command_approval_request') {
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
    async (item: PendingCommand, decision: CommandDecision) => {
      setError(null);
      try {
        const result = await client.approvals.decideCommand({
          approvalId: item.request.approvalId,
          commandHash: item.request.commandHash,
          decision,
        });
        remove(item.request.approvalId);
        if (!result.accepted)
          setError(result.reason ?? 'That command was no longer waiting (its turn ended).');
      } catch (failure) {
        setError(`Could not send the decision: ${errorMessage(failure)}`);
      }
    },
    [client],
  );

  return { pending, error, decide };
}
