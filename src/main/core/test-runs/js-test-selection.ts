// JavaScript/TypeScript: the test files a change can affect are those that import a changed
// file, directly or through other files (the project's import statements, plus the symbol
// index's importers when given). A change to the runner's config, a setup file, package.json
// or a fixture selects the whole suite. The runner then runs them its own way: vitest
// `related`, jest `--findRelatedTests`, `node --test` on the selected files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { detectJsRunner, type JsRunner } from './js-runner-detection';
import { JS_SOURCE, jsImportGraph } from './js-import-graph';
import { LOAD_FAILURE } from './jest-json-report';
import { dependentsOf, importsOf } from './reverse-closure';
import {
  describeCount,
  importReason,
  regexLiteral,
  shellQuote,
  type PlanNarrowing,
  type LanguageSelection,
  type LanguageSelectionInput,
  type TestPlan,
} from './test-plan';

const TEST_FILE = /(?:\.(?:test|spec)\.[cm]?[jt]sx?$)|(?:(?:^|\/)__tests__\/.+\.[cm]?[jt]sx?$)/u;
const FIXTURE = /(?:^|\/)(?:__fixtures__|fixtures|__mocks__)\//u;
const SNAPSHOT = /(?:^|\/)__snapshots__\/(.+)\.snap$/u;

export function isJsTestFile(file: string): boolean {
  return TEST_FILE.test(file) && !file.includes('node_modules/');
}

/** `commandOverride` replaces `node_modules/.bin/<runner>`. */
export interface JsSelectionInput extends LanguageSelectionInput {
  /** Importers the symbol index knows of (adds edges the import scan cannot resolve). */
  readonly extraImporters?: (file: string) => readonly string[];
}

function handles(file: string, runner: JsRunner): boolean {
  return (
    JS_SOURCE.test(file) ||
    runner.wholeSuiteFiles.has(file) ||
    FIXTURE.test(file) ||
    SNAPSHOT.test(file) ||
    /\.json$/u.test(file)
  );
}

function runnerBase(runner: JsRunner, override: string | undefined): string {
  if (override?.trim()) return override.trim();
  return runner.kind === 'node-test' ? 'node' : `node_modules/.bin/${runner.kind}`;
}

function planFor(
  runner: JsRunner,
  base: string,
  whole: boolean,
  changed: readonly string[],
  tests: readonly string[],
  reason: string,
  graph: Map<string, Set<string>>,
): TestPlan {
  const quoted = (list: readonly string[]): string => list.map(shellQuote).join(' ');
  let command: string;
  let label: string;
  switch (runner.kind) {
    case 'vitest':
      command = whole
        ? `${base} run`
        : `${base} related ${quoted(changed)} --run --passWithNoTests`;
      label = whole ? 'vitest run' : 'vitest related';
      break;
    case 'jest':
      command = whole
        ? `${base} --ci --watchman=false`
        : `${base} --ci --watchman=false --findRelatedTests ${quoted(changed)} --passWithNoTests`;
      label = whole ? 'jest' : 'jest --findRelatedTests';
      break;
    case 'node-test':
      command = whole ? `${base} --test` : `${base} --test ${quoted(tests)}`;
      label = 'node --test';
      break;
  }
  const narrowed = (files: readonly string[], names?: readonly string[]): TestPlan => {
    const pattern = names?.length
      ? ` ${runner.kind === 'node-test' ? '--test-name-pattern' : '-t'} ${shellQuote(`(?:${names.map(regexLiteral).join('|')})$`)}`
      : '';
    const only =
      runner.kind === 'vitest'
        ? `${base} run ${quoted(files)} --passWithNoTests${pattern}`
        : runner.kind === 'jest'
          ? `${base} --ci --watchman=false --runTestsByPath ${quoted(files)} --passWithNoTests${pattern}`
          : `${base} --test${pattern} ${quoted(files)}`;
    return { ...jsPlan(runner, only, label, files, false, reason), narrowing };
  };
  const narrowing: PlanNarrowing = {
    toTargets: (targets) => narrowed(targets),
    toTests: (outcomes) => {
      const files = [...new Set(outcomes.map((o) => o.file))];
      // A file that did not load has no test to name: it runs whole; so do node's tests,
      // whose report names are not the names its pattern matches.
      const whole = runner.kind === 'node-test' || outcomes.some((o) => o.name === LOAD_FAILURE);
      return narrowed(files, whole ? undefined : outcomes.map((o) => o.name));
    },
    targetOf: (o) => (isJsTestFile(o.file) ? o.file : null),
    dependsOn: (target) => importsOf(target, graph),
    isSource: (file) => JS_SOURCE.test(file) && !runner.wholeSuiteFiles.has(file),
  };
  return { ...jsPlan(runner, command, label, tests, whole, reason), narrowing };
}

