// A form inside a review: one labelled text box, the button that sends what it holds, and
// "Back to review". The reject reason and the edited file text are both one.
import type { RefObject } from 'react';

interface Props {
  className: string;
  /** The text box's id, which its label points at. */
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The text box's own class beside `input`. */
  inputClassName?: string;
  rows: number;
  spellCheck?: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  action: {
    label: string;
    className: 'primary' | 'danger';
    testId: string;
    onClick(): void;
    /** Nothing to send: the button is off, and `title` says why. */
    disabled?: boolean;
    title?: string;
  };
  onBack(): void;
}

export function ReviewTextForm(props: Props) {
  const { action } = props;
  return (
    <div className={props.className}>
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <textarea
        id={props.id}
        ref={props.inputRef}
        className={props.inputClassName ? `input ${props.inputClassName}` : 'input'}
        spellCheck={props.spellCheck}
        rows={props.rows}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className={`button ${action.className}`}
          data-testid={action.testId}
          disabled={action.disabled}
          title={action.title}
          onClick={action.onClick}
        >
          {action.label}
        </button>
        <button type="button" className="button" onClick={props.onBack}>
          Back to review
        </button>
      </div>
    </div>
  );
}
