// The Changes view: the working tree against HEAD, file by file, each marked as
// written by Sluice (which conversation, by its title, one click away) or by the person,
// untracked files included. Revert (a file or one hunk) goes through the review modal like any
// write and is a checkpoint; Commit takes the files and hunks the person picked (tracked
// changes to start with) with a message the model can draft and the person edits.
import { useState } from 'react';
import type { WorkingChangeView } from '../../../shared/contract';
import { useResolvedTheme } from '../app/theme';
import { languageForPath } from '../highlight/highlighter';
import { HunkView } from '../review/hunk-view';
import { useChanges, type ChangesState } from './use-changes';
import { EvidencePanel } from '../review/evidence-panel';
import { useCommitEvidence } from './use-commit-evidence';
import { useCommitPicks, type CommitPicks } from './use-commit-picks';

export interface ConversationLinks {
  /** A conversation's title, when the list has it. */
  titleOf(id: string): string | null;
  open(id: string): void;
}

const STATE_WORDS: Record<WorkingChangeView['state'], string> = {
  modified: 'modified',
  added: 'added',
  deleted: 'deleted',
  untracked: 'untracked',
  conflicted: 'conflicted',
};

export function ChangesView({ conversations }: { conversations: ConversationLinks }) {
  const state = useChanges();
  const [message, setMessage] = useState('');
  const { changes } = state;
  const picks = useCommitPicks(changes?.repository ? changes.files : NO_FILES);

  return (
    <section className="changes-view" aria-labelledby="changes-title">
      <header className="changes-header">
        <h2 id="changes-title">Changes</h2>
        {changes?.repository && (
          <span className="muted">against HEAD{changes.branch ? ` on ${changes.branch}` : ''}</span>
        )}
        <button
          type="button"
          className="button small"
          onClick={() => void state.reload()}
          disabled={state.busy}
        >
          Refresh
        </button>
      </header>
      {state.error && (
        <p role="alert" className="error">
          {state.error}
        </p>
      )}
      {state.notice && <p role="status">{state.notice}</p>}
      {changes === null && !state.error && <p className="muted">Reading git…</p>}
      {changes && !changes.repository && <p>{changes.message}</p>}
      {changes?.repository && changes.files.length === 0 && <p>No changes against HEAD.</p>}
      {changes?.repository && changes.files.length > 0 && (
        <>
          <ul className="changes-list" aria-label="Changed files">
            {changes.files.map((file) => (
              <li key={file.path}>
                <input
                  type="checkbox"
                  aria-label={`Commit ${file.path}`}
                  checked={picks.isPicked(file.path)}
                  onChange={() => picks.toggleFile(file)}
                />{' '}
                <a href={`#change-${encodeURIComponent(file.path)}`}>{file.path}</a>{' '}
                <span className="tag">{STATE_WORDS[file.state]}</span>{' '}
                <By file={file} conversations={conversations} />
              </li>
            ))}
          </ul>
          <CommitBox state={state} picks={picks} message={message} onMessage={setMessage} />
          {changes.files.map((file) => (
            <ChangedFile
              key={file.path}
              file={file}
              state={state}
              picks={picks}
              conversations={conversations}
            />
          ))}
        </>
      )}
    </section>
  );
}

const NO_FILES: WorkingChangeView[] = [];
const NO_TEXTS: Readonly<Record<string, string>> = {};

/** Who changed the file: you, or Sluice in a conversation named by its title (a link to it). */
function By({
  file,
  conversations,
}: {
  file: WorkingChangeView;
  conversations: ConversationLinks;
}) {
  if (file.by === 'person') return <span className="tag">by you</span>;
  const id = file.conversationId;
  if (!id) return <span className="tag sluice">by Sluice</span>;
  const title = conversations.titleOf(id) ?? 'a deleted conversation';
  return (
    <span className="tag sluice">
      by Sluice in{' '}
      <button type="button" className="link-button" onClick={() => conversations.open(id)}>
        “{title}”
      </button>
    </span>
  );
}

function CommitBox({
  state,
  picks,
  message,
  onMessage,
}: {
  state: ChangesState;
  picks: CommitPicks;
  message: string;
  onMessage(text: string): void;
}) {
  const nothing = picks.request.length === 0;
  const checked = useCommitEvidence(picks.request, state.changes);
  return (
    <form
      className="commit-box"
      aria-label="Commit"
      onSubmit={(event) => {
        event.preventDefault();
        void state.commit(message.trim(), picks.request).then((ok) => {
          if (ok) onMessage('');
        });
      }}
    >
      <label htmlFor="commit-message">
        Commit message ({nothing ? 'pick the files to commit above' : picks.summary}; your hooks run
        in the sandbox)
      </label>
      <textarea
        id="commit-message"
        className="input"
        rows={4}
        value={message}
        onChange={(event) => onMessage(event.target.value)}
      />
      {!nothing && (
        <div className="commit-evidence" aria-label="What this commit carries">
          {checked.evidence && !checked.checking ? (
            <EvidencePanel evidence={checked.evidence} proposedTexts={NO_TEXTS} />
          ) : checked.error ? (
            <p className="muted">Not checked: {checked.error}</p>
          ) : (
            <p className="muted" aria-live="polite">
              Checking what this commit carries against HEAD…
            </p>
          )}
        </div>
      )}
      <div className="commit-actions">
        <button
          type="button"
          className="button"
          disabled={state.busy}
          onClick={() =>
            void state.draft().then((draft) => {
              if (draft) onMessage(draft);
            })
          }
        >
          Draft message
        </button>
        <button
          type="submit"
          className="button primary"
          disabled={state.busy || !message.trim() || nothing}
        >
          {nothing ? 'Commit' : `Commit ${picks.summary}`}
        </button>
      </div>
      {state.output && (
        <pre className="commit-output" aria-label="git output">
          {state.output}
        </pre>
      )}
    </form>
  );
}

function ChangedFile({
  file,
  state,
  picks,
  conversations,
}: {
  file: WorkingChangeView;
  state: ChangesState;
  picks: CommitPicks;
  conversations: ConversationLinks;
}) {
  const dark = useResolvedTheme() === 'dark';
  const canRevert = file.state === 'modified' || file.state === 'deleted';
  return (
    <section
      className="inbox-file"
      id={`change-${encodeURIComponent(file.path)}`}
      aria-label={file.path}
      data-testid="changed-file"
    >
      <header className="inbox-file-header">
        <strong>{file.path}</strong>
        <span className="tag">{STATE_WORDS[file.state]}</span>
        <By file={file} conversations={conversations} />
        {file.note && <span className="muted">{file.note}</span>}
        {canRevert && (
          <button
            type="button"
            className="button small"
            disabled={state.busy}
            onClick={() => void state.revert(file.path)}
          >
            Revert file to HEAD
          </button>
        )}
      </header>
      {file.hunks.map((hunk, index) => (
        <div key={hunk.id} className="changes-hunk">
          <HunkView
            hunk={hunk}
            index={index}
            path={file.path}
            language={languageForPath(file.path)}
            splitView={false}
            dark={dark}
            selectable={file.state === 'modified' && file.hunks.length > 1}
            selected={picks.isHunkPicked(file.path, hunk.id)}
            onToggle={() => picks.toggleHunk(file, hunk.id)}
          />
          {file.state === 'modified' && (
            <button
              type="button"
              className="button small"
              disabled={state.busy}
              onClick={() => void state.revert(file.path, hunk.id)}
            >
              Revert hunk {index + 1}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
