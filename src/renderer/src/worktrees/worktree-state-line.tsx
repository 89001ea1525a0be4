// Where a worktree stands, under its name in the sidebar: commits ahead of (and behind) the
// project's branch, uncommitted files by name, its conversation by title, and when it last
// changed. A worktree holding work is never shown as if it were clean.
import type { GitWorktreeView } from '../../../shared/contract';
import { plural } from '../../../shared/plural';

export function WorktreeStateLine({ worktree: w }: { worktree: GitWorktreeView }) {
  const base = w.base ?? 'HEAD';
  const when = w.lastActivity === null ? null : new Date(w.lastActivity).toLocaleString();
  return (
    <div className="small-text worktree-state">
      <span>
        {w.ahead === 0 && w.behind === 0
          ? `even with ${base}`
          : `${plural(w.ahead, 'commit')} ahead, ${w.behind} behind ${base}`}
      </span>
      {' · '}
      {w.uncommittedCount > 0 ? (
        <span className="warning-text" title={w.uncommitted.join('\n')}>
          {plural(w.uncommittedCount, 'uncommitted file')} ({w.uncommitted.slice(0, 3).join(', ')}
          {w.uncommittedCount > 3 ? ', …' : ''})
        </span>
      ) : (
        <span>no uncommitted changes</span>
      )}
      {w.conversation && (
        <>
          {' · '}
          <span>“{w.conversation.title}”</span>
        </>
      )}
      {when && (
        <>
          {' · '}
          <span className="muted">last activity {when}</span>
        </>
      )}
    </div>
  );
}
