// The baseline before it is needed: when the project opens and after each change on disk,
// every test of the project runs once on the disk state, in the background, and its outcomes
// are kept per target (baseline-cache.ts), so a first edit's verdict compares at once instead
// of running its baseline beside its own run.
//
// Never in the way: one pass at a time, started after a debounce (a one-shot CLI verb that
// exits at once starts none, and its timer keeps no process alive); none while a verdict's run
// is queued or running. When a verdict's run starts, the pass under way is cancelled, not
// narrowed to the targets the verdict needs: its runner process covers a whole batch and cannot
// be cut to one target, letting it go on would halve the verdict's share of a small machine,
// and the verdict runs the baseline of what is still unknown beside its own run exactly as
// without a pass, so yielding never costs the verdict more than the pass's absence. Batches
// already finished stay kept; the pass starts again, after the debounce, once no verdict's run
// is left, on what is still unknown.
//
// Never a wrong baseline: a target's key (the state of every file it can depend on) is taken
// before its run and again after it; outcomes are kept only under a key that did not change,
// so a run that a write overlapped never stands for the state before the write (the run may
// have read either text) nor for the state after it. A failed, timed-out or cancelled run keeps
// nothing: those targets stay not known, the trace says so (test-run-trace.ts), and the next
// verdict runs their baseline itself.
import { outcomesByTarget, targetKeys, type BaselineCache } from './baseline-cache';
import type { CopyRunResult } from './test-copy-run';
import type { TestChange, TestPlan } from './test-plan';
import { traceTestRun, type BaselineStep } from './test-run-trace';
import type { SelectionResult } from './test-selection';
import { hasTestFiles, wholeSuite, type WholeSuitePlan } from './whole-suite';
import { listProjectFiles, type ProjectFiles } from '../workspace/project-files';

/** Targets per run: a cancelled or failed run loses at most these, and a command line stays short. */
export const BASELINE_BATCH_TARGETS = 50;

/** How long the disk must stay still before a pass starts. */
export const BASELINE_DEBOUNCE_MS = 2_000;

export interface BackgroundBaselineDeps {
  readonly root: string;
  readonly baselines: BaselineCache;
  /** Ends with the service: the pass under way stops and no other starts. */
  readonly lifetime: AbortSignal;
  readonly debounceMs?: number | undefined;
  /** Why no test may run now (tests off in Settings, no sandbox, no private copy), or null. */
  problem(): string | null;
  /** The selection as verdicts make it (the same selector and the person's command). */
  select(changes: readonly TestChange[]): SelectionResult;
  /** One run of `plan` on the disk state in a private copy, within the service's limits. */
  run(plan: TestPlan, signal: AbortSignal): Promise<CopyRunResult>;
  /** Whether a verdict's run is queued or running. */
  busy(): boolean;
}

export interface BackgroundBaseline {
  /** The disk may differ from what is kept (the project opened, a file changed). */
  want(): void;
  /** A verdict's run starts: the pass under way is cancelled, to start again later. */
  yieldTo(): void;
  /** No verdict's run is left: a pass still wanted starts after the debounce. */
  idle(): void;
  /** Resolves once no pass is wanted, scheduled or running (a stopped one: once it ended). */
  settled(): Promise<void>;
}

type Cancel = Extract<BaselineStep, 'yielded' | 'superseded' | 'stopped'>;

interface Pass {
  readonly controller: AbortController;
  cancel: Cancel | null;
}

