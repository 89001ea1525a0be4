// The live review's title (new file or edit, which path, "2 of 3"), the model's description,
// why the person is asked, and the layout switch with what is ticked.
import type { ApprovalRequest } from '../../../shared/approvals';
import type { SelectionCount } from '../../../shared/hunk-selection';

interface Props {
  request: ApprovalRequest;
  position: number;
  total: number;
  splitView: boolean;
  onSplitView(split: boolean): void;
  /** What is ticked, where hunks can be ticked. */
  selected: SelectionCount | null;
}

export function DiffReviewHeader({
  request,
  position,
  total,
  splitView,
  onSplitView,
  selected,
}: Props) {
  return (
    <>
      {/* A div, not <header>: inside a dialog a header would be a second banner landmark. */}
      <div className="review-header">
        <div className="review-title-row">
          <h2 id="review-title" className="review-title">
            {request.isNewFile ? 'New file' : 'Edit'} <code>{request.path}</code>
          </h2>
          {total > 1 && (
            <span className="review-position" data-testid="review-position">
              {position} of {total}
            </span>
          )}
        </div>
        {request.description && <p className="review-description">{request.description}</p>}
        <p className="review-reason muted">
          {request.protectedPath && <span className="badge warning">protected path</span>}{' '}
          {request.reason}
          {request.coarseDiff && (
            <span className="badge">coarse diff (file too large for a line diff)</span>
          )}
        </p>
      </div>
      <div className="review-toolbar">
        <div className="segmented" role="group" aria-label="Diff layout">
          <button type="button" aria-pressed={splitView} onClick={() => onSplitView(true)}>
            Split
          </button>
          <button type="button" aria-pressed={!splitView} onClick={() => onSplitView(false)}>
            Unified
          </button>
        </div>
        {selected && (
          <span className="muted" data-testid="review-selection">
            {selectedText(selected)}
          </span>
        )}
      </div>
    </>
  );
}

/** "1 of 2 hunks selected", "5 of 9 changed lines selected". */
function selectedText(count: SelectionCount): string {
  if (count.partialHunks > 0)
    return `${count.keptLines} of ${count.changedLines} changed lines selected`;
  return `${count.wholeHunks} of ${count.hunks} hunk${count.hunks === 1 ? '' : 's'} selected`;
}
