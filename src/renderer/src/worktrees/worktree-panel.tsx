// New chat in a worktree, in the sidebar. In the person's project: start a chat in
// a new git worktree on branch sluice/NAME (the app opens it as the project, so the chat's
// tools, index, evidence and commands see only it), and finish the worktrees there are: merge
// the branch, apply its changes per hunk through the usual review, or remove it (keeping it is
// doing nothing), each with where it stands. Inside a worktree: which branch the chat works
// on, and the way back.
import { useState } from 'react';
import { TextField } from '../app/text-field';
import type { WorktreesState } from './use-worktrees';
import { MergePreviewBox } from './merge-preview-box';
import { WorktreeStateLine } from './worktree-state-line';

export function WorktreePanel({ state }: { state: WorktreesState }) {
  const [name, setName] = useState('');
  const { worktrees } = state;
  if (worktrees === null) return null;
  return (
    <section className="worktree-panel" aria-label="Worktrees">
      <div className="sidebar-heading">
        <span>Worktrees</span>
      </div>
      {!worktrees.repository && <p className="muted small-text">{worktrees.message}</p>}
      {worktrees.repository && worktrees.current && (
        <div className="worktree-current">
          <p className="small-text">
            This chat works in worktree <strong>{worktrees.current.name}</strong> on branch{' '}
            <span className="tag">{worktrees.current.branch}</span>. Finish it from the main
            project: merge, apply per hunk, or keep it.
          </p>
          <button
            type="button"
            className="button small"
            disabled={state.busy}
            onClick={() => void state.open(worktrees.current?.mainRoot ?? '')}
          >
            Back to the main project
          </button>
        </div>
      )}
      {worktrees.repository && !worktrees.current && (
        <>
          <form
            className="worktree-new"
            aria-label="New chat in a worktree"
            onSubmit={(event) => {
              event.preventDefault();
              void state.startChat(name.trim()).then((ok) => {
                if (ok) setName('');
              });
            }}
          >
            <TextField
              label="Worktree name (optional)"
              value={name}
              maxLength={64}
              placeholder="task-…"
              onChange={setName}
            />
            <button type="submit" className="button small" disabled={state.busy}>
              New chat in a worktree
            </button>
          </form>
          {worktrees.worktrees.length === 0 && (
            <p className="muted small-text">No worktrees yet.</p>
          )}
          <ul className="worktree-list">
            {worktrees.worktrees.map((w) => (
              <li key={w.name} aria-label={`Worktree ${w.name}`}>
                <div>
                  <strong>{w.name}</strong> <span className="tag">{w.branch}</span>
                </div>
                <WorktreeStateLine worktree={w} />
                {state.preview?.name === w.name && (
                  <MergePreviewBox
                    preview={state.preview}
                    busy={state.busy}
                    onMerge={() => void state.finish(w.name, 'merge')}
                    onCancel={state.cancelPreview}
                  />
                )}
                <div className="worktree-actions">
                  <button
                    type="button"
                    className="button small"
                    disabled={state.busy}
                    onClick={() => void state.open(w.path)}
                  >
                    Open
                  </button>
                  <button
                    type="button"
                    className="button small"
                    disabled={state.busy}
                    onClick={() => void state.previewMerge(w.name)}
                  >
                    Merge
                  </button>
                  <button
                    type="button"
                    className="button small"
                    disabled={state.busy}
                    onClick={() => void state.finish(w.name, 'apply')}
                  >
                    Apply per hunk
                  </button>
                  <button
                    type="button"
                    className="button small"
                    disabled={state.busy}
                    onClick={() => void state.finish(w.name, 'remove')}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {state.refusedRemoval && (
        <button
          type="button"
          className="button small danger"
          disabled={state.busy}
          onClick={() => void state.finish(state.refusedRemoval ?? '', 'remove', true)}
        >
          Remove {state.refusedRemoval} anyway (its work is lost)
        </button>
      )}
      {state.error && (
        <p role="alert" className="error-text">
          {state.error}
        </p>
      )}
      {state.notice && <p role="status">{state.notice}</p>}
      {state.applied.length > 0 && (
        <ul aria-label="Applied files" className="small-text">
          {state.applied.map((file) => (
            <li key={file.path}>
              {file.outcome}: {file.path}
            </li>
          ))}
        </ul>
      )}
      {state.output && (
        <pre className="commit-output" aria-label="git output">
          {state.output}
        </pre>
      )}
    </section>
  );
}
