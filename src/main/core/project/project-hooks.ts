// The hooks of one open project: the person's own (app DB) and the project's
// `.sluice/hooks.json` (read through the workspace, pinned by content, run only once approved;
// hooks/hook-catalog.ts), one call per event, each run recorded in the audit trail and told to
// `onRun` listeners, and what Settings and `sluice hooks` do with them. dispose() stops every
// running hook.
import type { HookEvent, HookRun } from '../../../shared/hooks';
import type { ProjectCommands } from '../commands/project-commands';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { createHookRepository, type HookRepository } from '../store/hook-repository';
import type { WritableDb } from '../store/database-handles';
import { runEventHooks, type EventCall } from '../hooks/hook-calls';
import { openHookCatalog, type HookCatalog } from '../hooks/hook-catalog';
import { hookByIdStart } from '../hooks/hook-identity';
import { hookApplies } from '../hooks/hook-matcher';
import type { HookProcessDeps } from '../hooks/hook-process';
import { PROJECT_HOOKS_FILE } from '../hooks/hooks-file';
import type {
  HookCallContext,
  HookManagement,
  HookVerdict,
  ProjectHooks,
} from '../hooks/hooks-port';
import { personHookPolicy } from '../hooks/person-hook-policy';
import { newPersonHookRow, personDefinition } from '../hooks/person-hooks';
import type { HookFiles } from '../hooks/project-hook-trust';

export interface ProjectHooksDeps {
  readonly db: WritableDb;
  readonly projectId: string;
  readonly workspace: HookFiles & { isIgnored(relative: string, isDir: boolean): boolean };
  /** SLUICE_HOME: no hook sees it. */
  readonly home: string;
  /** The project's command rules, network rules and sandbox (run_command's). */
  readonly commands: Pick<ProjectCommands, 'rules' | 'port'>;
  /** Tests: another sandbox than run_command's (default: the same). */
  readonly sandbox?: SandboxAvailability;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  readonly now?: () => number;
  /** A run that could not be kept, or a listener that threw. */
  readonly onBackgroundError?: (error: unknown) => void;
}

export interface OpenProjectHooks extends ProjectHooks, HookManagement {
  /** Resolves once the latest read of the file is in (list() and problems() answer from it). */
  ready(): Promise<void>;
  /** Stops every running hook and waits for them to end. */
  dispose(): Promise<void>;
}

const TEST_CONVERSATION = 'sluice-hooks-test';

type Run = (call: EventCall, asTest?: boolean) => Promise<HookVerdict>;

/** Runs calls: the file current first, every run kept and told, each call stopped on dispose. */
function hookRunner(
  deps: ProjectHooksDeps,
  repo: HookRepository,
  catalog: HookCatalog,
  listeners: ReadonlySet<(run: HookRun, context: HookCallContext) => void>,
): {
  run: Run;
  record(run: HookRun, context: HookCallContext, conversationId: string | null): void;
  dispose(): Promise<void>;
} {
  const closing = new AbortController();
  const running = new Set<Promise<unknown>>();
  const said = new Set<string>();
  const sandbox = deps.sandbox ?? deps.commands.port.sandbox;
  const process: HookProcessDeps = {
    root: deps.workspace.root,
    sandbox,
    hidden: [deps.home],
    personPolicy: personHookPolicy({
      root: deps.workspace.root,
      sandboxed: sandbox.available,
      commandRules: () => deps.commands.rules.list(deps.projectId),
      networkRules: () => deps.commands.port.networkRules?.() ?? [],
      isIgnored: (relative) => deps.workspace.isIgnored(relative, false),
    }),
    ...(deps.baseEnv ? { baseEnv: deps.baseEnv } : {}),
  };
  const record = (run: HookRun, context: HookCallContext, conversationId: string | null) => {
    try {
      repo.recordRun(deps.projectId, { ...run, at: (deps.now ?? Date.now)(), conversationId });
    } catch (error) {
      deps.onBackgroundError?.(error);
    }
    for (const listener of listeners) {
      try {
        listener(run, context);
      } catch (error) {
        deps.onBackgroundError?.(error);
      }
    }
  };
  const run: Run = (call, asTest = false) => {
    const done = (async () => {
      await catalog.current();
      return runEventHooks(catalog.candidates(), call, {
        process,
        closing: closing.signal,
        record: (hookRun, context) =>
          record(hookRun, context, asTest ? null : context.conversationId),
        firstNotice: (hook) => {
          const key = `${hook.id}:${hook.trust ?? ''}`;
          if (asTest) return true;
          if (said.has(key)) return false;
          said.add(key);
          return true;
        },
      });
    })();
    running.add(done);
    void done.then(
      () => running.delete(done),
      () => running.delete(done),
    );
    return done;
  };
  return {
    run,
    record,
    async dispose() {
      closing.abort();
      await Promise.allSettled([...running]);
    },
  };
}

