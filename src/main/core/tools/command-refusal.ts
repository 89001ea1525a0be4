// What run_command tells the model when a command did not run: who decided
// (the person, a deny rule, read-only or plan mode, nobody because no person could be asked, an
// abort), each part of the line no rule allows, and, where it is true, which allowed part
// would run on its own. Never "the person rejected" when no person did.
import { missingCase } from '../../../shared/missing-case';
import type { CommandResolution } from '../commands/command-approval-gate';

type Refusal = Extract<CommandResolution, { outcome: 'denied' | 'rejected' }>;

function why(resolution: Refusal): string {
  const parts: string[] = [];
  if (resolution.policyReason) parts.push(`It needed a person because ${resolution.policyReason}.`);
  const alone = resolution.allowedAlone ?? [];
  if (alone.length)
    parts.push(
      `${alone.map((p) => `\`${p}\``).join(', ')} alone would run without asking (a rule allows ${alone.length === 1 ? 'it' : 'them'}).`,
    );
  return parts.length ? ` ${parts.join(' ')}` : '';
}

export function describeRefusal(resolution: Refusal): string {
  if (resolution.outcome === 'denied') {
    if (resolution.deniedBy === 'plan')
      return `The command was not run: the conversation is in plan mode, where Claude explores with the read tools and no command runs (${resolution.reason}). Finish with submit_plan; commands can run once the person approves the plan.`;
    if (resolution.deniedBy === 'read-only' || resolution.decidedBy === 'mode')
      return `The command was not run: the person set this project to read-only mode, where no command runs (${resolution.reason}). Do not try to reach the same result another way.`;
    return `The command was not run: a deny rule the person set refuses it; ${resolution.reason}. Do not try to reach the same result another way.`;
  }
  switch (resolution.decidedBy) {
    case 'person':
      return `The person rejected the command; it was not run.${resolution.reason ? ` Their reason: ${resolution.reason}` : ''}`;
    case 'mode':
      return `The command was not run, and no person decided: ${resolution.reason ?? 'no person could be asked'}.${why(resolution)}`;
    case 'abort':
      return `The command was not run: ${resolution.reason ?? 'the turn was aborted'}.`;
    case 'rule':
      return `The command was not run: ${resolution.reason ?? 'a rule refused it'}.${why(resolution)}`;
    default:
      return missingCase(resolution.decidedBy);
  }
}
