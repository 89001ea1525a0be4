// One selection's run (test-run-service.ts queues it): each plan on the proposed text in a
// private copy, beside its baseline on the disk state (plan-run.ts), so a failure is newly
// failing, already failing, or flaky. When someone is told of progress, the tests that reach the
// changed names run first and their `running` verdict is told (first-stage-run.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { notRunVerdict, type TestSelection, type TestVerdict } from '../../../shared/test-verdict';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectSandbox } from '../sandbox/sandbox-detect';
import type { BaselineCache } from './baseline-cache';
import { runFirstStages } from './first-stage-run';
import { runPlan, type PlanRunContext } from './plan-run';
import type { RunCaches } from './run-caches';
import { runPlanInCopy, type CopyRunResult } from './test-copy-run';
import { traceTestRun } from './test-run-trace';
import type { TestChange, TestPlan } from './test-plan';
import { goModulePath, type SelectionResult } from './test-selection';

export interface SelectionRunContext {
  readonly root: string;
  /** SLUICE_HOME: hidden from the tests. */
  readonly home?: string | undefined;
  readonly sandbox?: SandboxAvailability | undefined;
  readonly baseEnv?: NodeJS.ProcessEnv | undefined;
  readonly copiesDir: string;
  /** Hard ceiling of one runner process, as Settings say now. */
  readonly ceilingMs: () => number;
  /** Baseline outcomes per target and the state of what it depends on. */
  readonly baselines: BaselineCache;
  /** Ends with the service. */
  readonly lifetime: AbortSignal;
  /** What runs compile, kept for the next (under SLUICE_HOME). */
  readonly caches?: RunCaches | undefined;
  /** Told of each run a verdict starts (the background baseline waits for them to end). */
  readonly onVerdictRun?: ((run: Promise<CopyRunResult>) => void) | undefined;
}

/** What a selection's run takes of the request. */
export interface SelectionRunRequest {
  readonly changes: readonly TestChange[];
  /** The baseline is always run and never cached (its texts are not the disk's). */
  readonly baselineNotOnDisk?: boolean;
  readonly onProgress?: (verdict: TestVerdict) => void;
  /** The verdict of the tests that reach the change, run first while the rest is to run. */
  readonly onFirstStage?: (verdict: TestVerdict) => void;
}

/** The words of a run that stopped. */
function stopReason(stop: CopyRunResult): string {
  return stop.kind === 'cancelled'
    ? 'the test run was cancelled (a newer revision of this change, or the request ended)'
    : stop.kind === 'failed'
      ? stop.reason
      : 'the test run stopped';
}

/** Every plan of the selection run and compared; the first that cannot run stops the rest. */
export async function runSelection(
  context: SelectionRunContext,
  request: SelectionRunRequest,
  selection: SelectionResult,
  signal: AbortSignal,
  started: number,
): Promise<TestVerdict> {
  const combined = combineSelections(selection.plans);
  request.onProgress?.({ ...emptyVerdict('running', combined), ms: Date.now() - started });
  const total = { newlyFailing: [], flaky: [], alreadyFailing: [], passed: 0 } as {
    newlyFailing: TestVerdict['newlyFailing'];
    flaky: TestVerdict['flaky'];
    alreadyFailing: TestVerdict['alreadyFailing'];
    passed: number;
  };
  const planContext: PlanRunContext = {
    root: context.root,
    baselines: context.baselines,
    lifetime: context.lifetime,
    run: (plan, files, runSignal, options) => {
      const run = runInCopy(context, plan, files, runSignal, false, options?.failingAgain);
      context.onVerdictRun?.(run);
      return run;
    },
  };
  // The baseline is kept only when the changes were made against the disk as it is now.
  const disk =
    request.baselineNotOnDisk || !madeAgainstDisk(context.root, request.changes)
      ? null
      : selection.project;
  // A first stage only where its verdict is shown: it costs its tests a second run.
  if (request.onProgress || request.onFirstStage) {
    const first = await runFirstStages({
      context: planContext,
      plans: selection.plans,
      changes: request.changes,
      disk,
      signal,
    });
    if (first && 'stop' in first)
      return withSelection(notRunVerdict(stopReason(first.stop), Date.now() - started), combined);
    if (first) {
      const verdict: TestVerdict = {
        ...first,
        ...(combined ? { selection: combined } : {}),
        ms: Date.now() - started,
        checkedAt: new Date().toISOString(),
      };
      request.onProgress?.(verdict);
      request.onFirstStage?.(verdict);
    }
  }
  for (const plan of selection.plans) {
    const result = await runPlan(planContext, plan, request.changes, disk, signal);
    if ('stop' in result)
      return withSelection(notRunVerdict(stopReason(result.stop), Date.now() - started), combined);
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
}

/** Whether every change's `before` is the disk's text now (unknown counts as the disk's). */
function madeAgainstDisk(root: string, changes: readonly TestChange[]): boolean {
  return changes.every((c) => {
    if (c.before === undefined) return true;
    let text: string | null;
    try {
      text = readFileSync(path.join(root, ...c.path.split('/')), 'utf8');
    } catch {
      text = null;
    }
    return text === c.before;
  });
}

/** One run of `plan` in a private copy with `files` laid over the project, traced. */
export async function runInCopy(
  context: SelectionRunContext,
  plan: TestPlan,
  files: readonly TestChange[],
  signal: AbortSignal,
  background = false,
  failingAgain = false,
): Promise<CopyRunResult> {
  const modulePath = plan.format === 'go-json' ? goModulePath(context.root) : undefined;
  const result = await runPlanInCopy({
    root: context.root,
    plan,
    files,
    sandbox: context.sandbox ?? detectSandbox(),
    copiesDir: context.copiesDir,
    timeoutMs: context.ceilingMs(),
    signal,
    hidden: context.home ? [context.home] : [],
    ...(modulePath ? { modulePath } : {}),
    ...(context.baseEnv ? { baseEnv: context.baseEnv } : {}),
    ...(context.caches ? { caches: context.caches } : {}),
    failingAgain,
  });
  traceTestRun({
    type: 'run',
    root: context.root,
    background,
    targets: plan.selection.targets,
    end: result.kind,
    ...(result.kind === 'failed' ? { reason: result.reason } : {}),
    ...(result.kind === 'ran' && result.again ? { ranAgain: result.again.length } : {}),
    ms: result.ms,
  });
  return result;
}

/** The plans' selections as one, for the person: commands, labels and targets joined. */
export function combineSelections(plans: readonly TestPlan[]): TestSelection | undefined {
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

/** A verdict with nothing run yet, in `state`. */
export function emptyVerdict(state: TestVerdict['state'], selection?: TestSelection): TestVerdict {
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

/** The verdict names the combined selection, when there is one. */
export function withSelection(verdict: TestVerdict, selection?: TestSelection): TestVerdict {
  return { ...verdict, ...(selection ? { selection } : {}) };
}
