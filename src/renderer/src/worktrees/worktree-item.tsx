// One worktree of the main project in the sidebar: its name and branch, where it stands, the
// merge preview when asked for, and the ways to finish it (open, merge, apply per hunk, remove).
import type { GitWorktreeView } from '../../../shared/contract';
import type { WorktreesState } from './use-worktrees';
import { MergePreviewBox } from './merge-preview-box';
import { WorktreeStateLine } from './worktree-state-line';

interface WorktreeAction {
  label: string;
  act(state: WorktreesState, worktree: GitWorktreeView): Promise<void>;
}

const ACTIONS: readonly WorktreeAction[] = [
  { label: 'Open', act: (state, w) => state.open(w.path) },
  { label: 'Merge', act: (state, w) => state.previewMerge(w.name) },
  { label: 'Apply per hunk', act: (state, w) => state.finish(w.name, 'apply') },
  { label: 'Remove', act: (state, w) => state.finish(w.name, 'remove') },
];

export function WorktreeItem({
  state,
  worktree: w,
}: {
  state: WorktreesState;
  worktree: GitWorktreeView;
}) {
  return (
    <li aria-label={`Worktree ${w.name}`}>
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
        {ACTIONS.map((action) => (
          <button
            key={action.label}
            type="button"
            className="button small"
            disabled={state.busy}
            onClick={() => void action.act(state, w)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </li>
  );
}
