// The verdict's lists from three runs: the selection on disk (baseline), on the proposed text,
// and once more on the proposed text for the tests that newly failed. A test failing on disk
// too is "already failing"; one that newly fails and passes when run again is "flaky"; the
// rest are "newly failing" (a test the change adds and that fails counts as newly failing).
import type { TestFailure } from '../../../shared/test-verdict';
import type { TestOutcome } from './test-outcome';
import { pytestNodeId } from './pytest-node-id';

export interface OutcomeLists {
  readonly newlyFailing: TestOutcome[];
  readonly alreadyFailing: TestOutcome[];
  readonly passed: number;
}

export function compareOutcomes(
  baseline: readonly TestOutcome[],
  proposed: readonly TestOutcome[],
): OutcomeLists {
  const before = new Map(baseline.map((o) => [o.id, o.status]));
  const newlyFailing: TestOutcome[] = [];
  const alreadyFailing: TestOutcome[] = [];
  let passed = 0;
  for (const o of proposed) {
    if (o.status === 'passed') passed++;
    if (o.status !== 'failed') continue;
    if (before.get(o.id) === 'failed') alreadyFailing.push(o);
    else newlyFailing.push(o);
  }
  return { newlyFailing, alreadyFailing, passed };
}

/** Splits the newly failing ones by the rerun: still failing (or missing) vs passing (flaky). */
export function splitFlaky(
  newlyFailing: readonly TestOutcome[],
  rerun: readonly TestOutcome[] | null,
): { failing: TestOutcome[]; flaky: TestOutcome[] } {
  if (!rerun) return { failing: [...newlyFailing], flaky: [] };
  const again = new Map(rerun.map((o) => [o.id, o.status]));
  const failing: TestOutcome[] = [];
  const flaky: TestOutcome[] = [];
  for (const o of newlyFailing) (again.get(o.id) === 'passed' ? flaky : failing).push(o);
  return { failing, flaky };
}

/**
 * A failure as the person and the model read it. A pytest test is named by its node id
 * (`tests/test_cart.py::TestCart::test_total`, what `pytest` itself prints and runs by), not
 * by the JUnit names it was matched by (`tests.test_cart.TestCart::test_total`).
 */
export function asFailure(o: TestOutcome): TestFailure {
  return { name: shownName(o), file: o.file, output: o.output };
}

function shownName(o: TestOutcome): string {
  if (!o.file.endsWith('.py') || !o.name.includes('::')) return o.name;
  const nodeId = pytestNodeId(o);
  return nodeId === o.file ? o.name : nodeId;
}
