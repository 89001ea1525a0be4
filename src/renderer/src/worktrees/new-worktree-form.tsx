// "New chat in a worktree": an optional name, and the button that makes the worktree on branch
// sluice/NAME and opens it as the project. The name is cleared once the chat has started.
import { TextField } from '../app/text-field';
import type { WorktreesState } from './use-worktrees';

export function NewWorktreeForm({
  state,
  name,
  onName,
}: {
  state: WorktreesState;
  name: string;
  onName(name: string): void;
}) {
  return (
    <form
      className="worktree-new"
      aria-label="New chat in a worktree"
      onSubmit={(event) => {
        event.preventDefault();
        void state.startChat(name.trim()).then((ok) => {
          if (ok) onName('');
        });
      }}
    >
      <TextField
        label="Worktree name (optional)"
        value={name}
        maxLength={64}
        placeholder="task-…"
        onChange={onName}
      />
      <button type="submit" className="button small" disabled={state.busy}>
        New chat in a worktree
      </button>
    </form>
  );
}
