// What Settings → Hooks says of an event and a project hook's trust (a run's words are
// shared/hook-words.ts', as the step list says them).
import type { HookDefinition, HookEvent } from '../../../shared/hooks';

export const HOOK_EVENT_WORDS: Record<HookEvent, string> = {
  PreToolUse: 'before a tool runs (a write tool: on the proposed text)',
  PostToolUse: 'after a tool ran',
  UserPromptSubmit: 'before your prompt is sent',
  Stop: 'when Claude ends its turn',
  SessionStart: 'when a conversation starts or resumes',
};

/** Whether the event is about a tool call (its hooks have a matcher, its sample a tool). */
export const isToolEvent = (event: HookEvent): boolean =>
  event === 'PreToolUse' || event === 'PostToolUse';

/** A project hook's trust in words; null for the person's own hooks. */
export function trustWords(hook: HookDefinition): string | null {
  if (hook.source !== 'project') return null;
  switch (hook.trust) {
    case 'approved':
      return 'approved as it is';
    case 'changed':
      return 'changed since you approved it: it does not run until approved again';
    case 'not_approved':
    case undefined:
      return 'not approved: it does not run until you approve it';
  }
}

export const whoseWords = (hook: Pick<HookDefinition, 'source'>): string =>
  hook.source === 'person' ? 'yours' : "this project's";

export const shortHookId = (id: string): string => id.slice(0, 8);

/** "matcher edit_file|Bash", "every tool", or nothing for events without tools. */
export function matcherWords(hook: Pick<HookDefinition, 'event' | 'matcher'>): string {
  if (hook.matcher !== null && hook.matcher !== '' && hook.matcher !== '*')
    return `tools matching ${hook.matcher}`;
  return isToolEvent(hook.event) ? 'every tool' : '';
}
