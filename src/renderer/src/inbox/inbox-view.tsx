// The inbox: change sets that runs nobody watched left for review, newest
// first, and "Run in background" to start one from here, with the commands it may run in its
// private copy, on this machine or in a container. Running and queued
// runs can be stopped. Opening a set shows its detail.
import { useState } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { ChangeSetDetail } from './change-set-detail';
import type { Inbox } from './use-inbox';
import { BackgroundRunForm } from './background-run-form';
import { ChangeSetList } from './change-set-list';

interface Props {
  inbox: Inbox;
  onOpenConversation?(conversationId: string): void;
}

export function InboxView({ inbox, onOpenConversation }: Props) {
  const client = useClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const started = async (changeSetId: string) => {
    setOpenId(changeSetId);
    await inbox.refresh();
  };

  const stop = async (id: string) => {
    setError(null);
    try {
      await client.proposals.stop({ id });
      await inbox.refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <div className="inbox" data-testid="inbox">
      <div className="inbox-list-pane">
        <BackgroundRunForm error={error} onError={setError} onStarted={started} />
        {inbox.error && <p className="error-text">{inbox.error}</p>}
        {inbox.sets.length === 0 && <p className="muted">No change sets yet.</p>}
        <ChangeSetList
          sets={inbox.sets}
          openId={openId}
          onOpen={setOpenId}
          onStop={(id) => void stop(id)}
        />
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
