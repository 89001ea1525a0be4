// One conversation in the sidebar: its title (the button that opens it), and under it when it
// was last active, its turns and cost, and a mark for a background run or a worktree.
import { useId, useState } from 'react';
import type { ListedConversation } from '../../../shared/contract';
import { costText, shortWhen, turnsText } from '../../../shared/conversation-listing-text';

interface Props {
  conversation: ListedConversation;
  /** What "today" and "yesterday" are counted from. */
  now: number;
  active: boolean;
  onSelect(): void;
  onRename(title: string): void;
  onDelete(): void;
}

/** The words under the title; they are its description, read after the title. */
function ConversationMeta({
  conversation,
  now,
  id,
}: {
  conversation: ListedConversation;
  now: number;
  id: string;
}) {
  const { updatedAt, turns, costUsd, kind, worktree } = conversation;
  return (
    <span className="conversation-meta" id={id}>
      {`${shortWhen(updatedAt, now)} · ${turnsText(turns)} · ${costText(costUsd)}`}
      {kind === 'propose' && (
        <>
          {' '}
          <span className="badge">propose</span>
        </>
      )}
      {worktree !== undefined && (
        <>
          {' '}
          <span className="badge">worktree {worktree}</span>
        </>
      )}
    </span>
  );
}

export function ConversationListItem({
  conversation,
  now,
  active,
  onSelect,
  onRename,
  onDelete,
}: Props) {
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const metaId = useId();

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
      <span className="conversation-main">
        <button
          type="button"
          className="conversation-title"
          aria-current={active ? 'true' : undefined}
          aria-describedby={metaId}
          title={conversation.title}
          onClick={onSelect}
        >
          {conversation.title || 'Untitled conversation'}
        </button>
        <ConversationMeta conversation={conversation} now={now} id={metaId} />
      </span>
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
