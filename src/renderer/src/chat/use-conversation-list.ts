// The conversation history in the sidebar; refreshed whenever main says it changed.
import { useCallback, useEffect, useState } from 'react';
import type { ConversationSummary } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface ConversationList {
  conversations: ConversationSummary[];
  error: string | null;
  rename(conversationId: string, title: string): Promise<void>;
  remove(conversationId: string): Promise<boolean>;
}

export function useConversationList(): ConversationList {
  const client = useClient();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setConversations(await client.agent.listConversations({}));
      setError(null);
    } catch (failure) {
      setError(`Could not list conversations: ${errorMessage(failure)}`);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useContractEvent('conversations.changed', () => void refresh());

  return {
    conversations,
    error,
    async rename(conversationId, title) {
      try {
        await client.agent.renameConversation({ conversationId, title });
        await refresh();
      } catch (failure) {
        setError(`Could not rename: ${errorMessage(failure)}`);
      }
    },
    async remove(conversationId) {
      try {
        const { deleted } = await client.agent.deleteConversation({ conversationId });
        await refresh();
        return deleted;
      } catch (failure) {
        setError(`Could not delete: ${errorMessage(failure)}`);
        return false;
      }
    },
  };
}
