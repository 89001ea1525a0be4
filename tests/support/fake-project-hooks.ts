// A project's hooks in memory, implementing the engine's hooks port (ProjectHooks and
// HookManagement) for the tests of the screens that manage them: ids are content hashes taken
// by a unique start, a project hook runs only once approved, a changed one says so, and `test`
// runs each matching hook through a scripted answer and records the run. It runs nothing.
import { createHash } from 'node:crypto';
import {
  NO_HOOKS,
  type HookManagement,
  type HookVerdict,
  type NewPersonHook,
  type ProjectHooks,
  type RecordedHookRun,
} from '../../src/main/core/hooks/hooks-port';
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  type HookDefinition,
  type HookEvent,
  type HookRun,
} from '../../src/shared/hooks';

type Sample = Parameters<HookManagement['test']>[1];

/** What one hook's run comes to in a test, given the hook and the sample. */
export type ScriptedRun = (
  hook: HookDefinition,
  sample: Sample,
) => Pick<HookRun, 'outcome' | 'exitCode' | 'output'> & { reason?: string };

export function hookId(
  source: HookDefinition['source'],
  event: HookEvent,
  matcher: string | null,
  command: string,
  timeoutSeconds: number,
): string {
  return createHash('sha256')
    .update(JSON.stringify([source, event, matcher, command, timeoutSeconds]))
    .digest('hex');
}

export function projectHook(
  event: HookEvent,
  command: string,
  options: { matcher?: string; timeoutSeconds?: number; trust?: HookDefinition['trust'] } = {},
): HookDefinition {
  const matcher = options.matcher ?? null;
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
  return {
    id: hookId('project', event, matcher, command, timeoutSeconds),
    source: 'project',
    event,
    matcher,
    command,
    timeoutSeconds,
    trust: options.trust ?? 'not_approved',
  };
}

export interface FakeProjectHooks extends ProjectHooks, HookManagement {
  /** As the engine's: resolves once the file's latest read is in (at once here). */
  ready(): Promise<void>;
  /** How often the hooks were read again. */
  readonly reloads: number;
  /** The scope each person hook was added with, by id. */
  readonly scopes: ReadonlyMap<string, NewPersonHook['scope']>;
  /** The samples `test` was called with. */
  readonly tests: { event: HookEvent; sample: Sample }[];
}

const passed: ScriptedRun = () => ({ outcome: 'passed', exitCode: 0, output: '' });

function matches(hook: HookDefinition, toolName: string | undefined): boolean {
  if (hook.matcher === null || hook.matcher === '' || hook.matcher === '*') return true;
  return toolName !== undefined && new RegExp(`^(?:${hook.matcher})$`, 'u').test(toolName);
}

export function createFakeProjectHooks(
  options: {
    person?: HookDefinition[];
    project?: HookDefinition[];
    problems?: string[];
    run?: ScriptedRun;
  } = {},
): FakeProjectHooks {
  const person = [...(options.person ?? [])];
  const project = [...(options.project ?? [])];
  const problems = [...(options.problems ?? [])];
  const run = options.run ?? passed;
  const recorded: RecordedHookRun[] = [];
  const scopes = new Map<string, NewPersonHook['scope']>();
  const tests: FakeProjectHooks['tests'] = [];
  let reloads = 0;

  const find = (typed: string): HookDefinition => {
    const found = [...person, ...project].filter((h) => h.id.startsWith(typed));
    if (found.length === 0) throw new Error(`there is no hook ${typed}.`);
    if (found.length > 1) throw new Error(`"${typed}" names more than one hook; type more of it.`);
    return found[0] as HookDefinition;
  };

  return {
    ...NO_HOOKS,
    get reloads() {
      return reloads;
    },
    scopes,
    tests,
    list: () => [...person, ...project],
    problems: () => problems,
    reload: () => void (reloads += 1),
    ready: () => Promise.resolve(),
    add(hook) {
      const matcher = hook.matcher ? hook.matcher : null;
      const timeoutSeconds = hook.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
      const added: HookDefinition = {
        id: hookId('person', hook.event, matcher, hook.command, timeoutSeconds),
        source: 'person',
        event: hook.event,
        matcher,
        command: hook.command,
        timeoutSeconds,
      };
      if (!person.some((h) => h.id === added.id)) person.push(added);
      scopes.set(added.id, hook.scope);
      return added;
    },
    remove(id) {
      const hook = find(id);
      if (hook.source === 'project')
        throw new Error(`hook ${id} is the project's: remove it from .sluice/hooks.json.`);
      person.splice(person.indexOf(hook), 1);
      return hook;
    },
    approve(id) {
      const hook = find(id);
      if (hook.source === 'person') throw new Error(`hook ${id} is yours: it needs no approval.`);
      const approved = { ...hook, trust: 'approved' as const };
      project.splice(project.indexOf(hook), 1, approved);
      return approved;
    },
    test(event, sample) {
      tests.push({ event, sample });
      const runs: HookRun[] = [...person, ...project]
        .filter((hook) => hook.event === event && matches(hook, sample.toolName))
        .map((hook) => {
          const base = {
            hookId: hook.id,
            source: hook.source,
            event,
            command: hook.command,
            ...(sample.toolName !== undefined ? { toolName: sample.toolName } : {}),
            ms: 5,
          };
          if (hook.source === 'project' && hook.trust !== 'approved')
            return {
              ...base,
              outcome: 'not_run' as const,
              exitCode: null,
              output: '',
              reason: 'not approved: sluice hooks approve',
            };
          return { ...base, ...run(hook, sample) };
        });
      for (const r of runs)
        recorded.unshift({ ...r, at: new Date().toISOString(), conversationId: null });
      const blocked = runs.find((r) => r.outcome === 'blocked');
      const verdict: HookVerdict = blocked
        ? { decision: 'block', reason: blocked.reason ?? blocked.output, runs }
        : { decision: 'none', runs };
      return Promise.resolve(verdict);
    },
    recentRuns: (limit) => recorded.slice(0, limit),
  };
}
