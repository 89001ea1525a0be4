// Conversation history: pick one, start a new one, rename or delete.
import type { ConversationSummary } from '../../../shared/contract';
import { ConversationListItem } from './conversation-list-item';

interface Props {
  conversations: ConversationSummary[];
  activeId: string | null;
  error: string | null;
  onSelect(conversationId: string | null): void;
  onRename(conversationId: string, title: string): void;
  onDelete(conversationId: string): void;
}

export function ConversationList({
  conversations,
  activeId,
  error,
  onSelect,
  onRename,
  onDelete,
}: Props) {
  return (
    <nav className="conversation-list" aria-label="Conversations">
      <div className="sidebar-heading">
        <span>Conversations</span>
        <button type="button" className="button small" onClick={() => onSelect(null)}>
          New chat
        </button>
      </div>
      {error && <p className="error-text">{error}</p>}
      {conversations.length === 0 && <p className="muted small-text">No conversations yet.</p>}
      <ul>
        {conversations.map((conversation) => (
          <ConversationListItem
            key={conversation.id}
            conversation={conversation}
            active={conversation.id === activeId}
            onSelect={() => onSelect(conversation.id)}
            onRename={(title) => onRename(conversation.id, title)}
            onDelete={() => onDelete(conversation.id)}
          />
        ))}
      </ul>
    </nav>
  );
}
