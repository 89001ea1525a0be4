// What a language's selection hands to the run: which tests, the command that runs them with
// a machine-readable report, and how to read that report. Pure data; the run happens in
// test-copy-run.ts.
import type { TestRunnerKind, TestSelection } from '../../../shared/test-verdict';
import type { ProjectFiles } from '../workspace/project-files';
import type { TestOutcome } from './test-outcome';

/** A changed file as the proposal has it (the proposed text). */
export interface TestChange {
  /** Project-relative, forward slashes. */
  readonly path: string;
  readonly after: string;
  /**
   * The text the change was made against (null: the file did not exist; absent: unknown).
   * The baseline lays it over its copy, so a baseline that runs after the change was written
   * (the person approved before the tests finished) still compares with the disk as it was.
   */
  readonly before?: string | null;
}

export type ReportFormat = 'jest-json' | 'junit-xml' | 'go-json';

export interface TestPlan {
  readonly selection: TestSelection;
  readonly format: ReportFormat;
  /**
   * The command line run in the copy's project folder, writing its report to `reportPath`
   * (project-relative, a folder Sluice makes in the copy's own layer).
   */
  commandWithReport(reportPath: string): string;
  /** How the plan runs on part of its targets or tests; absent: only whole. */
  readonly narrowing?: PlanNarrowing;
  /**
   * The tests that reach the changed names, to run and show before the whole plan runs; null
   * when there is no such first group (absent: the language has none).
   */
  readonly firstStage?: () => Promise<FirstStage | null>;
  /** How the runner runs its failures once more within the same run, where it can. */
  readonly failingAgain?: FailingAgain;
}

/** A failure's flaky check inside the run: what turns it on and how its answer is read. */
export interface FailingAgain {
  /** Files laid in the report folder before the run, by name (readable and executable). */
  readonly files: Readonly<Record<string, string>>;
  /**
   * The plan's command with its report, turned on, and the environment it needs; null when it
   * cannot be turned on here. `where`: the report folder and the project's folder as the run
   * sees them.
   */
  commandWithReport(
    report: string,
    where: { readonly runDir: string; readonly root: string },
  ): { command: string; env: Record<string, string> } | null;
  /** The run's failing outcomes as they ran again, from the report folder on the host;
   * null when not known (the rerun runs). */
  read(hostDir: string, outcomes: readonly TestOutcome[]): TestOutcome[] | null;
}

/** A first group of a plan's tests: those that reach the change, by the names they use. */
export interface FirstStage {
  /** The same runner on the first group's tests, over the plan's targets. */
  readonly plan: TestPlan;
  /** The changed names the group's tests use, as a person reads them: `chunked`, `Cart.total`. */
  readonly names: readonly string[];
}

/**
 * What lets a plan run on less than all of it, and its baseline be kept per target: the same
 * runner on some targets (tests not yet known on disk), on some tests (a failure's rerun),
 * and what each target depends on.
 */
export interface PlanNarrowing {
  /** The same runner on these targets only (a subset of the selection's). */
  toTargets(targets: readonly string[]): TestPlan;
  /** The same runner on these tests only (with what it must run beside them), or null. */
  toTests(tests: readonly TestOutcome[]): TestPlan | null;
  /** The target a test's outcome belongs to, or null when it cannot be told. */
  targetOf(outcome: TestOutcome): string | null;
  /** The project files a target imports, itself included, transitively. */
  dependsOn(target: string): readonly string[];
  /** Files whose imports dependsOn follows; every other file counts for every target. */
  isSource(file: string): boolean;
}

/** A regular expression matching exactly `text`. */
export function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** What a language's selection is given for one change. */
export interface LanguageSelectionInput {
  readonly root: string;
  readonly changes: readonly TestChange[];
  readonly project: ProjectFiles;
  /** The person's command for the runner (Settings), replacing the one found. */
  readonly commandOverride?: string;
  /** The reverse import graph, when the caller cached it for this disk state. */
  readonly graph?: Map<string, Set<string>>;
}

/** What a language answers for one change. */
export type LanguageSelection =
  | { readonly kind: 'plan'; readonly plan: TestPlan }
  /** A runner exists, but no test can be affected by these files. */
  | { readonly kind: 'none'; readonly reason: string }
  /** Tests could be affected but cannot run here: no runner, needs the network, … */
  | { readonly kind: 'not_run'; readonly reason: string }
  /** The change has no file this language handles. */
  | { readonly kind: 'not_mine' };

/** Single-quotes one shell word (paths come from the project: never interpolated bare). */
export function shellQuote(word: string): string {
  return /^[\w./@%+=:,-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function describeCount(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "3 test files import src/cart.ts" / "… import src/cart.ts and 2 more changed files". */
export function importReason(
  testCount: number,
  changed: readonly string[],
  noun = 'test file',
): string {
  const first = changed[0] ?? 'the changed files';
  const rest =
    changed.length > 1 ? ` (and ${describeCount(changed.length - 1, 'more changed file')})` : '';
  return `${describeCount(testCount, noun)} ${testCount === 1 ? 'imports' : 'import'} ${first}${rest}, directly or through other files`;
}

export type { TestRunnerKind };
