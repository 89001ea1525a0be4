// The contract's `hooks` service over the open project's hooks (the engine's `hooks`): list
// reads the person's hooks and `.sluice/hooks.json` again first and waits for that read, so
// Settings shows the file as it is on disk and its trust as stored; every change waits for the
// latest read and answers with the list as it is after it.
// A refusal (an unknown id, a project hook to remove, a bad matcher) is the hooks' own Error,
// which crosses the contract as its message.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { HooksList, hooksService } from '../../../shared/contract/hooks-service';
import type { OpenProjectHooks } from '../project/project-hooks';

/** The engine's hooks: the port, and the wait for the file's latest read (`ready`). */
export type OpenHooks = Omit<OpenProjectHooks, 'dispose'>;

export interface HooksHandlersDeps {
  /** The open project's hooks; throws a message when no project is open. */
  currentHooks(): OpenHooks;
}

export type HooksHandlers = ServiceHandlers<typeof hooksService>;

/** How many runs Settings is shown when it does not say. */
const RECENT_RUNS = 20;

export function createHooksHandlers(deps: HooksHandlersDeps): HooksHandlers {
  /** The open project's hooks once the latest read of its file is in. */
  const readHooks = async (): Promise<OpenHooks> => {
    const hooks = deps.currentHooks();
    await hooks.ready();
    return hooks;
  };
  const listOf = (hooks: OpenHooks): HooksList => ({
    hooks: [...hooks.list()],
    problems: [...hooks.problems()],
  });
  return {
    async list() {
      const hooks = deps.currentHooks();
      hooks.reload();
      await hooks.ready();
      return listOf(hooks);
    },
    async add({ event, matcher, command, timeoutSeconds, scope }) {
      const hooks = await readHooks();
      const hook = hooks.add({
        event,
        matcher: matcher?.trim() ? matcher.trim() : null,
        command,
        scope,
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      });
      return { hook, ...listOf(hooks) };
    },
    async remove({ id }) {
      const hooks = await readHooks();
      const hook = hooks.remove(id);
      return { hook, ...listOf(hooks) };
    },
    async approve({ id }) {
      const hooks = await readHooks();
      const hook = hooks.approve(id);
      return { hook, ...listOf(hooks) };
    },
    async test({ event, toolName, toolInput, prompt }) {
      // Each hook stops at its own timeout; nothing else is waited for.
      const verdict = await (
        await readHooks()
      ).test(
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
