// Edit the proposed text; what is here when the person presses "Apply edit" is exactly what
// gets written.
interface Props {
  path: string;
  content: string;
  onChange(content: string): void;
  onApply(): void;
  onBack(): void;
}

export function ProposalEditor({ path, content, onChange, onApply, onBack }: Props) {
  return (
    <div className="proposal-editor">
      <label className="field-label" htmlFor="proposal-editor-text">
        Final content of {path}
      </label>
      <textarea
        id="proposal-editor-text"
        className="input code-input"
        spellCheck={false}
        rows={20}
        value={content}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="button primary"
          data-testid="review-apply-edit"
          onClick={onApply}
        >
          Apply edit
        </button>
        <button type="button" className="button" onClick={onBack}>
          Back to review
        </button>
      </div>
    </div>
  );
}
