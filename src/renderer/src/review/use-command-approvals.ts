// Commands waiting for the person: filled by `command_approval_request` events (and by
// approvals.pendingCommands at start, so a reload shows what still waits), emptied by
// decisions, `approval_resolved` and the end of their turn.
import { useCallback, useState } from 'react';
import type { CommandApprovalRequest, CommandDecision } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import {
  pendingOfEvent,
  pendingOfRows,
  usePendingRequests,
  type Pending,
} from './use-pending-requests';

export type PendingCommand = Pending<CommandApprovalRequest>;

export interface CommandApprovalQueue {
  pending: PendingCommand[];
  error: string | null;
  decide(item: PendingCommand, decision: CommandDecision): Promise<void>;
}

export function useCommandApprovals(): CommandApprovalQueue {
  const client = useClient();
  const [error, setError] = useState<string | null>(null);
  const { pending, removeWhere } = usePendingRequests<CommandApprovalRequest>(
    async () => pendingOfRows<CommandApprovalRequest>(await client.approvals.pendingCommands({})),
    (event) => {
      if (event.type !== 'command_approval_request') return null;
      setError(null);
      return pendingOfEvent(event);
    },
    client,
  );

  const decide = useCallback(
    async (item: PendingCommand, decision: CommandDecision) => {
      setError(null);
      try {
        const result = await client.approvals.decideCommand({
          approvalId: item.request.approvalId,
          commandHash: item.request.commandHash,
          decision,
        });
        removeWhere((entry) => entry.request.approvalId === item.request.approvalId);
        if (!result.accepted)
          setError(result.reason ?? 'That command was no longer waiting (its turn ended).');
      } catch (failure) {
        setError(`Could not send the decision: ${errorMessage(failure)}`);
      }
    },
    [client, removeWhere],
  );

  return { pending, error, decide };
}
