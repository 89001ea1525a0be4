// How one agent step reads for a person, in the app's step list and the terminal session:
// an icon, the label (or what the person reads in place of the result), and the status in
// words. A change sent back to Claude before the person saw it is a step, not a failure; what
// the person decided (the hunks they kept, their own text, their reject) is said as theirs.
import type { ChatItem } from './conversation-state';
import { personDecision, personDecisionWords, type PersonDecision } from './step-decision';

export type ToolStep = Extract<ChatItem, { type: 'tool' }>;

export type StepTone =
  'running' | 'waiting' | 'ok' | 'sent-back' | 'error' | 'rejected' | 'denied' | 'conflict';

export interface StepView {
  readonly tone: StepTone;
  readonly icon: string;
  readonly label: string;
  readonly status: string;
  /** What the person decided about the step, when its result says so. */
  readonly decision: PersonDecision | null;
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
  const plain = { label, decision: null };
  if (waiting) return { ...plain, tone: 'waiting', icon: '…', status: 'waiting for your approval' };
  if (sentBack) return { ...plain, tone: 'sent-back', icon: '↺', status: 'not shown yet' };
  const decision = personDecision(step);
  const status = decision ? personDecisionWords(decision) : step.status;
  return { tone: step.status, icon: ICONS[step.status], label, status, decision };
}
