// How `sluice hooks` prints a hook, a project hook's trust, the hooks file's problems and a
// run. Commands, matchers, problems and a run's output come from the person's settings or the
// project's file: each is escaped before it reaches the terminal.
import type { HookDefinition, HookEvent, HookRun } from '../shared/hooks';
import { hookStepWords } from '../shared/hook-words';
import type { HookVerdict } from '../main/core/hooks/hooks-port';
import { outsideLine } from './terminal-safe-text';

/** The project's hooks file, as the person knows it. */
export const PROJECT_HOOKS_FILE = '.sluice/hooks.json';

/** An id as list prints it and every form takes it (an unambiguous start). */
export const shortHookId = (id: string): string => id.slice(0, 8);

const TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(['PreToolUse', 'PostToolUse']);

/** Whether the event is about a tool call (its hooks have a matcher, its sample a tool). */
export const isToolEvent = (event: HookEvent): boolean => TOOL_EVENTS.has(event);

export function whoseWords(hook: Pick<HookDefinition, 'source'>): string {
  return hook.source === 'person' ? 'yours' : "this project's";
}

function matcherWords(hook: HookDefinition): string {
  if (hook.matcher !== null && hook.matcher !== '' && hook.matcher !== '*')
    return `matcher ${outsideLine(hook.matcher)}`;
  return isToolEvent(hook.event) ? 'every tool' : '';
}

/** A project hook's trust in words, with what to do about it; null for the person's hooks. */
export function trustWords(hook: HookDefinition): string | null {
  if (hook.source !== 'project') return null;
  const approve = `sluice hooks approve ${shortHookId(hook.id)}`;
  switch (hook.trust) {
    case 'approved':
      return 'approved as it is';
    case 'changed':
      return `changed since approved, so it does not run: review it, then ${approve}`;
    case 'not_approved':
    case undefined:
      return `not approved, so it does not run: ${approve}`;
  }
}

/** One hook: its id, whose, event, matcher and timeout; its command; a project hook's trust. */
export function hookLines(hook: HookDefinition): string[] {
  const head = [
    shortHookId(hook.id),
    whoseWords(hook),
    hook.event,
    matcherWords(hook),
    `timeout ${hook.timeoutSeconds} s`,
  ].filter(Boolean);
  const lines = [head.join('  '), `  command: ${outsideLine(hook.command)}`];
  const trust = trustWords(hook);
  if (trust) lines.push(`  ${trust}`);
  return lines;
}

export function problemLines(problems: readonly string[]): string[] {
  if (!problems.length) return [];
  return [
    `Problems with ${PROJECT_HOOKS_FILE} (what they name does not run):`,
    ...problems.map((p) => `  ${outsideLine(p)}`),
  ];
}

/** One run as a step of a conversation reads (shared/hook-words.ts), with its hook's id. */
export function runLines(run: HookRun): string[] {
  const words = hookStepWords(run);
  return [
    `${words.icon} ${outsideLine(words.line)}  (hook ${shortHookId(run.hookId)})`,
    ...words.lines.map((line) => `    ${outsideLine(line)}`),
  ];
}

/** What the hooks decided together, and what else they said, after the runs. */
export function verdictLines(verdict: HookVerdict): string[] {
  const decision: Record<HookVerdict['decision'], string> = {
    none: 'nothing blocked, asked or allowed',
    allow: 'allow (recorded; the approval rules still apply)',
    ask: 'ask you before the tool runs',
    block: 'block',
  };
  const lines = [`Decision: ${decision[verdict.decision]}`];
  if (verdict.reason) lines.push(`  reason: ${outsideLine(verdict.reason)}`);
  if (verdict.additionalContext)
    lines.push(`  context for Claude: ${outsideLine(verdict.additionalContext)}`);
  if (verdict.stop) lines.push(`  the turn would stop: ${outsideLine(verdict.stop.reason)}`);
  if (verdict.systemMessage) lines.push(`  message for you: ${outsideLine(verdict.systemMessage)}`);
  return lines;
}
