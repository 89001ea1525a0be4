// The files each turn changed (checkpoints), refreshed when main reports a change or a turn ends.
import { useCallback, useEffect, useState } from 'react';
import type { Checkpoint, UndoResult } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface CheckpointsByTurn {
  byTurn: Map<string, Checkpoint[]>;
  error: string | null;
  undo(id: string, force?: boolean): Promise<UndoResult | null>;
  undoTurn(turnId: string, force?: boolean): Promise<UndoResult | null>;
}

export function useCheckpoints(conversationId: string | null): CheckpointsByTurn {
  const client = useClient();
  const [checkpoints, setCheckpoints] = useState<Checkpoint[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!conversationId) {
      setCheckpoints([]);
      return;
    }
    try {
      setCheckpoints(await client.checkpoints.list({ conversationId }));
      setError(null);
    } catch (failure) {
      setError(`Could not list changed files: ${errorMessage(failure)}`);
    }
  }, [client, conversationId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useContractEvent('checkpoints.changed', (event) => {
    if (event.conversationId === null || event.conversationId === conversationId) void refresh();
  });
  useContractEvent('agent', (event) => {
    if (event.conversationId === conversationId && event.type === 'turn_end') void refresh();
  });

  const byTurn = new Map<string, Checkpoint[]>();
  for (const checkpoint of checkpoints) {
    if (!checkpoint.turnId) continue;
    const list = byTurn.get(checkpoint.turnId) ?? [];
    list.push(checkpoint);
    byTurn.set(checkpoint.turnId, list);
  }

  const run = async (what: () => Promise<UndoResult>) => {
    try {
      const result = await what();
      await refresh();
      return result;
    } catch (failure) {
      setError(`Undo failed: ${errorMessage(failure)}`);
      return null;
    }
  };

  return {
    byTurn,
    error,
    undo: (id, force = false) => run(() => client.checkpoints.undo({ id, force })),
    undoTurn: (turnId, force = false) => run(() => client.checkpoints.undoTurn({ turnId, force })),
  };
}
