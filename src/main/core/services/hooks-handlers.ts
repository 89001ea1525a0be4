// The contract's `hooks` service over the open project's hooks (the engine's `hooks`): list
// reads the person's hooks and `.sluice/hooks.json` again first, so Settings shows the file as
// it is on disk and its trust as stored; every change answers with the list as it is after it.
// A refusal (an unknown id, a project hook to remove, a bad matcher) is the hooks' own Error,
// which crosses the contract as its message.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { HooksList, hooksService } from '../../../shared/contract/hooks-service';
import type { HookManagement, ProjectHooks } from '../hooks/hooks-port';

export type OpenHooks = ProjectHooks & HookManagement;

export interface HooksHandlersDeps {
  /** The open project's hooks; throws a message when no project is open. */
  currentHooks(): OpenHooks;
}

export type HooksHandlers = ServiceHandlers<typeof hooksService>;

/** How many runs Settings is shown when it does not say. */
const RECENT_RUNS = 20;

export function createHooksHandlers(deps: HooksHandlersDeps): HooksHandlers {
  const listOf = (hooks: OpenHooks): HooksList => ({
    hooks: [...hooks.list()],
    problems: [...hooks.problems()],
  });
  return {
    list() {
      const hooks = deps.currentHooks();
      hooks.reload();
      return listOf(hooks);
    },
    add({ event, matcher, command, timeoutSeconds, scope }) {
      const hooks = deps.currentHooks();
      const hook = hooks.add({
        event,
        matcher: matcher?.trim() ? matcher.trim() : null,
        command,
        scope,
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      });
      return { hook, ...listOf(hooks) };
    },
    remove({ id }) {
      const hooks = deps.currentHooks();
      const hook = hooks.remove(id);
      return { hook, ...listOf(hooks) };
    },
    approve({ id }) {
      const hooks = deps.currentHooks();
      const hook = hooks.approve(id);
      return { hook, ...listOf(hooks) };
    },
    async test({ event, toolName, toolInput, prompt }) {
      // Each hook stops at its own timeout; nothing else is waited for.
      const verdict = await deps.currentHooks().test(
        event,
        {
          ...(toolName !== undefined ? { toolName } : {}),
          ...(toolInput !== undefined ? { toolInput } : {}),
          ...(prompt !== undefined ? { prompt } : {}),
        },
        new AbortController().signal,
      );
      return { ...verdict, runs: [...verdict.runs] };
    },
    recentRuns({ limit }) {
      return { runs: [...deps.currentHooks().recentRuns(limit ?? RECENT_RUNS)] };
    },
  };
}
