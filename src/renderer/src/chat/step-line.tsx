// One agent step: a live status and the human label; opening it shows input and result.
import { useState } from 'react';
import type { ChatItem } from './conversation-state';
import { stripAnsi } from '../../../shared/ansi';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;

const statusText: Record<ToolItem['status'], string> = {
  running: 'running',
  ok: 'ok',
  error: 'error',
  rejected: 'rejected',
  denied: 'denied',
  conflict: 'conflict',
};

const statusIcon: Record<ToolItem['status'], string> = {
  running: '◌',
  ok: '✓',
  error: '✕',
  rejected: '⊘',
  denied: '⊘',
  conflict: '!',
};

function formatInput(input: unknown): string {
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}

export function StepLine({ step }: { step: ToolItem }) {
  const [open, setOpen] = useState(false);
  const waiting = step.status === 'running' && step.waitingFor !== undefined;
  const shown = waiting ? 'waiting' : step.status;
  return (
    <li className="step" data-status={shown} data-testid="step">
      <button
        type="button"
        className="step-line"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={`step-icon status-${shown}`} aria-hidden="true">
          {waiting ? '…' : statusIcon[step.status]}
        </span>
        <span className="step-label">{step.label || step.name}</span>
        <span className={`step-status status-${shown}`}>
          {waiting ? 'waiting for your approval' : statusText[step.status]}
        </span>
      </button>
      {open && (
        <div className="step-details">
          <div className="step-details-title">Input ({step.name})</div>
          <pre className="step-pre">{formatInput(step.input)}</pre>
          <div className="step-details-title">Result</div>
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
