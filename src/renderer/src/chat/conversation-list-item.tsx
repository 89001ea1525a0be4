import { useState } from 'react';
import type { ConversationSummary } from '../../../shared/contract';

interface Props {
  conversation: ConversationSummary;
  active: boolean;
  onSelect(): void;
  onRename(title: string): void;
  onDelete(): void;
}

export function ConversationListItem({
  conversation,
  active,
  onSelect,
  onRename,
  onDelete,
}: Props) {
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [title, setTitle] = useState(conversation.title);

  if (renaming) {
    return (
      <li className="conversation-item">
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = title.trim();
            if (trimmed) onRename(trimmed);
            setRenaming(false);
          }}
        >
          <input
            className="input small"
            aria-label="Conversation title"
            value={title}
            maxLength={200}
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setRenaming(false)}
          />
          <button type="submit" className="button small">
            Save
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className={`conversation-item${active ? ' active' : ''}`}>
      <button
        type="button"
        className="conversation-title"
        aria-current={active ? 'true' : undefined}
        onClick={onSelect}
      >
        {conversation.title || 'Untitled'}
      </button>
      {confirmDelete ? (
        <span className="conversation-actions">
          <button type="button" className="button small danger" onClick={onDelete}>
            Delete
          </button>
          <button type="button" className="button small" onClick={() => setConfirmDelete(false)}>
            Keep
          </button>
        </span>
      ) : (
        <span className="conversation-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Rename ${conversation.title}`}
            onClick={() => {
              setTitle(conversation.title);
              setRenaming(true);
            }}
          >
            ✎
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Delete ${conversation.title}`}
            onClick={() => setConfirmDelete(true)}
          >
            ✕
          </button>
        </span>
      )}
    </li>
  );
}
