// The Changes view: the working tree against HEAD, file by file, each marked as
// written by Sluice (which conversation) or by the person, untracked files included. Revert
// (a file or one hunk) goes through the review modal like any write and is a checkpoint;
// Commit takes every tracked change with a message the model can draft and the person edits.
import { useState } from 'react';
import type { WorkingChangeView } from '../../../shared/contract';
import { useResolvedTheme } from '../app/theme';
import { languageForPath } from '../highlight/highlighter';
import { HunkView } from '../review/hunk-view';
import { useChanges, type ChangesState } from './use-changes';

const STATE_WORDS: Record<WorkingChangeView['state'], string> = {
  modified: 'modified',
  added: 'added',
  deleted: 'deleted',
  untracked: 'untracked',
  conflicted: 'conflicted',
};

export function ChangesView() {
  const state = useChanges();
  const [message, setMessage] = useState('');
  const { changes } = state;

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
                <a href={`#change-${encodeURIComponent(file.path)}`}>{file.path}</a>{' '}
                <span className="tag">{STATE_WORDS[file.state]}</span>{' '}
                <span className={`tag${file.by === 'sluice' ? ' sluice' : ''}`}>
                  {byWords(file)}
                </span>
              </li>
            ))}
          </ul>
          <CommitBox state={state} message={message} onMessage={setMessage} />
          {changes.files.map((file) => (
            <ChangedFile key={file.path} file={file} state={state} />
          ))}
        </>
      )}
    </section>
  );
}

function byWords(file: WorkingChangeView): string {
  if (file.by === 'person') return 'by you';
  return file.conversationId ? `by Sluice (conversation ${file.conversationId})` : 'by Sluice';
}

function CommitBox({
  state,
  message,
  onMessage,
}: {
  state: ChangesState;
  message: string;
  onMessage(text: string): void;
}) {
  return (
    <form
      className="commit-box"
      aria-label="Commit"
      onSubmit={(event) => {
        event.preventDefault();
        void state.commit(message.trim()).then((ok) => {
          if (ok) onMessage('');
        });
      }}
    >
      <label htmlFor="commit-message">Commit message (every tracked change; your hooks run)</label>
      <textarea
        id="commit-message"
        className="input"
        rows={4}
        value={message}
        onChange={(event) => onMessage(event.target.value)}
      />
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
        <button type="submit" className="button primary" disabled={state.busy || !message.trim()}>
          Commit
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

function ChangedFile({ file, state }: { file: WorkingChangeView; state: ChangesState }) {
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
        <span className="tag">{byWords(file)}</span>
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
            selectable={false}
            selected
            onToggle={() => undefined}
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
