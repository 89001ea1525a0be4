// The person's answer to a waiting plan: approve and go on asking each write, approve into
// auto-edit, edit the plan's text and approve that, or reject it with optional feedback for
// Claude. The answer goes through approvals.decidePlan; a refused one (already decided, the
// turn stopped) says why.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { planText, type Plan, type PlanDecision } from '../../../shared/plans';
import { useClient } from '../app/client-context';

type Form = 'buttons' | 'edit' | 'reject';

interface PlanFormProps {
  label: string;
  rows: number;
  value: string;
  onChange(value: string): void;
  onCancel(): void;
  children: ReactNode;
}

/** A labelled text field, focused as it opens, with its buttons and Cancel. */
function PlanForm({ label, rows, value, onChange, onCancel, children }: PlanFormProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <div className="plan-form">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        className="input plan-textarea"
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="button-row">
        {children}
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function PlanAnswer({ approvalId, plan }: { approvalId: string; plan: Plan }) {
  const client = useClient();
  const [form, setForm] = useState<Form>('buttons');
  const [text, setText] = useState(() => planText(plan));
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: PlanDecision) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await client.approvals.decidePlan({ approvalId, decision });
      if (!answer.accepted) setError(answer.reason ?? 'The decision was refused.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const edited = text.trim();

  return (
    <div className="plan-answer">
      {form === 'buttons' && (
        <div className="button-row">
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void decide({ type: 'approve', mode: 'ask' })}
          >
            Approve and go on (ask each write)
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void decide({ type: 'approve', mode: 'auto-edit' })}
          >
            Approve, auto-edit
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setForm('edit')}>
            Edit plan
          </button>
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() => setForm('reject')}
          >
            Reject
          </button>
        </div>
      )}
      {form === 'edit' && (
        <PlanForm
          label="Your plan (Claude follows this text)"
          rows={10}
          value={text}
          onChange={setText}
          onCancel={() => setForm('buttons')}
        >
          <button
            type="button"
            className="button primary"
            disabled={busy || !edited}
            onClick={() => void decide({ type: 'edit', text: edited, mode: 'ask' })}
          >
            Approve my plan (ask each write)
          </button>
          <button
            type="button"
            className="button"
            disabled={busy || !edited}
            onClick={() => void decide({ type: 'edit', text: edited, mode: 'auto-edit' })}
          >
            Approve my plan, auto-edit
          </button>
        </PlanForm>
      )}
      {form === 'reject' && (
        <PlanForm
          label="What should change? (optional, Claude reads it)"
          rows={3}
          value={feedback}
          onChange={setFeedback}
          onCancel={() => setForm('buttons')}
        >
          <button
            type="button"
            className="button danger"
            disabled={busy}
            onClick={() =>
              void decide({
                type: 'reject',
                ...(feedback.trim() ? { feedback: feedback.trim() } : {}),
              })
            }
          >
            Reject plan
          </button>
        </PlanForm>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
