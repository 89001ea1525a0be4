// New chat in a worktree, in the sidebar. In the person's project: start a chat in
// a new git worktree on branch sluice/NAME (the app opens it as the project, so the chat's
// tools, index, evidence and commands see only it), and finish the worktrees there are: merge
// the branch, apply its changes per hunk through the usual review, or remove it (keeping it is
// doing nothing), each with where it stands. Inside a worktree: which branch the chat works
// on, and the way back.
import { useState } from 'react';
import type { GitWorktrees } from '../../../shared/contract';
import { TextField } from '../app/text-field';
import type { WorktreesState } from './use-worktrees';
import { WorktreeItem } from './worktree-item';
import { WorktreeOutcome } from './worktree-outcome';

type CurrentWorktree = NonNullable<Extract<GitWorktrees, { repository: true }>['current']>;

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
        <InsideWorktree state={state} current={worktrees.current} />
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
              <WorktreeItem key={w.name} state={state} worktree={w} />
            ))}
          </ul>
        </>
      )}
      <WorktreeOutcome state={state} />
    </section>
  );
}

/** The open project is a worktree: which branch the chat works on, and the way back. */
function InsideWorktree({ state, current }: { state: WorktreesState; current: CurrentWorktree }) {
  return (
    <div className="worktree-current">
      <p className="small-text">
        This chat works in worktree <strong>{current.name}</strong> on branch{' '}
        <span className="tag">{current.branch}</span>. Finish it from the main project: merge, apply
        per hunk, or keep it.
      </p>
      <button
        type="button"
        className="button small"
        disabled={state.busy}
        onClick={() => void state.open(current.mainRoot)}
      >
        Back to the main project
      </button>
    </div>
  );
}
