// The first stage of a selection's run: the tests that reach the changed names (a plan's
// `firstStage`), run and compared with their baseline as any plan is (plan-run.ts), before the
// whole selection runs. Its verdict is a `running` one whose reason says what ran and that the
// rest is running: "12 tests that use `chunked` passed; 340 more in the selected test files are
// running". The whole selection then runs as it would without a first stage, the first group's
// tests included, so the final verdict is exactly the one running every selected test gives; the
// first stage's baseline is kept per target for it. A first stage that cannot be found, cannot
// run or runs no test is left out.
import type { TestVerdict } from '../../../shared/test-verdict';
import { targetKeys } from './baseline-cache';
import { runPlan, type PlanRunContext, type PlanVerdict } from './plan-run';
import type { CopyRunResult } from './test-copy-run';
import type { TestChange, TestPlan } from './test-plan';
import type { ProjectFiles } from '../workspace/project-files';

/** "`chunked`", "`chunked` or `sliced`", "`a`, `b` or 3 more changed names". */
export function changedNamesWords(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  if (quoted.length <= 2) return quoted.join(' or ');
  const rest = quoted.length - 2;
  return `${quoted.slice(0, 2).join(', ')} or ${rest} more changed name${rest === 1 ? '' : 's'}`;
}

/**
 * The reason of a first stage's verdict: what ran, what it found, and what is still running
 * (`more`: how many of the selected tests, when their baseline tells; null when not known).
 */
export function firstStageWords(
  verdict: PlanVerdict,
  names: readonly string[],
  more: number | null,
): string {
  const failing = verdict.newlyFailing.length;
  const ran = verdict.passed + failing + verdict.flaky.length + verdict.alreadyFailing.length;
  const use = ran === 1 ? 'uses' : 'use';
  const tests = `${ran === 1 ? 'test' : 'tests'} that ${use} ${changedNamesWords(names)}`;
  const found = failing
    ? `${failing} of ${ran} ${tests} newly ${failing === 1 ? 'fails' : 'fail'}`
    : `${ran} ${tests} ${ran === verdict.passed ? 'passed' : 'ran with no new failure'}`;
  const rest =
    more === null
      ? 'the rest of the selected test files are running'
      : `${more} more in the selected test files are running`;
  return `${found}; ${rest}`;
}

export interface FirstStageRun {
  readonly context: PlanRunContext;
  readonly plans: readonly TestPlan[];
  readonly changes: readonly TestChange[];
  readonly disk: ProjectFiles | null;
  readonly signal: AbortSignal;
}

/** How many tests the selection has besides those run, by its kept baseline; null if unknown. */
function testsBeside(run: FirstStageRun, plan: TestPlan, ran: number): number | null {
  if (!run.disk) return null;
  const keys = targetKeys(run.context.root, run.disk, plan, run.context.baselines);
  if (!keys) return null;
  let total = 0;
  for (const key of keys.values()) {
    const known = run.context.baselines.get(key);
    if (!Array.isArray(known)) return null;
    total += known.length;
  }
  return Math.max(0, total - ran);
}

/**
 * Every plan's first stage, run one after another; the verdict of those that ran (null when
 * none did), or the stop of a cancelled one.
 */
export async function runFirstStages(
  run: FirstStageRun,
): Promise<Omit<TestVerdict, 'ms' | 'checkedAt'> | { stop: CopyRunResult } | null> {
  const total: PlanVerdict = {
    newlyFailing: [],
    flaky: [],
    alreadyFailing: [],
    passed: 0,
  };
  const names: string[] = [];
  let more: number | null = 0;
  let staged = 0;
  for (const plan of run.plans) {
    // A first stage is extra: one that cannot be found leaves the run as it was.
    const stage = await plan.firstStage?.().catch(() => null);
    if (run.signal.aborted) return { stop: { kind: 'cancelled', ms: 0 } };
    if (!stage) {
      more = null;
      continue;
    }
    const result = await runPlan(run.context, stage.plan, run.changes, run.disk, run.signal);
    if ('stop' in result) {
      if (result.stop.kind === 'cancelled') return result;
      more = null;
      continue;
    }
    const v = result.verdict;
    const ran = v.passed + v.newlyFailing.length + v.flaky.length + v.alreadyFailing.length;
    // The runner found none of the node ids (a configuration that names tests otherwise).
    if (!ran) {
      more = null;
      continue;
    }
    staged += 1;
    total.newlyFailing.push(...v.newlyFailing);
    total.flaky.push(...v.flaky);
    total.alreadyFailing.push(...v.alreadyFailing);
    total.passed += v.passed;
    names.push(...stage.names);
    const beside = testsBeside(run, plan, ran);
    more = more === null || beside === null ? null : more + beside;
  }
  if (!staged) return null;
  return {
    state: 'running',
    reason: firstStageWords(total, [...new Set(names)], more),
    ...total,
  };
}
