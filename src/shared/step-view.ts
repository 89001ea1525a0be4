// How one agent step reads for a person, in the app's step list and the terminal session:
// an icon, the label (or what the person reads in place of the result), and the status in
// words. A change sent back to Claude before the person saw it is a step, not a failure.
import type { ChatItem } from './conversation-state';

export type ToolStep = Extract<ChatItem, { type: 'tool' }>;

export type StepTone =
  'running' | 'waiting' | 'ok' | 'sent-back' | 'error' | 'rejected' | 'denied' | 'conflict';

export interface StepView {
  readonly tone: StepTone;
  readonly icon: string;
  readonly label: string;
  readonly status: string;
}

const ICONS: Record<ToolStep['status'], string> = {
  running: '◌',
  ok: '✓',
  error: '✕',
  rejected: '⊘',
  denied: '⊘',
  conflict: '!',
};

export function stepView(step: ToolStep): StepView {
  const waiting = step.status === 'running' && step.waitingFor !== undefined;
  const sentBack = step.status === 'error' && step.shownAs !== undefined;
  const label = step.status !== 'running' && step.shownAs ? step.shownAs : step.label || step.name;
  if (waiting) return { tone: 'waiting', icon: '…', label, status: 'waiting for your approval' };
  if (sentBack) return { tone: 'sent-back', icon: '↺', label, status: 'not shown yet' };
  return { tone: step.status, icon: ICONS[step.status], label, status: step.status };
}
