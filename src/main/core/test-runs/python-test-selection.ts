// Python: pytest on the test files that import a changed module, transitively. Importing
// `pkg.mod` runs `pkg/__init__.py` first, so a package's `__init__` (a barrel re-exporting its
// modules) is a dependency of whoever imports anything in the package. A changed
// `conftest.py` selects the tests of its folder and below; a change to pytest's configuration
// (pytest.ini, pyproject.toml, setup.cfg, tox.ini) or the root conftest selects everything.
// Within the selected files, the tests that use the changed names are the plan's first stage
// (python-first-stage.ts): they run, by node id, before the whole plan.
import { spawnSync } from 'node:child_process';
import { forEachPythonImport, pythonModuleFiles } from '../diagnostics/python/importers';
import { grammarFor, prepareGrammarsFor } from '../index/languages/tree-sitter-runtime';
import { pythonFirstStage } from './python-first-stage';
import { addImporter, dependentsOf, importsOf } from './reverse-closure';
import { pytestNodeId } from './pytest-node-id';
import { pytestFailingAgain } from './pytest-run-again';
import { sandboxExecutable } from './sandbox-executable';
import {
  describeCount,
  importReason,
  shellQuote,
  type LanguageSelection,
  type LanguageSelectionInput,
  type TestPlan,
} from './test-plan';

const TEST_FILE = /(?:^|\/)(?:test_[^/]*|[^/]*_test)\.py$/u;
const CONFIG = new Set(['pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini', 'conftest.py']);

export function isPythonTestFile(file: string): boolean {
  return TEST_FILE.test(file);
}

/** Importers of every project .py file, with package `__init__`s as dependencies. */
export function pythonImportGraph(
  root: string,
  files: readonly string[],
): Map<string, Set<string>> {
  const byModule = pythonModuleFiles(files);
  const graph = new Map<string, Set<string>>();
  forEachPythonImport(root, files, (file, name) => {
    const parts = name.split('.');
    // The module itself and every package above it (their __init__ runs first).
    for (let end = parts.length; end > 0; end--) {
      const target = byModule.get(parts.slice(0, end).join('.'));
      if (target) addImporter(graph, target, file);
    }
  });
  return graph;
}

let pytestCache: { python: string } | { problem: string } | undefined;

/** A python3 the sandbox can see that has pytest, probed once per process. */
function findPytest(): { python: string } | { problem: string } {
  if (pytestCache) return pytestCache;
  const python = sandboxExecutable('python3');
  if (!python) pytestCache = { problem: 'no python3 the sandbox can run was found on PATH' };
  else {
    const probe = spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore', timeout: 10_000 });
    pytestCache =
      probe.status === 0
        ? { python }
        : { problem: `pytest is not installed for ${python} (install python3-pytest)` };
  }
  return pytestCache;
}

/** "2 test files import shop/cart.py …", with changed test files named as such. */
function pythonReason(tests: readonly string[], changed: readonly string[]): string {
  const changedTests = tests.filter((t) => changed.includes(t));
  const importing = tests.length - changedTests.length;
  const sources = changed.filter((c) => !isPythonTestFile(c));
  return [
    ...(changedTests.length
      ? [
          `${changedTests.length === 1 ? (changedTests[0] ?? '') : describeCount(changedTests.length, 'test file')} changed`,
        ]
      : []),
    ...(importing && sources.length ? [importReason(importing, sources)] : []),
  ].join('; ');
}

export type PythonSelectionInput = LanguageSelectionInput;

