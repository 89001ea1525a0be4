import type { RefObject } from 'react';

interface Props {
  reason: string;
  onReasonChange(reason: string): void;
  onReject(): void;
  onBack(): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function RejectForm({ reason, onReasonChange, onReject, onBack, inputRef }: Props) {
  return (
    <div className="reject-form">
      <label className="field-label" htmlFor="reject-reason">
        Why reject? (optional, the model reads it)
      </label>
      <textarea
        id="reject-reason"
        ref={inputRef}
        className="input"
        rows={3}
        value={reason}
        onChange={(event) => onReasonChange(event.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="button danger"
          data-testid="review-reject-submit"
          onClick={onReject}
        >
          Reject
        </button>
        <button type="button" className="button" onClick={onBack}>
          Back to review
        </button>
      </div>
    </div>
  );
}
