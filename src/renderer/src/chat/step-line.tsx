// One agent step: a live status and the human label; opening it shows input and result.
import { useState } from 'react';
import type { ChatItem } from './conversation-state';
import { stepView } from '../../../shared/step-view';
import { stripAnsi } from '../../../shared/ansi';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;

function formatInput(input: unknown): string {
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}

export function StepLine({ step }: { step: ToolItem }) {
  const [open, setOpen] = useState(false);
  const view = stepView(step);
  // A reject the person chose is their decision, not a failure: said plainly, without alarm.
  const shown = view.decision?.kind === 'rejected' ? 'you-rejected' : view.tone;
  const sentBack = shown === 'sent-back';
  return (
    <li className="step" data-status={shown} data-testid="step">
      <button
        type="button"
        className="step-line"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={`step-icon status-${shown}`} aria-hidden="true">
          {view.icon}
        </span>
        <span className="step-label">{view.label}</span>
        <span className={`step-status status-${shown}`}>{view.status}</span>
      </button>
      {open && (
        <div className="step-details">
          <div className="step-details-title">Input ({step.name})</div>
          <pre className="step-pre">{formatInput(step.input)}</pre>
          <div className="step-details-title">{sentBack ? 'What Claude was told' : 'Result'}</div>
          <pre className="step-pre">
            {step.status === 'running'
              ? stripAnsi(step.result) || 'Still running…'
              : step.result || '(empty)'}
          </pre>
        </div>
      )}
    </li>
  );
}
