// One event's hooks for one call: those whose matcher is about the call, in order (the person's
// first, then the project's), each run and read, every run recorded and heard, and the answers
// combined. A project hook runs only while approved: its pin is taken again just before it runs,
// so a file changed since the list was read is caught; one not approved is said once per open
// project (not at every call), as a run that did not happen.
import type { HookDefinition, HookEvent, HookRun } from '../../../shared/hooks';
import { hookInput, type HookInputFields } from './hook-input';
import { hookNotRun, type HookReading } from './hook-exit';
import { hookApplies, type ToolMatcher } from './hook-matcher';
import { runHookProcess, type HookProcessDeps } from './hook-process';
import { combineAnswers } from './hook-verdict';
import type { HookCallContext, HookVerdict } from './hooks-port';

export interface HookCandidate {
  readonly definition: HookDefinition;
  readonly matcher: ToolMatcher;
  /**
   * A project hook's check just before it runs: null while the pin approved is still the pin of
   * what would run, else why it does not run.
   */
  readonly stillApproved?: () => Promise<string | null>;
}

export interface EventCall {
  readonly event: HookEvent;
  /** What the matcher is about: the tool (Sluice's name), or a session start's source. */
  readonly subject?: string | undefined;
  /** The fields of the hook's stdin besides the event. */
  readonly input: Omit<HookInputFields, 'event'>;
  readonly context: HookCallContext;
}

export interface HookCallDeps {
  readonly process: HookProcessDeps;
  /** Stops every running hook (the project closing). */
  readonly closing: AbortSignal;
  /** Keeps and tells one run (the audit trail, the listeners). Must not throw. */
  readonly record: (run: HookRun, context: HookCallContext) => void;
  /** Whether an unapproved project hook is said this time (once per hook and trust). */
  readonly firstNotice: (hook: HookDefinition) => boolean;
}

function notApprovedReason(hook: HookDefinition): string {
  const approve = `approve it with \`sluice hooks approve ${hook.id.slice(0, 12)}\` or in Settings if you trust it`;
  return hook.trust === 'changed'
    ? `changed since you approved it (${hook.command}); it is the repository's code, so it does not run until you approve it again: ${approve}`
    : `not approved: a hook in .sluice/hooks.json is the repository's code and does not run until you approve it; ${approve}`;
}

async function runOne(
  candidate: HookCandidate,
  call: EventCall,
  deps: HookCallDeps,
): Promise<HookReading | null> {
  const hook = candidate.definition;
  const tool = call.input.toolName !== undefined ? { toolName: call.input.toolName } : {};
  if (hook.source === 'project' && hook.trust !== 'approved')
    return deps.firstNotice(hook) ? hookNotRun(hook, notApprovedReason(hook), tool) : null;
  const changed = await candidate.stillApproved?.();
  if (changed) return hookNotRun(hook, changed, tool);
  const stdin = hookInput({ ...call.input, event: call.event });
  if (!stdin.ok)
    return hookNotRun(hook, `it was not run: ${stdin.problem}`, { ...tool, failClosed: true });
  const signal = AbortSignal.any([call.context.signal, deps.closing]);
  if (signal.aborted)
    return hookNotRun(hook, 'it was not run: the call was stopped, or the project closed', tool);
  return runHookProcess(
    { hook, stdin: stdin.text, toolName: call.input.toolName, signal },
    deps.process,
  );
}

/** Runs the hooks of one call in order and combines what they said. Never throws. */
export async function runEventHooks(
  candidates: readonly HookCandidate[],
  call: EventCall,
  deps: HookCallDeps,
): Promise<HookVerdict> {
  const readings: HookReading[] = [];
  for (const candidate of candidates) {
    if (candidate.definition.event !== call.event) continue;
    if (!hookApplies(call.event, candidate.matcher, call.subject)) continue;
    const reading = await runOne(candidate, call, deps);
    if (!reading) continue;
    readings.push(reading);
    deps.record(reading.run, call.context);
  }
  return combineAnswers(
    readings.map((r) => r.answer),
    readings.map((r) => r.run),
  );
}
