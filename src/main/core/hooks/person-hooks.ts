// The person's own hooks (Settings, `sluice hooks add`), kept in the app database: a new one is
// checked before it is kept (its command, its matcher, its timeout), each said in words.
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  MAX_HOOK_TIMEOUT_SECONDS,
  hookEventSchema,
  type HookDefinition,
} from '../../../shared/hooks';
import type { PersonHookRow } from '../store/hook-repository';
import { hookId } from './hook-identity';
import { compileMatcher } from './hook-matcher';
import type { NewPersonHook } from './hooks-port';

/** The longest command a hook may have. */
export const MAX_HOOK_COMMAND_CHARS = 10_000;

export function personDefinition(row: PersonHookRow): HookDefinition {
  return {
    id: row.id,
    source: 'person',
    event: row.event,
    matcher: row.matcher,
    command: row.command,
    timeoutSeconds: row.timeoutSeconds,
  };
}

/** The row a new hook becomes; throws an Error saying what is wrong with it. */
export function newPersonHookRow(
  hook: NewPersonHook,
  projectId: string,
  createdAt: number,
): PersonHookRow {
  const event = hookEventSchema.safeParse(hook.event);
  if (!event.success)
    throw new Error(
      `${JSON.stringify(hook.event)} is not a hook event; use one of ${hookEventSchema.options.join(', ')}.`,
    );
  const command = hook.command.trim();
  if (command === '') throw new Error('A hook needs a command to run.');
  if (command.length > MAX_HOOK_COMMAND_CHARS)
    throw new Error(
      `The command is ${command.length} characters long; a hook's command may have at most ${MAX_HOOK_COMMAND_CHARS}.`,
    );
  if (command.includes('\0')) throw new Error('The command contains a NUL byte.');
  const matcher = hook.matcher?.trim() ? hook.matcher.trim() : null;
  const compiled = compileMatcher(matcher);
  if (!compiled.ok) throw new Error(`The hook was not added: ${compiled.problem}.`);
  const timeoutSeconds = hook.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  if (!(timeoutSeconds > 0 && timeoutSeconds <= MAX_HOOK_TIMEOUT_SECONDS))
    throw new Error(
      `The timeout must be more than 0 and at most ${MAX_HOOK_TIMEOUT_SECONDS} seconds, not ${timeoutSeconds}.`,
    );
  const scope = hook.scope === 'project' ? projectId : null;
  return {
    id: hookId('person', event.data, matcher, command, timeoutSeconds, scope),
    projectId: scope,
    event: event.data,
    matcher,
    command,
    timeoutSeconds,
    createdAt,
  };
}