export function createBackgroundBaseline(deps: BackgroundBaselineDeps): BackgroundBaseline {
  const debounceMs = deps.debounceMs ?? BASELINE_DEBOUNCE_MS;
  let wanted = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Pass | null = null;
  let waiters: (() => void)[] = [];
  const stopped = (): boolean => deps.lifetime.aborted;

  const check = (): void => {
    if (current || timer || (wanted && !stopped())) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };
  const cancel = (why: Cancel): void => {
    if (!current || current.controller.signal.aborted) return;
    current.cancel = why;
    current.controller.abort();
  };
  const schedule = (): void => {
    if (stopped()) return;
    clearTimeout(timer);
    timer = setTimeout(fire, debounceMs);
    // A pending pass never keeps the process alive (a CLI verb exits when its work is done),
    // unless somebody awaits it (settled).
    if (!waiters.length) timer.unref();
  };
  function fire(): void {
    timer = undefined;
    // A verdict's run ends with idle(), which schedules again; a pass winding down, with its end.
    if (!stopped() && !deps.busy() && !current) start();
    check();
  }
  const start = (): void => {
    wanted = false;
    const pass: Pass = { controller: new AbortController(), cancel: null };
    current = pass;
    const started = Date.now();
    void runPass(deps, pass.controller.signal, started)
      .catch((error: unknown) =>
        trace(
          deps,
          'not_known',
          `the pass failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        current = null;
        if (pass.cancel) {
          trace(deps, pass.cancel, cancelWords(pass.cancel), { ms: Date.now() - started });
          if (pass.cancel !== 'stopped') wanted = true;
        }
        if (wanted && !timer && !deps.busy()) schedule();
        check();
      });
  };
  deps.lifetime.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      timer = undefined;
      cancel('stopped');
      check();
    },
    { once: true },
  );

  return {
    want: () => {
      if (stopped()) return;
      wanted = true;
      cancel('superseded');
      schedule();
    },
    yieldTo: () => {
      if (!current) return;
      cancel('yielded');
    },
    idle: () => {
      if (wanted && !current) schedule();
    },
    settled: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        // Awaited, a pending pass keeps the process alive until it ran: else the await is
        // left hanging when nothing else holds Node (exit 13, an unsettled top-level await).
        timer?.ref();
        check();
      }),
  };
}

function cancelWords(why: Cancel): string {
  switch (why) {
    case 'yielded':
      return "a verdict's run started: the pass stopped, to start again when no verdict runs";
    case 'superseded':
      return 'the disk changed: the pass stopped, to start again after the debounce';
    case 'stopped':
      return 'the project closed: the pass stopped';
  }
}

function trace(
  deps: BackgroundBaselineDeps,
  step: BaselineStep,
  detail: string,
  more: { targets?: readonly string[]; ms?: number } = {},
): void {
  traceTestRun({ type: 'baseline', root: deps.root, step, detail, ...more });
}

/** One pass over every test of the project: the targets not known yet, batch by batch. */
async function runPass(
  deps: BackgroundBaselineDeps,
  signal: AbortSignal,
  started: number,
): Promise<void> {
  const problem = deps.problem();
  if (problem) return trace(deps, 'skipped', problem);
  if (!hasTestFiles(deps.root)) return trace(deps, 'skipped', 'the project has no test file');
  const suite = wholeSuite(deps.root, (changes) => deps.select(changes));
  if (suite.kind === 'none') return trace(deps, 'skipped', suite.reason);
  for (const reason of suite.notRun) trace(deps, 'not_known', reason);
  const work: { plan: TestPlan; keys: Map<string, string>; missing: string[] }[] = [];
  const unkeyed: string[] = [];
  for (const entry of suite.plans) {
    const keyed = keysOf(deps, suite.project, entry);
    if (!keyed) unkeyed.push(...entry.targets);
    else work.push(keyed);
  }
  if (unkeyed.length)
    trace(deps, 'not_known', 'the project has more files than a baseline is kept for', {
      targets: unkeyed,
    });
  const missing = work.reduce((n, w) => n + w.missing.length, 0);
  trace(deps, 'started', `${missing} of ${missing + countKnown(work)} targets not known yet`, {
    targets: work.flatMap((w) => w.missing),
  });
  let kept = 0;
  let notKnown = unkeyed.length;
  for (const { plan, keys, missing: targets } of work)
    for (let at = 0; at < targets.length; at += BASELINE_BATCH_TARGETS) {
      if (signal.aborted) return;
      const batch = targets.slice(at, at + BASELINE_BATCH_TARGETS);
      const result = await runBatch(deps, plan, batch, keys, signal);
      if (result === 'cancelled') return;
      kept += result;
      notKnown += batch.length - result;
    }
  trace(deps, 'finished', `kept ${kept} targets' baselines; ${notKnown} not known`, {
    ms: Date.now() - started,
  });
}

function countKnown(work: readonly { keys: Map<string, string>; missing: string[] }[]): number {
  return work.reduce((n, w) => n + w.keys.size - w.missing.length, 0);
}

/** A runner's targets with their keys now, and those not kept or under way. */
function keysOf(
  deps: BackgroundBaselineDeps,
  project: ProjectFiles,
  entry: WholeSuitePlan,
): { plan: TestPlan; keys: Map<string, string>; missing: string[] } | null {
  const plan = entry.plan.narrowing?.toTargets(entry.targets);
  const keys = plan ? targetKeys(deps.root, project, plan, deps.baselines) : null;
  if (!plan || !keys) return null;
  const missing = entry.targets.filter((t) => {
    const key = keys.get(t);
    return key !== undefined && deps.baselines.get(key) === undefined;
  });
  return { plan, keys, missing };
}

/** One run on a batch of targets; the number whose outcomes were kept, or 'cancelled'. */
async function runBatch(
  deps: BackgroundBaselineDeps,
  plan: TestPlan,
  batch: readonly string[],
  before: Map<string, string>,
  signal: AbortSignal,
): Promise<number | 'cancelled'> {
  const narrowed = plan.narrowing?.toTargets(batch) ?? plan;
  const result = await deps.run(narrowed, signal);
  if (result.kind === 'cancelled' || signal.aborted) return 'cancelled';
  if (result.kind === 'failed') {
    trace(deps, 'not_known', `the run failed: ${result.reason}`, { targets: batch });
    return 0;
  }
  const byTarget = outcomesByTarget(narrowed, batch, result.outcomes);
  if (!byTarget) {
    trace(deps, 'not_known', 'the runner reported tests no target accounts for', {
      targets: batch,
    });
    return 0;
  }
  // The keys again, from a fresh look at the disk: a target whose files changed while it ran
  // keeps nothing, under either key.
  const after = targetKeys(deps.root, listProjectFiles(deps.root), narrowed, deps.baselines);
  const moved = batch.filter((t) => after?.get(t) !== before.get(t));
  if (moved.length)
    trace(deps, 'not_known', 'files they depend on changed while they ran', { targets: moved });
  let kept = 0;
  for (const target of batch) {
    const key = before.get(target);
    const outcomes = byTarget.get(target);
    if (key === undefined || !outcomes || moved.includes(target)) continue;
    deps.baselines.keep(key, outcomes);
    kept += 1;
  }
  return kept;
}