/** The plan of one command line, with the report options of its runner. */
function jsPlan(
  runner: JsRunner,
  command: string,
  label: string,
  tests: readonly string[],
  whole: boolean,
  reason: string,
): TestPlan {
  const format = runner.kind === 'node-test' ? 'junit-xml' : 'jest-json';
  return {
    selection: { runner: runner.kind, command, label, targets: [...tests], whole, reason },
    format,
    commandWithReport: (report) => {
      const out = shellQuote(report);
      switch (runner.kind) {
        case 'vitest':
          return `${command} --reporter=json --outputFile=${out}`;
        case 'jest':
          return `${command} --json --outputFile=${out}`;
        case 'node-test':
          return command.replace(
            /--test/u,
            `--test --test-reporter=junit --test-reporter-destination=${out}`,
          );
      }
    },
  };
}

/** "2 test files import src/cart.js …", with changed test files named as such. */
function selectionReason(tests: readonly string[], changed: readonly string[]): string {
  const changedTests = tests.filter((t) => changed.includes(t));
  const importing = tests.length - changedTests.length;
  const sources = changed.filter((c) => !isJsTestFile(c));
  const parts = [
    ...(changedTests.length
      ? [
          `${changedTests.length === 1 ? (changedTests[0] ?? '') : describeCount(changedTests.length, 'test file')} changed`,
        ]
      : []),
    ...(importing && sources.length ? [importReason(importing, sources)] : []),
  ];
  return parts.join('; ');
}

function graphOf(input: JsSelectionInput): Map<string, Set<string>> {
  return input.graph ?? jsImportGraph(input.root, input.project.files);
}

export function selectJsTests(input: JsSelectionInput): LanguageSelection {
  const runner = detectJsRunner(input.root);
  if (!runner) return { kind: 'not_mine' };
  const changed = input.changes.map((c) => c.path).filter((p) => handles(p, runner));
  if (!changed.length) return { kind: 'not_mine' };
  if (runner.problem) return { kind: 'not_run', reason: runner.problem };
  if (runner.kind === 'node-test' && !existsSync(process.execPath))
    return { kind: 'not_run', reason: 'no Node.js binary to run node --test with' };
  const base = runnerBase(runner, input.commandOverride);
  const wholeCause = changed.find((p) => runner.wholeSuiteFiles.has(p) || FIXTURE.test(p));
  const allTests = input.project.files.filter(isJsTestFile);
  if (wholeCause) {
    const reason = `${wholeCause} changed (${FIXTURE.test(wholeCause) ? 'a fixture' : `${runner.kind}'s configuration or setup`}): the whole suite, ${describeCount(allTests.length, 'test file')}`;
    return {
      kind: 'plan',
      plan: planFor(runner, base, true, changed, allTests, reason, graphOf(input)),
    };
  }
  const graph = graphOf(input);
  const importersOf = (file: string): string[] => [
    ...(graph.get(file) ?? []),
    ...(input.extraImporters?.(file) ?? []),
  ];
  const sources = changed.filter((p) => JS_SOURCE.test(p));
  const snapshots = changed
    .map((p) => SNAPSHOT.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => path.posix.join(path.posix.dirname(path.posix.dirname(m.input)), m[1] ?? ''));
  const dependents = dependentsOf([...sources, ...snapshots], importersOf);
  const tests = [...dependents].filter(isJsTestFile).sort();
  if (!tests.length)
    return {
      kind: 'none',
      reason: `no test file imports ${changed.length === 1 ? changed[0] : `the ${changed.length} changed files`}`,
    };
  // The runner's own `related` is given the changed files (and snapshots' tests).
  const relatedTo = [...new Set([...sources, ...snapshots.filter((t) => tests.includes(t))])];
  return {
    kind: 'plan',
    plan: planFor(runner, base, false, relatedTo, tests, selectionReason(tests, changed), graph),
  };
}
