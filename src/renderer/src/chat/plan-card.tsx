// Plan mode's plan in the chat: the model's summary, numbered steps and the files it expects to
// touch. While it waits, the person approves it (going on in ask or auto-edit mode), edits it
// or rejects it (plan-answer.tsx); decided, the card stays in view, marked with the decision
// and the mode the conversation went on in.
import { useId } from 'react';
import type { PlanCard as PlanCardData } from '../../../shared/plans';
import { missingCase } from '../../../shared/missing-case';
import { PlanAnswer } from './plan-answer';

function decisionText(card: PlanCardData): string {
  const mode =
    card.mode === 'auto-edit'
      ? 'going on in auto-edit (edits applied without asking)'
      : 'going on in ask mode (each write reviewed)';
  switch (card.state) {
    case 'waiting':
      return 'Waiting for your decision';
    case 'approved':
      return `Approved, ${mode}`;
    case 'edited':
      return `Approved as you edited it, ${mode}`;
    case 'rejected':
      return 'Rejected: Claude stays in plan mode';
    case 'aborted':
      return 'Not decided: the turn stopped first';
    default:
      return missingCase(card.state);
  }
}

export function PlanCard({ card }: { card: PlanCardData }) {
  const titleId = useId();
  const { plan } = card;
  return (
    <section
      className="plan-card"
      data-state={card.state}
      data-testid="plan-card"
      aria-labelledby={titleId}
    >
      <header className="plan-card-header">
        <h3 id={titleId} className="plan-card-title">
          Plan
        </h3>
        <p className={`plan-card-status plan-status-${card.state}`} role="status">
          {decisionText(card)}
        </p>
      </header>
      <p className="plan-summary">{plan.summary}</p>
      <h4 className="plan-card-subtitle">Steps</h4>
      <ol className="plan-steps">
        {plan.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <h4 className="plan-card-subtitle">Files it expects to touch</h4>
      {plan.files.length ? (
        <ul className="plan-files">
          {plan.files.map((file) => (
            <li key={file}>
              <code>{file}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None named.</p>
      )}
      {card.editedText !== undefined && (
        <>
          <h4 className="plan-card-subtitle">Your version</h4>
          <pre className="plan-edited">{card.editedText}</pre>
        </>
      )}
      {card.state === 'rejected' && card.feedback && (
        <p className="plan-feedback">Your feedback: {card.feedback}</p>
      )}
      {card.state === 'waiting' && <PlanAnswer approvalId={card.approvalId} plan={plan} />}
    </section>
  );
}
