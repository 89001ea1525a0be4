// The files a turn's write steps did not write, for the collapsed step summary: a conflict
// found at approval time, a policy denial or a rejection stays visible after the turn ended
// and after the conversation is reloaded from history (both keep each step's status, input
// and result), without opening the steps. A reject the person chose is named as theirs.
import type { ChatItem } from './conversation-state';
import { personDecision } from '../../../shared/step-decision';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;

export interface UnwrittenFile {
  stepId: string;
  /** `you-rejected`: the person's own reject, their decision rather than a failure. */
  status: 'conflict' | 'denied' | 'rejected' | 'you-rejected';
  /** The file the step was about (its `path` input), or the step's label without one. */
  path: string;
  text: string;
}

/** The `path` a step was given, when its input has one. */
export function stepPath(step: ToolItem): string | undefined {
  const input = step.input;
  if (typeof input !== 'object' || input === null || !('path' in input)) return undefined;
  const path = (input as { path: unknown }).path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

/** What did not happen: a file step wrote nothing; a command or other call did not run. */
function notDone(step: ToolItem): string {
  if (stepPath(step) !== undefined) return 'nothing was written';
  return step.name === 'run_command' ? 'the command did not run' : 'it did not run';
}

function describe(status: UnwrittenFile['status'], path: string, step: ToolItem): string {
  switch (status) {
    case 'conflict':
      return `Conflict: ${path} changed on disk before the approved change was written; nothing was written.`;
    case 'denied':
      return `Denied by the approval policy: ${path}; ${notDone(step)}.`;
    case 'rejected':
      return `Rejected: ${path}; ${notDone(step)}.`;
    case 'you-rejected':
      return stepPath(step) !== undefined
        ? `You rejected the change to ${path}; ${notDone(step)}.`
        : `You rejected ${path}; ${notDone(step)}.`;
  }
}

export function unwrittenFiles(steps: ToolItem[]): UnwrittenFile[] {
  const found: UnwrittenFile[] = [];
  for (const step of steps) {
    if (step.status !== 'conflict' && step.status !== 'denied' && step.status !== 'rejected')
      continue;
    const status = personDecision(step)?.kind === 'rejected' ? 'you-rejected' : step.status;
    const path = stepPath(step) ?? (step.label || step.name);
    found.push({ stepId: step.id, status, path, text: describe(status, path, step) });
  }
  return found;
}