export function selectPythonTests(input: PythonSelectionInput): LanguageSelection {
  const changed = input.changes
    .map((c) => c.path)
    .filter((p) => p.endsWith('.py') || CONFIG.has(p));
  if (!changed.length) return { kind: 'not_mine' };
  const allTests = input.project.files.filter(isPythonTestFile);
  const hasPytestConfig = input.project.files.some((f) => CONFIG.has(f));
  if (!allTests.length && !hasPytestConfig && !changed.some(isPythonTestFile))
    return { kind: 'not_mine' };
  let base = input.commandOverride?.trim();
  if (!base) {
    const pytest = findPytest();
    if ('problem' in pytest) return { kind: 'not_run', reason: pytest.problem };
    base = `${shellQuote(pytest.python)} -m pytest`;
  }
  const wholeCause = changed.find((p) => CONFIG.has(p));
  let tests: string[];
  let reason: string;
  let whole = false;
  if (wholeCause) {
    whole = true;
    tests = allTests;
    reason = `${wholeCause} changed (pytest's configuration or root fixtures): the whole suite, ${describeCount(allTests.length, 'test file')}`;
  } else {
    const graph = input.graph ?? pythonImportGraph(input.root, input.project.files);
    const conftests = changed.filter((p) => p.endsWith('/conftest.py'));
    const folders = conftests.map((p) => p.slice(0, -'conftest.py'.length));
    const dependents = dependentsOf(
      changed.filter((p) => !p.endsWith('/conftest.py')),
      (file) => graph.get(file) ?? [],
    );
    tests = [
      ...new Set([
        ...[...dependents].filter(isPythonTestFile),
        ...allTests.filter((t) => folders.some((f) => t.startsWith(f))),
      ]),
    ].sort();
    if (!tests.length)
      return {
        kind: 'none',
        reason: `no test file imports ${changed.length === 1 ? changed[0] : `the ${changed.length} changed files`}`,
      };
    reason = conftests.length
      ? `${conftests.join(', ')} changed: the ${describeCount(tests.length, 'test file')} beside and below it`
      : pythonReason(tests, changed);
  }
  return { kind: 'plan', plan: pytestPlan(base, tests, whole, reason, input) };
}

/** pytest on `tests` (every test file when `whole`), narrowed by test file or node id. */
function pytestPlan(
  base: string,
  tests: readonly string[],
  whole: boolean,
  reason: string,
  input: PythonSelectionInput,
  nodeIds?: readonly string[],
): TestPlan {
  const options = '-p no:cacheprovider -q';
  const command =
    whole && !nodeIds
      ? `${base} ${options}`
      : `${base} ${options} ${(nodeIds ?? tests).map(shellQuote).join(' ')}`;
  const graph = input.graph ?? pythonImportGraph(input.root, input.project.files);
  const narrow = (targets: readonly string[], ids?: readonly string[]): TestPlan =>
    pytestPlan(base, targets, false, reason, input, ids);
  return {
    selection: { runner: 'pytest', command, label: 'pytest', targets: [...tests], whole, reason },
    format: 'junit-xml',
    commandWithReport: (report) => `${command} --junitxml=${shellQuote(report)}`,
    failingAgain: pytestFailingAgain(command),
    ...(whole || nodeIds
      ? {}
      : {
          firstStage: async () => {
            await prepareGrammarsFor(['first-stage.py']);
            const grammar = grammarFor('python');
            if (typeof grammar === 'string') return null;
            const stage = pythonFirstStage({
              root: input.root,
              changes: input.changes,
              tests,
              files: input.project.files,
              graph,
              grammar,
            });
            return stage.kind === 'stage'
              ? { plan: narrow(tests, stage.nodeIds), names: stage.shown }
              : null;
          },
        }),
    narrowing: {
      toTargets: (targets) => narrow(targets),
      toTests: (outcomes) => {
        const ids = [...new Set(outcomes.map(pytestNodeId))];
        return narrow([...new Set(outcomes.map((o) => o.file))], ids);
      },
      targetOf: (o) => (tests.includes(o.file) ? o.file : null),
      dependsOn: (target) => importsOf(target, graph),
      // conftest.py is read by pytest, not imported: a change to one counts for every test.
      isSource: (file) => file.endsWith('.py') && !CONFIG.has(file.split('/').pop() ?? ''),
    },
  };
}
