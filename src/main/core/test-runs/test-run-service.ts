// Tests before approval: for a proposed change, select the tests it can affect,
// run them on the proposed text in a private copy, and compare with the same selection on the
// disk state. One run per project at a time (a queue); a newer revision of the same proposal
// (same `key`) cancels the older. The caller's deadline returns `timed_out` while the run goes
// on; its result reaches `onLateResult`. The baseline (the selection on disk) is run only when
// the proposed run has failures (side by side with the flaky rerun), and is cached per disk
// state and command.
// Contract: verdict() never rejects; every failure is a `not_run` verdict with the reason.
import path from 'node:path';
import { durationText } from '../../../shared/evidence-summary';
import os from 'node:os';
import { notRunVerdict, type TestSelection, type TestVerdict } from '../../../shared/test-verdict';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectSandbox } from '../sandbox/sandbox-detect';
import { detectCopySupport, type CopySupport } from '../sandbox/copy-mount';
import { runPlanInCopy, type CopyRunResult } from './test-copy-run';
import type { TestOutcome } from './test-outcome';
import type { TestChange, TestPlan } from './test-plan';
import { createTestSelector, goModulePath, type SelectionResult } from './test-selection';
import { asFailure, compareOutcomes, splitFlaky } from './verdict-comparison';

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
   * The changes' `before` texts are not the disk's (a commit is compared with HEAD, whose text
   * the disk no longer holds): the baseline is always run, and never shared through the
   * per-disk-state cache.
   */
  readonly baselineNotOnDisk?: boolean;
}

export interface TestRunService {
  verdict(request: TestVerdictRequest): Promise<TestVerdict>;
  select(changes: readonly TestChange[]): SelectionResult;
  dispose(): void;
}

const BASELINE_CACHE = 32;

/** The baseline's files: each change's text before it, where known (a new file stays absent). */
function asBefore(changes: readonly TestChange[]): TestChange[] {
  return changes.flatMap((c) =>
    typeof c.before === 'string' ? [{ path: c.path, after: c.before }] : [],
  );
}

/** The reason of a verdict for files no test runner of the project handles. */
export const NO_RUNNER_REASON = 'no test runner found for the changed files';

function combineSelections(plans: readonly TestPlan[]): TestSelection | undefined {
  const [first, ...rest] = plans.map((p) => p.selection);
  if (!first) return undefined;
  if (!rest.length) return first;
  const all = [first, ...rest];
  return {
    runner: first.runner,
    command: all.map((s) => s.command).join(' ; '),
    label: all.map((s) => s.label).join(' + '),
    targets: all.flatMap((s) => s.targets),
    whole: all.some((s) => s.whole),
    reason: all.map((s) => s.reason).join('; '),
  };
}

function emptyVerdict(state: TestVerdict['state'], selection?: TestSelection): TestVerdict {
  return {
    state,
    ...(selection ? { selection } : {}),
    newlyFailing: [],
    flaky: [],
    alreadyFailing: [],
    passed: 0,
    ms: 0,
    checkedAt: new Date().toISOString(),
  };
}

