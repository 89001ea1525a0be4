// Conversation history: find one by its title or your prompts, pick it, start a new one,
// rename or delete. Each shows when it was last active, its turns and cost, and whether a
// background run or a worktree made it.
import type { ListedConversation } from '../../../shared/contract';
import { ConversationListItem } from './conversation-list-item';
import { useConversationSearch } from './use-conversation-search';

interface Props {
  conversations: ListedConversation[];
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
  const search = useConversationSearch();
  const shown = search.searched ? (search.found ?? conversations) : conversations;
  const noMatch = search.searched !== '' && !search.pending && shown.length === 0;
  const now = Date.now();
  return (
    <nav className="conversation-list" aria-label="Conversations">
      <div className="sidebar-heading">
        <span>Conversations</span>
        <button type="button" className="button small" onClick={() => onSelect(null)}>
          New chat
        </button>
      </div>
      {(conversations.length > 0 || search.text) && (
        <div className="conversation-search" role="search">
          <input
            type="search"
            className="input small"
            aria-label="Search conversations"
            placeholder="Search titles and prompts"
            value={search.text}
            maxLength={500}
            onChange={(event) => search.setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && search.setText('')}
          />
        </div>
      )}
      {error && <p className="error-text">{error}</p>}
      {search.error && <p className="error-text">{search.error}</p>}
      {conversations.length === 0 && !search.searched && (
        <p className="muted small-text">No conversations yet.</p>
      )}
      <p className={noMatch ? 'muted small-text' : 'visually-hidden'} role="status">
        {noMatch ? `No conversation matches “${search.searched}”.` : ''}
      </p>
      <ul aria-busy={search.pending || undefined}>
        {shown.map((conversation) => (
          <ConversationListItem
            key={conversation.id}
            conversation={conversation}
            now={now}
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
