// The engine's hooks port (ProjectHooks) for the agent loop's tests: each event answers what the
// test scripted for it, as one hook run of a person's (or the project's) hook would, and every
// call is kept with what it was given. An event without a script has no hooks (no runs). A
// script may throw, as a broken hook runner would. It runs nothing.
import {
  NO_HOOKS,
  type HookAnswer,
  type HookCallContext,
  type HookVerdict,
  type ProjectHooks,
} from '../../src/main/core/hooks/hooks-port';
import type { HookEvent, HookRun } from '../../src/shared/hooks';

/** One hook's answer and how its run ended. */
export interface ScriptedAnswer extends Partial<HookAnswer> {
  readonly outcome?: HookRun['outcome'];
  readonly exitCode?: number | null;
  readonly output?: string;
  readonly ms?: number;
  readonly command?: string;
  readonly source?: HookRun['source'];
}

/** What a call was given: the event's input (tool input, prompt, stop_hook_active, source). */
export interface HookCall {
  readonly event: HookEvent;
  readonly input: unknown;
  readonly conversationId: string;
  readonly turnId: string | undefined;
}

export type HookScript = Partial<
  Record<HookEvent, (input: unknown, call: number) => ScriptedAnswer | Promise<ScriptedAnswer>>
>;

export interface ScriptedLoopHooks extends ProjectHooks {
  readonly calls: HookCall[];
  /** The calls of one event, in order. */
  of(event: HookEvent): HookCall[];
}

function outcomeOf(answer: ScriptedAnswer): HookRun['outcome'] {
  if (answer.outcome) return answer.outcome;
  if (answer.decision === 'block') return 'blocked';
  if (answer.decision === 'ask') return 'asked';
  return 'passed';
}

export function createScriptedLoopHooks(script: HookScript): ScriptedLoopHooks {
  const calls: HookCall[] = [];
  const run = async (
    event: HookEvent,
    input: unknown,
    context: HookCallContext,
    toolName?: string,
  ): Promise<HookVerdict> => {
    const count = calls.filter((c) => c.event === event).length;
    calls.push({ event, input, conversationId: context.conversationId, turnId: context.turnId });
    const scripted = script[event];
    if (!scripted) return { decision: 'none', runs: [] };
    const answer = await scripted(input, count);
    const outcome = outcomeOf(answer);
    const hookRun: HookRun = {
      hookId: `hook-${event}`,
      source: answer.source ?? 'person',
      event,
      command: answer.command ?? `./${event}.sh`,
      ...(toolName ? { toolName } : {}),
      outcome,
      exitCode: answer.exitCode !== undefined ? answer.exitCode : outcome === 'blocked' ? 2 : 0,
      ms: answer.ms ?? 120,
      output: answer.output ?? '',
      ...(answer.reason ? { reason: answer.reason } : {}),
    };
    return {
      decision: answer.decision ?? 'none',
      ...(answer.reason ? { reason: answer.reason } : {}),
      ...(answer.additionalContext ? { additionalContext: answer.additionalContext } : {}),
      ...(answer.stop ? { stop: answer.stop } : {}),
      ...(answer.systemMessage ? { systemMessage: answer.systemMessage } : {}),
      runs: [hookRun],
    };
  };
  return {
    ...NO_HOOKS,
    calls,
    of: (event) => calls.filter((c) => c.event === event),
    preToolUse: (input, context) => run('PreToolUse', input, context, input.toolName),
    postToolUse: (input, context) => run('PostToolUse', input, context, input.toolName),
    userPromptSubmit: (prompt, context) => run('UserPromptSubmit', prompt, context),
    stop: (active, context) => run('Stop', active, context),
    sessionStart: (source, context) => run('SessionStart', source, context),
  };
}
