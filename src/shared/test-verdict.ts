// Tests before approval: the tests a proposed change can affect, run on the
// proposed text in a private copy and compared with the same tests on the disk state. The
// verdict crosses the contract (review modal, inbox), the CLI's `--json` output and the
// change-set store, so it is a zod schema.
import { z } from 'zod';

export const testRunnerKindSchema = z.enum(['vitest', 'jest', 'node-test', 'pytest', 'go']);
export type TestRunnerKind = z.infer<typeof testRunnerKindSchema>;

/** One test whose outcome matters to the person: its name, file and first lines of output. */
export const testFailureSchema = z.object({
  /** The runner's full name: "cart > adds two", "tests/test_cart.py::test_add", "TestAdd". */
  name: z.string(),
  /** Project-relative file (or Go package) the test lives in. */
  file: z.string(),
  /** The first lines of the failure's output (at most 20 lines, 2,000 characters). */
  output: z.string(),
});
export type TestFailure = z.infer<typeof testFailureSchema>;

export const testVerdictStateSchema = z.enum([
  'selecting',
  'running',
  'passed',
  'failed',
  'not_run',
  'timed_out',
]);
export type TestVerdictState = z.infer<typeof testVerdictStateSchema>;

export const testSelectionSchema = z.object({
  runner: testRunnerKindSchema,
  /** The command line as run in the copy (without the result-file options Sluice adds). */
  command: z.string(),
  /** Short label for the line: "vitest related", "pytest", "go test". */
  label: z.string(),
  /** The test files (or Go packages) selected; empty with `whole` when the runner picks. */
  targets: z.array(z.string()),
  /** The whole suite: a change to the runner's config, setup files or fixtures. */
  whole: z.boolean(),
  /** Why these: "3 test files import src/cart.ts", "vitest.config.ts changed: the whole suite". */
  reason: z.string(),
});
export type TestSelection = z.infer<typeof testSelectionSchema>;

export const testVerdictSchema = z.object({
  /**
   * `passed`: no test the change affects fails where it passed on disk; `failed`: at least
   * one newly failing test; `not_run` with `reason`; `timed_out`: past the live deadline (the
   * run goes on and its result follows); `selecting`/`running` while it works (`running` with a
   * `reason` and counts: the tests that reach the change ran first, the rest is running).
   */
  state: testVerdictStateSchema,
  /** Why not run / what timed out, for a person: "no test runner found". */
  reason: z.string().optional(),
  selection: testSelectionSchema.optional(),
  /** Pass on disk (or new), fail with the change, and fail again when run once more. */
  newlyFailing: z.array(testFailureSchema),
  /** Failed with the change, passed when run once more. */
  flaky: z.array(testFailureSchema),
  /** Fail on disk as well: not this change's fault. */
  alreadyFailing: z.array(testFailureSchema),
  /** Tests that passed with the change. */
  passed: z.number(),
  /** Wall time of the whole verdict (baseline included when it was not cached), in ms. */
  ms: z.number(),
  checkedAt: z.string(),
});
export type TestVerdict = z.infer<typeof testVerdictSchema>;

export function notRunVerdict(reason: string, ms = 0): TestVerdict {
  return {
    state: 'not_run',
    reason,
    newlyFailing: [],
    flaky: [],
    alreadyFailing: [],
    passed: 0,
    ms,
    checkedAt: new Date().toISOString(),
  };
}
