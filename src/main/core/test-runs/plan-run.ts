// One plan's runs for a verdict. The proposed text and the disk state (the baseline) run side
// by side: the baseline of each target comes from the cache when its files are as they were,
// from a run already under way, or from a run started now on the targets still unknown, which
// goes on to fill the cache when the proposed run passes. When tests fail, only those tests run
// once more on the proposed text (a failure that passes then is flaky): within the proposed run
// where the runner can (TestPlan.failingAgain: pytest, go test), else as a rerun beside what is left of the
// baseline; a failing test in a file the baseline did not run has that file run on disk.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestVerdict } from '../../../shared/test-verdict';
import { outcomesByTarget, targetKeys, type BaselineCache } from './baseline-cache';
import type { CopyRunResult } from './test-copy-run';
import type { TestOutcome } from './test-outcome';
import type { TestChange, TestPlan } from './test-plan';
import type { ProjectFiles } from '../workspace/project-files';
import { asFailure, compareOutcomes, splitFlaky } from './verdict-comparison';

export type PlanVerdict = Pick<TestVerdict, 'newlyFailing' | 'flaky' | 'alreadyFailing' | 'passed'>;

export interface PlanRunContext {
  readonly root: string;
  readonly baselines: BaselineCache;
  /** Ends with the service: a baseline that fills the cache outlives the request, not it. */
  readonly lifetime: AbortSignal;
  /**
   * Runs a plan with these files laid over the project; `failingAgain`: its failures run once
   * more within the run where the runner can (the proposed run's flaky check).
   */
  run(
    plan: TestPlan,
    files: readonly TestChange[],
    signal: AbortSignal,
    options?: { readonly failingAgain?: boolean },
  ): Promise<CopyRunResult>;
}

interface DiskOutcomes {
  readonly outcomes: readonly TestOutcome[];
  /** Targets whose tests are all in `outcomes`. */
  readonly covered: ReadonlySet<string>;
}

/**
 * Runs one plan. `disk`: the project's files when the changes' `before` texts are the disk's
 * (the baseline may be kept); null when they are not (it runs whole, with the request).
 */
export async function runPlan(
  context: PlanRunContext,
  plan: TestPlan,
  changes: readonly TestChange[],
  disk: ProjectFiles | null,
  signal: AbortSignal,
): Promise<{ verdict: PlanVerdict } | { stop: CopyRunResult }> {
  const keys = disk ? targetKeys(context.root, disk, plan, context.baselines) : null;
  // A target not on disk yet (a new test file or package) has no baseline: its tests are new.
  const onDiskNow = (target: string): boolean =>
    target.includes('...') || existsSync(path.join(context.root, ...target.split('/')));
  for (const target of keys?.keys() ?? []) if (!onDiskNow(target)) keys?.delete(target);
  // A baseline run for this request alone (not kept) stops when the request no longer needs it.
  const own = new AbortController();
  const stopOwn = (): void => own.abort();
  signal.addEventListener('abort', stopOwn, { once: true });
  try {
    const baseline = diskOutcomes(context, plan, changes, keys, own.signal);
    // A baseline that fails is read when needed; never an unhandled rejection meanwhile.
    baseline.catch(() => undefined);
    const proposed = await context.run(plan, changes, signal, { failingAgain: true });
    if (proposed.kind !== 'ran') return { stop: proposed };
    const failed = proposed.outcomes.filter((o) => o.status === 'failed');
    const passed = proposed.outcomes.filter((o) => o.status === 'passed').length;
    if (!failed.length)
      return { verdict: { newlyFailing: [], flaky: [], alreadyFailing: [], passed } };
    return await compare(context, plan, changes, proposed, baseline, onDiskNow, signal);
  } finally {
    signal.removeEventListener('abort', stopOwn);
    own.abort();
  }
}

