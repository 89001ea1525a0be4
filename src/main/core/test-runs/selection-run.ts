// One selection's run (test-run-service.ts queues it): each plan on the proposed text in a
// private copy; only when something failed, the same plan on the disk state (the baseline,
// cached per disk state and command) and a second run on the proposed text, side by side, so
// a failure is newly failing, already failing, or flaky.
import { notRunVerdict, type TestSelection, type TestVerdict } from '../../../shared/test-verdict';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectSandbox } from '../sandbox/sandbox-detect';
import { runPlanInCopy, type CopyRunResult } from './test-copy-run';
import type { TestOutcome } from './test-outcome';
import type { TestChange, TestPlan } from './test-plan';
import { goModulePath, type SelectionResult } from './test-selection';
import { asFailure, compareOutcomes, splitFlaky } from './verdict-comparison';

const BASELINE_CACHE = 32;

export interface SelectionRunContext {
  readonly root: string;
  /** SLUICE_HOME: hidden from the tests. */
  readonly home?: string | undefined;
  readonly sandbox?: SandboxAvailability | undefined;
  readonly baseEnv?: NodeJS.ProcessEnv | undefined;
  readonly copiesDir: string;
  /** Hard ceiling of one runner process, as Settings say now. */
  readonly ceilingMs: () => number;
  /** Baseline outcomes by disk state and command, the oldest dropped first. */
  readonly baselines: Map<string, readonly TestOutcome[]>;
}

/** What a selection's run takes of the request. */
export interface SelectionRunRequest {
  readonly changes: readonly TestChange[];
  /** The baseline is always run and never cached (its texts are not the disk's). */
  readonly baselineNotOnDisk?: boolean;
  readonly onProgress?: (verdict: TestVerdict) => void;
}

type PlanVerdict = Pick<TestVerdict, 'newlyFailing' | 'flaky' | 'alreadyFailing' | 'passed'>;

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
  for (const plan of selection.plans) {
    const stateKey = request.baselineNotOnDisk ? null : selection.project.stateKey;
    const result = await runPlan(context, plan, request.changes, stateKey, signal);
    if ('stop' in result) {
      const reason =
        result.stop.kind === 'cancelled'
          ? 'the test run was cancelled (a newer revision of this change, or the request ended)'
          : result.stop.kind === 'failed'
            ? result.stop.reason
            : 'the test run stopped';
      return withSelection(notRunVerdict(reason, Date.now() - started), combined);
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
}

/** Runs one plan: proposed, then (only when something failed) baseline and a rerun. */
async function runPlan(
  context: SelectionRunContext,
  plan: TestPlan,
  changes: readonly TestChange[],
  stateKey: string | null,
  signal: AbortSignal,
): Promise<{ verdict: PlanVerdict } | { stop: CopyRunResult }> {
  const proposed = await runOnce(context, plan, changes, signal);
  if (proposed.kind !== 'ran') return { stop: proposed };
  const failed = proposed.outcomes.some((o) => o.status === 'failed');
  if (!failed) {
    const passed = proposed.outcomes.filter((o) => o.status === 'passed').length;
    return { verdict: { newlyFailing: [], flaky: [], alreadyFailing: [], passed } };
  }
  // Something failed: the disk state (unless cached) and a second run on the proposed text
  // go side by side (two cores, both at lower priority); the rerun is wasted only when every
  // failure turns out to be already failing.
  const { baselines } = context;
  const cacheKey = stateKey === null ? null : `${stateKey}\0${plan.selection.command}`;
  const cached = cacheKey === null ? undefined : baselines.get(cacheKey);
  const [disk, again] = await Promise.all([
    cached ? null : runOnce(context, plan, asBefore(changes), signal),
    runOnce(context, plan, changes, signal),
  ]);
  if (disk?.kind === 'cancelled') return { stop: disk };
  if (again.kind === 'cancelled') return { stop: again };
  // A baseline that could not run leaves every failure "newly failing" (fails closed).
  const baseline: readonly TestOutcome[] = cached ?? (disk?.kind === 'ran' ? disk.outcomes : []);
  if (!cached && disk?.kind === 'ran' && cacheKey !== null) {
    baselines.set(cacheKey, baseline);
    if (baselines.size > BASELINE_CACHE) baselines.delete(baselines.keys().next().value as string);
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
}

function runOnce(
  context: SelectionRunContext,
  plan: TestPlan,
  files: readonly TestChange[],
  signal: AbortSignal,
): Promise<CopyRunResult> {
  const modulePath = plan.format === 'go-json' ? goModulePath(context.root) : undefined;
  return runPlanInCopy({
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
  });
}

/** The baseline's files: each change's text before it, where known (a new file stays absent). */
function asBefore(changes: readonly TestChange[]): TestChange[] {
  return changes.flatMap((c) =>
    typeof c.before === 'string' ? [{ path: c.path, after: c.before }] : [],
  );
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