/** The sample call `sluice hooks test` and Settings run, as a turn would make it. */
function testCall(
  event: HookEvent,
  sample: Parameters<HookManagement['test']>[1],
  context: HookCallContext,
  cwd: string,
): EventCall {
  const tool = sample.toolName ?? 'run_command';
  const toolEvent = event === 'PreToolUse' || event === 'PostToolUse';
  return {
    event,
    subject: toolEvent ? tool : event === 'SessionStart' ? 'startup' : undefined,
    input: {
      conversationId: context.conversationId,
      cwd,
      ...(toolEvent
        ? { toolName: tool, toolInput: sample.toolInput ?? {}, toolUseId: TEST_CONVERSATION }
        : {}),
      ...(event === 'PostToolUse' ? { toolResponse: 'a sample result' } : {}),
      ...(event === 'UserPromptSubmit' ? { prompt: sample.prompt ?? '' } : {}),
      ...(event === 'SessionStart' ? { source: 'startup' as const } : {}),
    },
    context,
  };
}

export function openProjectHooks(deps: ProjectHooksDeps): OpenProjectHooks {
  const { projectId, workspace } = deps;
  const repo = createHookRepository(deps.db);
  const now = deps.now ?? Date.now;
  const catalog = openHookCatalog({ repo, projectId, files: workspace });
  const listeners = new Set<(run: HookRun, context: HookCallContext) => void>();
  const runner = hookRunner(deps, repo, catalog, listeners);
  const { run } = runner;
  const base = (context: HookCallContext) => ({
    conversationId: context.conversationId,
    cwd: workspace.root,
  });
  return {
    list: catalog.list,
    problems: catalog.problems,
    ready: catalog.ready,
    reload: catalog.reload,
    preToolUse: (input, context) =>
      run({
        event: 'PreToolUse',
        subject: input.toolName,
        input: { ...base(context), ...input },
        context,
      }),
    postToolUse: (input, context) =>
      run({
        event: 'PostToolUse',
        subject: input.toolName,
        input: { ...base(context), ...input },
        context,
      }),
    userPromptSubmit: (prompt, context) =>
      run({ event: 'UserPromptSubmit', input: { ...base(context), prompt }, context }),
    stop: (stopHookActive, context) =>
      run({ event: 'Stop', input: { ...base(context), stopHookActive }, context }),
    sessionStart: (source, context) =>
      run({ event: 'SessionStart', subject: source, input: { ...base(context), source }, context }),
    recordProposalRun: (hookRun, conversationId) =>
      runner.record(
        hookRun,
        { conversationId: conversationId ?? '', signal: AbortSignal.abort() },
        conversationId,
      ),
    proposalHooks: (toolName) =>
      catalog
        .candidates()
        .filter(
          (c) =>
            c.definition.event === 'PreToolUse' &&
            (c.definition.source === 'person' || c.definition.trust === 'approved') &&
            hookApplies('PreToolUse', c.matcher, toolName),
        )
        .map((c) => c.definition),
    onRun(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    add(hook) {
      const row = newPersonHookRow(hook, projectId, now());
      if (catalog.list().some((h) => h.id === row.id))
        throw new Error(`You already have this hook (${row.id.slice(0, 12)}).`);
      repo.addPersonHook(row);
      return personDefinition(row);
    },
    remove(id) {
      const hook = hookByIdStart(catalog.list(), id, 'hook');
      if (hook.source === 'project')
        throw new Error(
          `That hook is the project's (${PROJECT_HOOKS_FILE}); remove it from the file, or leave it unapproved and it does not run.`,
        );
      repo.removePersonHook(hook.id);
      return hook;
    },
    approve: (id) => catalog.approve(id, now()),
    test: (event, sample, signal) =>
      run(
        testCall(event, sample, { conversationId: TEST_CONVERSATION, signal }, workspace.root),
        true,
      ),
    recentRuns: (limit) =>
      repo.recentRuns(projectId, limit).map(({ at, ...rest }) => ({
        ...rest,
        at: new Date(at).toISOString(),
      })),
    async dispose() {
      await runner.dispose();
      await catalog.ready();
    },
  };
}
