// A labelled two-row text box of the inbox (background prompt, reject reason, refine text).

export function InboxField(props: {
  label: string;
  value: string;
  testId: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="inbox-field">
      <span>{props.label}</span>
      <textarea
        className="input"
        value={props.value}
        rows={2}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
