// The agent's steps in a change set, folded: each tool call with its outcome, and the errors.
import type { ChangeSetView } from '../../../shared/contract';

export function ChangeSetStepList({ steps }: { steps: ChangeSetView['steps'] }) {
  if (steps.length === 0) return null;
  return (
    <details className="inbox-steps">
      <summary>Steps ({steps.filter((s) => s.type === 'tool').length})</summary>
      <ol>
        {steps.map((step) =>
          step.type === 'tool' ? (
            <li key={step.id}>
              {step.status === 'ok' ? '✓' : '✗'} {step.label}
            </li>
          ) : step.type === 'error' ? (
            <li key={step.id} className="error-text">
              {step.message}
            </li>
          ) : null,
        )}
      </ol>
    </details>
  );
}
