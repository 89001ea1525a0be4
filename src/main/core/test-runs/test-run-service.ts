// Tests before approval: for a proposed change, select the tests it can affect,
// run them on the proposed text in a private copy, and compare with the same selection on the
// disk state. One run per project at a time (a queue); a newer revision of the same proposal
// (same `key`) cancels the older. The caller's deadline returns `timed_out` while the run goes
// on; its result reaches `onLateResult`. The baseline (the selection on disk) runs beside the
// proposed run unless known, and is kept per target and the state of the files it depends on
// (plan-run.ts, baseline-cache.ts); only failing tests run again to tell flaky ones. Asked to
// (prepareBaseline: the project opened, the disk changed), the baseline of every test is run in
// the background before any edit needs it, giving way to every verdict (background-baseline.ts).
// A request that shows its verdict to a person as it comes (`answerFirstStage`) is answered with
// the verdict of the tests that reach the changed names once they ran (state `running`, the rest
// still running), and the complete verdict follows through `onLateResult`, as past the deadline.
// Contract: verdict() never rejects; every failure is a `not_run` verdict with the reason.
import path from 'node:path';
import { durationText } from '../../../shared/evidence-summary';
import os from 'node:os';
import { notRunVerdict, type TestVerdict } from '../../../shared/test-verdict';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectSandbox } from '../sandbox/sandbox-detect';
import { detectCopySupport, type CopySupport } from '../sandbox/copy-mount';
import {
  combineSelections,
  emptyVerdict,
  runInCopy,
  runSelection,
  withSelection,
  type SelectionRunContext,
} from './selection-run';
import { createBackgroundBaseline, type BackgroundBaseline } from './background-baseline';
import { createBaselineCache } from './baseline-cache';
import { projectRunCaches } from './run-caches';
import type { TestChange } from './test-plan';
import { createTestSelector, type SelectionResult } from './test-selection';
import { KEEPS_CODE_TOKENS_REASON, keepsCodeTokens } from './code-tokens';

export interface TestRunSettings {
  readonly enabled: boolean;
  /** The person's command for the runner (replaces the detected binary), or "". */
  readonly command: string;
  /** How long a live proposal waits for the verdict before it shows "still running". */
  readonly liveDeadlineMs: number;
  /** Hard ceiling of one runner process. */
  readonly ceilingMs: number;
}

export const DEFAULT_TEST_RUN_SETTINGS: TestRunSettings = {
  enabled: true,
  command: '',
  liveDeadlineMs: 60_000,
  ceilingMs: 5 * 60_000,
};

export interface TestRunServiceOptions {
  readonly root: string;
  /** SLUICE_HOME: copies are made under it, and it is hidden from the tests. */
  readonly home?: string;
  readonly copiesDir?: string;
  readonly sandbox?: SandboxAvailability;
  readonly copySupport?: CopySupport;
  readonly settings?: () => TestRunSettings;
  /** Importers the symbol index knows of (findImporters), as project-relative paths. */
  readonly importersOf?: (file: string) => readonly string[];
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** How long the disk stays still before the background baseline starts (tests, the bench). */
  readonly baselineDebounceMs?: number;
}

export interface TestVerdictRequest {
  readonly changes: readonly TestChange[];
  /** Identity of the proposal across revisions (conversation + path, a change set id). */
  readonly key?: string;
  readonly deadlineMs?: number;
  readonly signal?: AbortSignal;
  readonly onLateResult?: (verdict: TestVerdict) => void;
  readonly onProgress?: (verdict: TestVerdict) => void;
  /**
   * A person reads the verdict as it comes: answer with the first stage's (the tests that reach
   * the changed names) when it comes first, the complete verdict following through
   * `onLateResult` (needed with it).
   */
  readonly answerFirstStage?: boolean;
  /**
   * The changes' `before` texts are not the disk's (a commit is compared with HEAD, whose text
   * the disk no longer holds): the baseline is always run, and never shared through the
   * per-disk-state cache.
   */
  readonly baselineNotOnDisk?: boolean;
}