/** The verdict of a run with failures: its baseline, a rerun of the failing tests, compared. */
async function compare(
  context: PlanRunContext,
  plan: TestPlan,
  changes: readonly TestChange[],
  proposed: { readonly outcomes: readonly TestOutcome[]; readonly again?: readonly TestOutcome[] },
  baseline: Promise<DiskOutcomes | null | 'cancelled'>,
  onDiskNow: (target: string) => boolean,
  signal: AbortSignal,
): Promise<{ verdict: PlanVerdict } | { stop: CopyRunResult }> {
  const { outcomes, again: ranAgain } = proposed;
  const failed = outcomes.filter((o) => o.status === 'failed');
  const rerunPlan = plan.narrowing?.toTests(failed) ?? plan;
  // The failures ran again within the proposed run where the runner could; else a rerun.
  const [onDisk, again] = await Promise.all([
    baseline,
    ranAgain
      ? ({ kind: 'ran', outcomes: ranAgain, ms: 0 } as const)
      : context.run(rerunPlan, changes, signal),
  ]);
  if (onDisk === 'cancelled') return { stop: { kind: 'cancelled', ms: 0 } };
  if (again.kind === 'cancelled') return { stop: again };
  // A baseline that could not run leaves every failure "newly failing" (fails closed).
  let before: readonly TestOutcome[] = onDisk?.outcomes ?? [];
  if (onDisk && plan.narrowing) {
    // A failing test in a file the baseline did not run (the runner found more than the
    // selection named): that file on disk.
    const known = new Set(before.map((o) => o.id));
    const files = [
      ...new Set(
        failed
          .filter((o) => !known.has(o.id))
          .map((o) => plan.narrowing?.targetOf(o) ?? o.file)
          .filter((target) => !onDisk.covered.has(target) && onDiskNow(target)),
      ),
    ];
    if (files.length) {
      const extra = await context.run(plan.narrowing.toTargets(files), asBefore(changes), signal);
      if (extra.kind === 'cancelled') return { stop: extra };
      if (extra.kind === 'ran') before = [...before, ...extra.outcomes];
    }
  }
  const lists = compareOutcomes(before, outcomes);
  const { failing, flaky } = splitFlaky(
    lists.newlyFailing,
    again.kind === 'ran' ? again.outcomes : null,
  );
  return {
    verdict: {
      newlyFailing: failing.map(asFailure),
      flaky: flaky.map(asFailure),
      alreadyFailing: lists.alreadyFailing.map(asFailure),
      passed: lists.passed,
    },
  };
}

/** The selected tests on disk: kept, awaited, or run now (null: the baseline did not run). */
async function diskOutcomes(
  context: PlanRunContext,
  plan: TestPlan,
  changes: readonly TestChange[],
  keys: Map<string, string> | null,
  signal: AbortSignal,
): Promise<DiskOutcomes | null | 'cancelled'> {
  if (!keys) {
    const run = await context.run(plan, asBefore(changes), signal);
    if (run.kind === 'cancelled') return 'cancelled';
    return run.kind === 'ran'
      ? { outcomes: run.outcomes, covered: new Set(plan.selection.targets) }
      : null;
  }
  const outcomes: TestOutcome[] = [];
  const covered = new Set<string>();
  const missing: string[] = [];
  const waits: Promise<void>[] = [];
  for (const [target, key] of keys) {
    const known = context.baselines.get(key);
    if (known === undefined) missing.push(target);
    else if (Array.isArray(known)) {
      outcomes.push(...(known as readonly TestOutcome[]));
      covered.add(target);
    } else
      waits.push(
        (known as Promise<readonly TestOutcome[] | null>).then((list) => {
          if (!list) return;
          outcomes.push(...list);
          covered.add(target);
        }),
      );
  }
  let ran: Promise<CopyRunResult> | null = null;
  if (missing.length && plan.narrowing) {
    const narrowed = plan.narrowing.toTargets(missing);
    // On the service's lifetime: a cancelled request leaves the baseline to finish for later.
    ran = context.run(narrowed, asBefore(changes), context.lifetime);
    const byTarget = ran.then((r) =>
      r.kind === 'ran' ? outcomesByTarget(plan, missing, r.outcomes) : null,
    );
    for (const target of missing) {
      const key = keys.get(target) as string;
      context.baselines.pending(
        key,
        byTarget.then((m) => m?.get(target) ?? null),
      );
    }
  }
  await Promise.all(waits);
  if (ran) {
    const result = await ran;
    if (result.kind === 'ran') {
      outcomes.push(...result.outcomes);
      for (const target of missing) covered.add(target);
    } else if (signal.aborted) return 'cancelled';
  }
  return { outcomes, covered };
}

/** The baseline's files: each change's text before it, where known (a new file stays absent). */
export function asBefore(changes: readonly TestChange[]): TestChange[] {
  return changes.flatMap((c) =>
    typeof c.before === 'string' ? [{ path: c.path, after: c.before }] : [],
  );
}
