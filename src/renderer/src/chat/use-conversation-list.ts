// The conversation history in the sidebar; refreshed whenever main says it changed. Every
// conversation of the project and its worktrees, up to the listing's bound: titles are looked
// up in it, and the sidebar shows it unless a search is under way (use-conversation-search.ts).
import {
  LIST_CONVERSATIONS_MAX,
  type ListedConversation,
  type SluiceClient,
} from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { useLiveList } from '../app/use-live-list';

export interface ConversationList {
  conversations: ListedConversation[];
  error: string | null;
  rename(conversationId: string, title: string): Promise<void>;
  remove(conversationId: string): Promise<boolean>;
}

const listConversations = (client: SluiceClient) =>
  client.agent.listConversations({ limit: LIST_CONVERSATIONS_MAX });

export function useConversationList(): ConversationList {
  const client = useClient();
  const list = useLiveList(listConversations, 'conversations.changed', 'conversations');

  return {
    conversations: list.items,
    error: list.error,
    async rename(conversationId, title) {
      try {
        await client.agent.renameConversation({ conversationId, title });
        await list.refresh();
      } catch (failure) {
        list.setError(`Could not rename: ${errorMessage(failure)}`);
      }
    },
    async remove(conversationId) {
      try {
        const { deleted } = await client.agent.deleteConversation({ conversationId });
        await list.refresh();
        return deleted;
      } catch (failure) {
        list.setError(`Could not delete: ${errorMessage(failure)}`);
        return false;
      }
    },
  };
}
