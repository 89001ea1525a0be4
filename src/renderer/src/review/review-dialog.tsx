// The frame the file-write review and the command card share: a modal dialog in one of three
// modes. Ctrl/Cmd+Enter submits the open mode (approve or run, the edit, the reject); Esc moves
// from the review to the reject form with its reason field focused, and from a form back to the
// review. Focus follows the mode (the dialog, the edit box, the reason) and Tab stays inside.
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { wrapTab } from './focus-trap';
import { ReviewTextForm } from './review-text-form';

export type ReviewMode = 'review' | 'edit' | 'reject';

export interface ReviewModes {
  mode: ReviewMode;
  setMode(mode: ReviewMode): void;
  /** The reject form's reason, kept while the person goes back to the review. */
  reason: string;
  setReason(reason: string): void;
  reasonInput: RefObject<HTMLTextAreaElement | null>;
  /** The edit form's text box, focused when the person chooses Edit. */
  editInput: RefObject<HTMLTextAreaElement | null>;
  dialog: RefObject<HTMLDivElement | null>;
}

export function useReviewModes(): ReviewModes {
  const [mode, setMode] = useState<ReviewMode>('review');
  const [reason, setReason] = useState('');
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const editInput = useRef<HTMLTextAreaElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  // The button that changed the mode may be gone: focus goes where the new mode is worked.
  useEffect(() => {
    const target =
      mode === 'reject' ? reasonInput.current : mode === 'edit' ? editInput.current : null;
    (target ?? dialog.current)?.focus();
  }, [mode]);

  return { mode, setMode, reason, setReason, reasonInput, editInput, dialog };
}

/** The reject decision for a typed reason: the reason goes only when there is one. */
export function rejectDecision(reason: string): { type: 'reject'; reason?: string } {
  const trimmed = reason.trim();
  return trimmed ? { type: 'reject', reason: trimmed } : { type: 'reject' };
}

interface Props {
  modes: ReviewModes;
  /** The dialog's own class beside `modal`. */
  className: string;
  titleId: string;
  testId: string;
  /** What Ctrl/Cmd+Enter does in each mode; `reject` is also the reject form's button. */
  submit: Record<ReviewMode, () => void>;
  error: string | null;
  /** The decision buttons, below the reject form and the error. */
  footer: ReactNode;
  children: ReactNode;
}

export function ReviewDialog({
  modes,
  className,
  titleId,
  testId,
  submit,
  error,
  footer,
  children,
}: Props) {
  const { mode, setMode } = modes;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit[mode]();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setMode(mode === 'review' ? 'reject' : 'review');
    } else if (event.key === 'Tab' && modes.dialog.current) {
      wrapTab(event, modes.dialog.current);
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={modes.dialog}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {children}
        {mode === 'reject' && (
          <ReviewTextForm
            className="reject-form"
            id="reject-reason"
            label="Why reject? (optional, the model reads it)"
            value={modes.reason}
            onChange={modes.setReason}
            rows={3}
            inputRef={modes.reasonInput}
            action={{
              label: 'Reject',
              className: 'danger',
              testId: 'review-reject-submit',
              onClick: submit.reject,
            }}
            onBack={() => setMode('review')}
          />
        )}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        {footer}
      </div>
    </div>
  );
}
