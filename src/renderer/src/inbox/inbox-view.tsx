// The inbox: change sets that runs nobody watched left for review, newest
// first, and "Run in background" to start one from here, with the commands it may run in its
// private copy, on this machine or in a container. Running and queued
// runs can be stopped. Opening a set shows its detail.
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
  const [allowed, setAllowed] = useState('');
  const [where, setWhere] = useState<'local' | 'container'>('local');
  const [image, setImage] = useState('');
  const [error, setError] = useState<string | null>(null);

  const runInBackground = async () => {
    setError(null);
    try {
      const allowCommands = allowed
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const started = await client.proposals.runInBackground({
        text: text.trim(),
        ...(allowCommands.length ? { allowCommands } : {}),
        ...(where === 'container'
          ? { executor: 'container' as const, ...(image.trim() ? { image: image.trim() } : {}) }
          : {}),
      });
      setText('');
      setOpenId(started.changeSetId);
      await inbox.refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    }
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
          <InboxField
            label="Commands it may run, one per line (e.g. npm test); your allow rules apply too"
            value={allowed}
            testId="background-allow-commands"
            onChange={setAllowed}
          />
          <label className="inbox-run-where">
            <span>Where it runs</span>
            <select
              value={where}
              data-testid="background-executor"
              onChange={(e) => setWhere(e.target.value === 'container' ? 'container' : 'local')}
            >
              <option value="local">This machine (a private copy)</option>
              <option value="container">A container (Docker or Podman, DOCKER_HOST)</option>
            </select>
          </label>
          {where === 'container' && (
            <label className="inbox-run-where">
              <span>
                Image (empty: the project&apos;s devcontainer, else Settings); never pulled
              </span>
              <input
                value={image}
                data-testid="background-image"
                placeholder="e.g. localhost/my-node:20"
                onChange={(e) => setImage(e.target.value)}
              />
            </label>
          )}
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
            <li key={set.id} className="inbox-list-row">
              <button
                type="button"
                className={`inbox-item${set.id === openId ? ' active' : ''}`}
                data-testid="inbox-item"
                aria-current={set.id === openId}
                onClick={() => setOpenId(set.id)}
              >
                <span className="inbox-item-title">{set.prompt}</span>
                <span className="tag">
                  {set.status === 'running' && set.run?.state === 'queued'
                    ? 'queued'
                    : statusWords(set.status)}
                </span>
                <span className="muted">
                  {set.paths.length} file(s){set.needsRecheck ? ' · needs re-check' : ''}
                </span>
              </button>
              {set.status === 'running' && (
                <button
                  type="button"
                  className="button small danger"
                  data-testid="inbox-stop"
                  aria-label={`Stop: ${set.prompt}`}
                  onClick={() => void stop(set.id)}
                >
                  Stop
                </button>
              )}
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