export function createTestRunService(options: TestRunServiceOptions): TestRunService {
  const select = createTestSelector();
  const settings = (): TestRunSettings => options.settings?.() ?? DEFAULT_TEST_RUN_SETTINGS;
  const copiesDir =
    options.copiesDir ??
    path.join(options.home ?? os.tmpdir(), options.home ? 'test-copies' : 'sluice-test-copies');
  const baselines = new Map<string, readonly TestOutcome[]>();
  const running = new Map<string, AbortController>();
  const everything = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();

  const selectFor = (changes: readonly TestChange[]): SelectionResult =>
    select({
      root: options.root,
      changes,
      ...(settings().command ? { commandOverride: settings().command } : {}),
      ...(options.importersOf ? { extraImporters: options.importersOf } : {}),
    });

  const runOnce = (
    plan: TestPlan,
    files: readonly TestChange[],
    signal: AbortSignal,
  ): Promise<CopyRunResult> => {
    const modulePath = plan.format === 'go-json' ? goModulePath(options.root) : undefined;
    return runPlanInCopy({
      root: options.root,
      plan,
      files,
      sandbox: options.sandbox ?? detectSandbox(),
      copiesDir,
      timeoutMs: settings().ceilingMs,
      signal,
      hidden: options.home ? [options.home] : [],
      ...(modulePath ? { modulePath } : {}),
      ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
    });
  };

  /** Runs one plan: proposed, then (only when something failed) baseline and a rerun. */
  const runPlan = async (
    plan: TestPlan,
    changes: readonly TestChange[],
    stateKey: string | null,
    signal: AbortSignal,
  ): Promise<
    | { verdict: Omit<TestVerdict, 'ms' | 'checkedAt' | 'selection' | 'state'> }
    | { stop: CopyRunResult }
  > => {
    const proposed = await runOnce(plan, changes, signal);
    if (proposed.kind !== 'ran') return { stop: proposed };
    const failed = proposed.outcomes.some((o) => o.status === 'failed');
    if (!failed) {
      const passed = proposed.outcomes.filter((o) => o.status === 'passed').length;
      return { verdict: { newlyFailing: [], flaky: [], alreadyFailing: [], passed } };
    }
    // Something failed: the disk state (unless cached) and a second run on the proposed text
    // go side by side (two cores, both at lower priority); the rerun is wasted only when every
    // failure turns out to be already failing.
    const cacheKey = stateKey === null ? null : `${stateKey}\0${plan.selection.command}`;
    const cached = cacheKey === null ? undefined : baselines.get(cacheKey);
    const [disk, again] = await Promise.all([
      cached ? null : runOnce(plan, asBefore(changes), signal),
      runOnce(plan, changes, signal),
    ]);
    if (disk?.kind === 'cancelled') return { stop: disk };
    if (again.kind === 'cancelled') return { stop: again };
    // A baseline that could not run leaves every failure "newly failing" (fails closed).
    const baseline: readonly TestOutcome[] = cached ?? (disk?.kind === 'ran' ? disk.outcomes : []);
    if (!cached && disk?.kind === 'ran' && cacheKey !== null) {
      baselines.set(cacheKey, baseline);
      if (baselines.size > BASELINE_CACHE)
        baselines.delete(baselines.keys().next().value as string);
    }
    const lists = compareOutcomes(baseline, proposed.outcomes);
    const rerun: readonly TestOutcome[] | null = again.kind === 'ran' ? again.outcomes : null;
    const { failing, flaky } = splitFlaky(lists.newlyFailing, rerun);
    return {
      verdict: {
        newlyFailing: failing.map(asFailure),
        flaky: flaky.map(asFailure),
        alreadyFailing: lists.alreadyFailing.map(asFailure),
        passed: lists.passed,
      },
    };
  };

  const work = async (
    request: TestVerdictRequest,
    selection: SelectionResult,
    signal: AbortSignal,
    started: number,
  ): Promise<TestVerdict> => {
    const combined = combineSelections(selection.plans);
    request.onProgress?.({ ...emptyVerdict('running', combined), ms: Date.now() - started });
    const total = { newlyFailing: [], flaky: [], alreadyFailing: [], passed: 0 } as {
      newlyFailing: TestVerdict['newlyFailing'];
      flaky: TestVerdict['flaky'];
      alreadyFailing: TestVerdict['alreadyFailing'];
      passed: number;
    };
    for (const plan of selection.plans) {
      const stateKey = request.baselineNotOnDisk ? null : selection.project.stateKey;
      const result = await runPlan(plan, request.changes, stateKey, signal);
      if ('stop' in result) {
        const reason =
          result.stop.kind === 'cancelled'
            ? 'the test run was cancelled (a newer revision of this change, or the request ended)'
            : result.stop.kind === 'failed'
              ? result.stop.reason
              : 'the test run stopped';
        return {
          ...notRunVerdict(reason, Date.now() - started),
          ...(combined ? { selection: combined } : {}),
        };
      }
      total.newlyFailing.push(...result.verdict.newlyFailing);
      total.flaky.push(...result.verdict.flaky);
      total.alreadyFailing.push(...result.verdict.alreadyFailing);
      total.passed += result.verdict.passed;
    }
    return {
      state: total.newlyFailing.length ? 'failed' : 'passed',
      ...(combined ? { selection: combined } : {}),
      ...total,
      ms: Date.now() - started,
      checkedAt: new Date().toISOString(),
    };
  };

  const verdict = async (request: TestVerdictRequest): Promise<TestVerdict> => {
    const started = Date.now();
    try {
      const current = settings();
      if (!current.enabled)
        return notRunVerdict('tests before approval are turned off for this project in Settings');
      request.onProgress?.(emptyVerdict('selecting'));
      const selection = selectFor(request.changes);
      if (!selection.plans.length) {
        const reason = selection.notRun.length
          ? selection.notRun.join('; ')
          : selection.none.length
            ? selection.none.join('; ')
            : NO_RUNNER_REASON;
        return notRunVerdict(reason, Date.now() - started);
      }
      const combined = combineSelections(selection.plans);
      const sandbox = options.sandbox ?? detectSandbox();
      const copy = options.copySupport ?? detectCopySupport();
      if (!sandbox.available || !copy.available)
        return {
          ...notRunVerdict(
            !sandbox.available
              ? `no sandbox on this machine: ${sandbox.detail}`
              : `no private copy can be made here: ${copy.detail}`,
            Date.now() - started,
          ),
          ...(combined ? { selection: combined } : {}),
        };
      const controller = new AbortController();
      if (request.key !== undefined) {
        running.get(request.key)?.abort();
        running.set(request.key, controller);
      }
      const stop = (): void => controller.abort();
      request.signal?.addEventListener('abort', stop, { once: true });
      everything.signal.addEventListener('abort', stop, { once: true });
      // One run per project at a time: wait for the previous one, unless cancelled meanwhile.
      const job = queue.then(() =>
        controller.signal.aborted
          ? {
              ...notRunVerdict(
                'the test run was cancelled before it started (a newer revision of this change)',
                Date.now() - started,
              ),
              ...(combined ? { selection: combined } : {}),
            }
          : work(request, selection, controller.signal, started),
      );
      queue = job.catch(() => undefined);
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
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), deadlineMs);
      });
      const first = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (first) return first;
      void finished.then((late) => {
        if (!controller.signal.aborted) request.onLateResult?.(late);
      });
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
    dispose: () => everything.abort(),
  };
}
