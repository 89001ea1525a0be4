// Edit the proposed text; what is here when the person presses the button is exactly what
// gets written: the ticked selection as it stands, or the person's own version of it.
import type { RefObject } from 'react';
import { ReviewTextForm } from './review-text-form';

interface Props {
  path: string;
  content: string;
  /** The button's words, with what the check found in this text. */
  applyLabel: string;
  /** Nothing to write (no hunk ticked and the text untouched): the button is off. */
  nothingToApply?: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  onChange(content: string): void;
  onApply(): void;
  onBack(): void;
}

export function ProposalEditor(props: Props) {
  return (
    <ReviewTextForm
      className="proposal-editor"
      id="proposal-editor-text"
      label={`Final content of ${props.path}`}
      value={props.content}
      onChange={props.onChange}
      inputClassName="code-input"
      rows={20}
      spellCheck={false}
      inputRef={props.inputRef}
      action={{
        label: props.applyLabel,
        className: 'primary',
        testId: 'review-apply-edit',
        onClick: props.onApply,
        disabled: props.nothingToApply,
        title: props.nothingToApply
          ? 'Tick a hunk or change the text to approve it, or reject the change'
          : 'Ctrl/Cmd+Enter',
      }}
      onBack={props.onBack}
    />
  );
}
