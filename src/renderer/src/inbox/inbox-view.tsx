// The inbox (issue 11 item 4): change sets that runs nobody watched left for review, newest
// first, and "Run in background" to start one from here. Opening a set shows its detail.
import { useState } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { ChangeSetDetail } from './change-set-detail';
import type { Inbox } from './use-inbox';
import { InboxField } from './inbox-field';
import { statusWords } from './change-set-words';

interface Props {
  inbox: Inbox;
  onOpenConversation?(conversationId: string): void;
}

export function InboxView({ inbox, onOpenConversation }: Props) {
  const client = useClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const runInBackground = async () => {
    setError(null);
    try {
      const started = await client.proposals.runInBackground({ text: text.trim() });
      setText('');
      setOpenId(started.changeSetId);
      await inbox.refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <div className="inbox" data-testid="inbox">
      <div className="inbox-list-pane">
        <form
          className="inbox-run"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) void runInBackground();
          }}
        >
          <InboxField
            label="Run in background (changes land here for review, never on disk)"
            value={text}
            testId="background-prompt"
            onChange={setText}
          />
          <button
            type="submit"
            className="button"
            disabled={!text.trim()}
            data-testid="run-in-background"
          >
            Run in background
          </button>
          {error && <p className="error-text">{error}</p>}
        </form>
        {inbox.error && <p className="error-text">{inbox.error}</p>}
        {inbox.sets.length === 0 && <p className="muted">No change sets yet.</p>}
        <ul className="inbox-list" aria-label="Change sets">
          {inbox.sets.map((set) => (
            <li key={set.id}>
              <button
                type="button"
                className={`inbox-item${set.id === openId ? ' active' : ''}`}
                data-testid="inbox-item"
                aria-current={set.id === openId}
                onClick={() => setOpenId(set.id)}
              >
                <span className="inbox-item-title">{set.prompt}</span>
                <span className="tag">{statusWords(set.status)}</span>
                <span className="muted">
                  {set.paths.length} file(s){set.needsRecheck ? ' · needs re-check' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="inbox-detail-pane">
        {openId ? (
          <ChangeSetDetail
            id={openId}
            version={inbox.version}
            onRefined={setOpenId}
            {...(onOpenConversation ? { onOpenConversation } : {})}
          />
        ) : (
          <p className="muted">Open a change set to review it.</p>
        )}
      </div>
    </div>
  );
}
