// Edit the proposed text; what is here when the person presses "Approve my version" is
// exactly what gets written.
import { ReviewTextForm } from './review-text-form';

interface Props {
  path: string;
  content: string;
  /** The button's words, with what the check found in this text. */
  applyLabel: string;
  onChange(content: string): void;
  onApply(): void;
  onBack(): void;
}

export function ProposalEditor({ path, content, applyLabel, onChange, onApply, onBack }: Props) {
  return (
    <ReviewTextForm
      className="proposal-editor"
      id="proposal-editor-text"
      label={`Final content of ${path}`}
      value={content}
      onChange={onChange}
      inputClassName="code-input"
      rows={20}
      spellCheck={false}
      action={{
        label: applyLabel,
        className: 'primary',
        testId: 'review-apply-edit',
        onClick: onApply,
      }}
      onBack={onBack}
    />
  );
}
