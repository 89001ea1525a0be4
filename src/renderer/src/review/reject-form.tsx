import type { RefObject } from 'react';
import { ReviewTextForm } from './review-text-form';

interface Props {
  reason: string;
  onReasonChange(reason: string): void;
  onReject(): void;
  onBack(): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function RejectForm({ reason, onReasonChange, onReject, onBack, inputRef }: Props) {
  return (
    <ReviewTextForm
      className="reject-form"
      id="reject-reason"
      label="Why reject? (optional, the model reads it)"
      value={reason}
      onChange={onReasonChange}
      rows={3}
      inputRef={inputRef}
      action={{
        label: 'Reject',
        className: 'danger',
        testId: 'review-reject-submit',
        onClick: onReject,
      }}
      onBack={onBack}
    />
  );
}