export interface TestRunService {
  verdict(request: TestVerdictRequest): Promise<TestVerdict>;
  select(changes: readonly TestChange[]): SelectionResult;
  /**
   * The disk may differ from the baselines kept (the project opened, a file was written): run
   * every test's baseline in the background after a debounce, unless tests are off or cannot run.
   */
  prepareBaseline(): void;
  /** Resolves once no background baseline is wanted, scheduled or running (after dispose: ended). */
  baselineSettled(): Promise<void>;
  /**
   * Resolves once no verdict's run and no background baseline is under way, queued or waiting
   * to start (after dispose: once every run ended, its processes gone and its copy removed).
   */
  settled(): Promise<void>;
  /** Stops every run; those under way end soon after (settled). */
  dispose(): void;
}

/** The reason of a verdict for files no test runner of the project handles. */
export const NO_RUNNER_REASON = 'no test runner found for the changed files';

const TESTS_OFF_REASON = 'tests before approval are turned off for this project in Settings';

/**
 * A verdict's work (its queued job, and its runs: a baseline may outlive its request), counted
 * so the background baseline gives way while there is any and starts again once there is none.
 */
function verdictWork(background: () => BackgroundBaseline): {
  track(work: Promise<unknown>): void;
  busy(): boolean;
  /** Resolves once no verdict's work is open. */
  ended(): Promise<void>;
} {
  let open = 0;
  let waiters: (() => void)[] = [];
  return {
    track: (work) => {
      open += 1;
      background().yieldTo();
      const done = (): void => {
        open -= 1;
        if (open > 0) return;
        background().idle();
        const ended = waiters;
        waiters = [];
        for (const resolve of ended) resolve();
      };
      work.then(done, done);
    },
    busy: () => open > 0,
    ended: () =>
      open === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

/** Where and how the service's runs are made: the copies, the caches, the ceiling. */
function selectionRunContext(
  options: TestRunServiceOptions,
  settings: () => TestRunSettings,
  lifetime: AbortSignal,
  onVerdictRun: (work: Promise<unknown>) => void,
): SelectionRunContext {
  return {
    root: options.root,
    home: options.home,
    sandbox: options.sandbox,
    baseEnv: options.baseEnv,
    copiesDir:
      options.copiesDir ??
      path.join(options.home ?? os.tmpdir(), options.home ? 'test-copies' : 'sluice-test-copies'),
    ceilingMs: () => settings().ceilingMs,
    baselines: createBaselineCache(),
    lifetime,
    caches: options.home ? projectRunCaches(options.home, options.root) : undefined,
    onVerdictRun,
  };
}

export function createTestRunService(options: TestRunServiceOptions): TestRunService {
  const select = createTestSelector();
  const settings = (): TestRunSettings => options.settings?.() ?? DEFAULT_TEST_RUN_SETTINGS;
  const running = new Map<string, AbortController>();
  const everything = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();
  const work = verdictWork(() => background);
  const runContext = selectionRunContext(options, settings, everything.signal, work.track);

  const selectFor = (changes: readonly TestChange[]): SelectionResult =>
    select({
      root: options.root,
      changes,
      ...(settings().command ? { commandOverride: settings().command } : {}),
      ...(options.importersOf ? { extraImporters: options.importersOf } : {}),
    });

  const background = createBackgroundBaseline({
    root: options.root,
    baselines: runContext.baselines,
    lifetime: everything.signal,
    debounceMs: options.baselineDebounceMs,
    problem: () => (settings().enabled ? runProblem(options) : TESTS_OFF_REASON),
    select: selectFor,
    run: (plan, signal) => runInCopy(runContext, plan, [], signal, true),
    busy: work.busy,
  });

  const verdict = async (request: TestVerdictRequest): Promise<TestVerdict> => {
    const started = Date.now();
    try {
      const current = settings();
      if (!current.enabled) return notRunVerdict(TESTS_OFF_REASON);
      request.onProgress?.(emptyVerdict('selecting'));
      // A file whose edit keeps every code token selects no test of its own.
      const coded = request.changes.filter((c) => !keepsCodeTokens(c));
      const selection = selectFor(coded.length ? coded : request.changes);
      if (!coded.length && request.changes.length && selection.plans.length)
        return keptTokensVerdict(Date.now() - started);
      const refused = cannotRun(options, selection, started);
      if (refused) return refused;
      const combined = combineSelections(selection.plans);
      const controller = new AbortController();
      if (request.key !== undefined) {
        running.get(request.key)?.abort();
        running.set(request.key, controller);
      }
      const stop = (): void => controller.abort();
      request.signal?.addEventListener('abort', stop, { once: true });
      everything.signal.addEventListener('abort', stop, { once: true });
      const firstStage = request.answerFirstStage && request.onLateResult ? laterVerdict() : null;
      const runRequest = firstStage ? { ...request, onFirstStage: firstStage.resolve } : request;
      // One run per project at a time: wait for the previous one, unless cancelled meanwhile.
      const job = queue.then(() =>
        controller.signal.aborted
          ? withSelection(
              notRunVerdict(
                'the test run was cancelled before it started (a newer revision of this change)',
                Date.now() - started,
              ),
              combined,
            )
          : runSelection(runContext, runRequest, selection, controller.signal, started),
      );
      queue = job.catch(() => undefined);
      work.track(job);
      const finished = job
        .catch((error: unknown) =>
          notRunVerdict(
            `the test run failed: ${error instanceof Error ? error.message : String(error)}`,
            Date.now() - started,
          ),
        )
        .finally(() => {
          if (request.key !== undefined && running.get(request.key) === controller)
            running.delete(request.key);
          request.signal?.removeEventListener('abort', stop);
          everything.signal.removeEventListener('abort', stop);
        });
      const deadlineMs = request.deadlineMs ?? current.liveDeadlineMs;
      const first = await beforeDeadline(firstOrFinished(finished, firstStage), deadlineMs);
      if (first && first.state !== 'running') return first;
      void finished.then((late) => {
        if (!controller.signal.aborted) request.onLateResult?.(late);
      });
      if (first) return first;
      return {
        ...emptyVerdict('timed_out', combined),
        reason: `the tests were still running after ${durationText(deadlineMs)}`,
        ms: Date.now() - started,
      };
    } catch (error) {
      return notRunVerdict(
        `the tests could not be selected: ${error instanceof Error ? error.message : String(error)}`,
        Date.now() - started,
      );
    }
  };

  return {
    verdict,
    select: selectFor,
    prepareBaseline: () => background.want(),
    baselineSettled: () => background.settled(),
    settled: async () => {
      await work.ended();
      await background.settled();
    },
    dispose: () => everything.abort(),
  };
}

/** A first stage's verdict (`running`) answers first; the complete one follows, as past the deadline. */
function firstOrFinished(
  finished: Promise<TestVerdict>,
  firstStage: { promise: Promise<TestVerdict> } | null,
): Promise<TestVerdict> {
  return firstStage ? Promise.race([finished, firstStage.promise]) : finished;
}

/** A verdict told later, and how to tell it. */
function laterVerdict(): {
  promise: Promise<TestVerdict>;
  resolve: (verdict: TestVerdict) => void;
} {
  let resolve: (verdict: TestVerdict) => void = () => undefined;
  const promise = new Promise<TestVerdict>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Nothing ran, and nothing needed to: the change keeps every code token. */
function keptTokensVerdict(ms: number): TestVerdict {
  return { ...emptyVerdict('passed'), reason: KEEPS_CODE_TOKENS_REASON, ms };
}

/** Why the selection cannot run here (no plan, no sandbox, no private copy); null when it can. */
function cannotRun(
  options: TestRunServiceOptions,
  selection: SelectionResult,
  started: number,
): TestVerdict | null {
  if (!selection.plans.length) {
    const reason = selection.notRun.length
      ? selection.notRun.join('; ')
      : selection.none.length
        ? selection.none.join('; ')
        : NO_RUNNER_REASON;
    return notRunVerdict(reason, Date.now() - started);
  }
  const problem = runProblem(options);
  if (!problem) return null;
  return withSelection(
    notRunVerdict(problem, Date.now() - started),
    combineSelections(selection.plans),
  );
}

/** Why no test can run on this machine (no sandbox, no private copy); null when they can. */
function runProblem(options: TestRunServiceOptions): string | null {
  const sandbox = options.sandbox ?? detectSandbox();
  const copy = options.copySupport ?? detectCopySupport();
  if (!sandbox.available) return `no sandbox on this machine: ${sandbox.detail}`;
  if (!copy.available) return `no private copy can be made here: ${copy.detail}`;
  return null;
}

/** The verdict, when it comes within `deadlineMs`; else null (the run goes on). */
async function beforeDeadline(
  finished: Promise<TestVerdict>,
  deadlineMs: number,
): Promise<TestVerdict | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  const first = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  return first;
}
