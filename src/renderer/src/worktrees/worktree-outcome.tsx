// What the last worktree call did, under the list: "Remove anyway" after a refused removal,
// the error or notice in words, each applied file with what the review decided, and git's output.
import type { WorktreesState } from './use-worktrees';

export function WorktreeOutcome({ state }: { state: WorktreesState }) {
  return (
    <>
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
    </>
  );
}
