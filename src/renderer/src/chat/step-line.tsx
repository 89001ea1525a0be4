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
  // A change sent back to Claude before the person saw it is a step, not a failure.
  const sentBack = step.status === 'error' && step.shownAs !== undefined;
  const shown = waiting ? 'waiting' : sentBack ? 'sent-back' : step.status;
  return (
    <li className="step" data-status={shown} data-testid="step">
      <button
        type="button"
        className="step-line"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={`step-icon status-${shown}`} aria-hidden="true">
          {waiting ? '…' : sentBack ? '↺' : statusIcon[step.status]}
        </span>
        <span className="step-label">
          {step.status !== 'running' && step.shownAs ? step.shownAs : step.label || step.name}
        </span>
        <span className={`step-status status-${shown}`}>
          {waiting
            ? 'waiting for your approval'
            : sentBack
              ? 'not shown yet'
              : statusText[step.status]}
        </span>
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
