// The live review's decision buttons: the primary one writes exactly what is ticked and says
// so (with what its check found), then Edit, Reject and "Approve all" for a batch.
interface Props {
  busy: boolean;
  approveLabel: string;
  /** Nothing is ticked: the primary button has nothing to write. */
  nothingKept: boolean;
  approveAllCount: number;
  alwaysAllow: boolean;
  glob: string;
  onAlwaysAllow(on: boolean): void;
  onGlob(glob: string): void;
  onApprove(): void;
  onEdit(): void;
  onReject(): void;
  onApproveAll(): void;
}

export function ReviewFooter(props: Props) {
  return (
    <footer className="review-footer">
      <label className="always-allow">
        <input
          type="checkbox"
          checked={props.alwaysAllow}
          onChange={(event) => props.onAlwaysAllow(event.target.checked)}
        />
        Always allow this path
      </label>
      {props.alwaysAllow && (
        <input
          className="input small"
          aria-label="Path or glob to always allow"
          value={props.glob}
          onChange={(event) => props.onGlob(event.target.value)}
        />
      )}
      <div className="button-row">
        <button
          data-testid="review-approve"
          type="button"
          className="button primary"
          disabled={props.busy || props.nothingKept}
          onClick={props.onApprove}
          title={
            props.nothingKept ? 'Tick a hunk to approve it, or reject the change' : 'Ctrl/Cmd+Enter'
          }
        >
          {props.approveLabel}
        </button>
        <button data-testid="review-edit" type="button" className="button" onClick={props.onEdit}>
          Edit
        </button>
        <button
          data-testid="review-reject"
          type="button"
          className="button danger"
          onClick={props.onReject}
          title="Esc"
        >
          Reject…
        </button>
        {props.approveAllCount > 1 && (
          <button
            data-testid="review-approve-all"
            type="button"
            className="button"
            disabled={props.busy}
            onClick={props.onApproveAll}
          >
            Approve all ({props.approveAllCount})
          </button>
        )}
      </div>
    </footer>
  );
}
