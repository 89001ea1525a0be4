// The tests of a Python selection that reach the changed names, to run before the rest: in each
// selected test module, the tests whose code (or their module's helpers and fixtures) uses a
// name the change touched (python-changed-names.ts, python-test-units.ts), by the name, a
// module's attribute of that name, or an alias it was imported under. A module read whole (a
// star import, names read dynamically, module code or an autouse fixture using the name, a
// conftest.py above it that imports a changed file) is in the first group whole. No first group
// when the change cannot be put into names, when no test uses them, or when the group would not
// be a small part of the selection (at most half of the tests the modules show): running the
// first group costs its tests a second run, since the whole selection runs after it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadedGrammar } from '../index/languages/tree-sitter-runtime';
import { pythonChangedNames } from '../../../shared/python-changed-names';
import { readTestModule, type TestModule } from './python-test-units';
import { importsOf } from './reverse-closure';
import type { TestChange } from './test-plan';

/** Test modules read at most, and their bytes: past either, no first group. */
export const FIRST_STAGE_MAX_FILES = 200;
export const FIRST_STAGE_MAX_BYTES = 8 * 1024 * 1024;

export interface PythonFirstStageInput {
  readonly root: string;
  readonly changes: readonly TestChange[];
  /** The selected test files, project-relative. */
  readonly tests: readonly string[];
  readonly files: readonly string[];
  readonly graph: Map<string, Set<string>>;
  readonly grammar: LoadedGrammar;
}

export type PythonFirstStage =
  | {
      readonly kind: 'stage';
      /** pytest node ids (`tests/test_a.py::test_x`, `tests/test_b.py` for a module read whole). */
      readonly nodeIds: readonly string[];
      /** The changed names, as a person reads them (`chunked`, `Cart.total`). */
      readonly shown: readonly string[];
      /** Tests the modules show in the first group, and in all (a parametrized test once). */
      readonly first: number;
      readonly all: number;
    }
  | { readonly kind: 'none'; readonly reason: string };

/** The tests of `module` that use a name in `names`: 'module' when every test may. */
export function reachingTests(module: TestModule, names: ReadonlySet<string>): 'module' | string[] {
  if (module.unreadable) return 'module';
  const used = new Set(names);
  for (const [alias, original] of module.aliases) if (names.has(original)) used.add(alias);
  const uses = (set: ReadonlySet<string>): boolean => [...used].some((name) => set.has(name));
  if (uses(module.everyTestUses)) return 'module';
  return module.units.filter((unit) => uses(unit.uses)).map((unit) => unit.id);
}

/** The changed names of every change; a reason when one cannot be put into names. */
function changedNames(
  changes: readonly TestChange[],
): { reaching: Set<string>; shown: string[] } | string {
  const reaching = new Set<string>();
  const shown: string[] = [];
  for (const change of changes) {
    if (!change.path.endsWith('.py') || change.path.split('/').pop() === 'conftest.py')
      return `${change.path} is not a module whose names tests import`;
    if (typeof change.before !== 'string') return `${change.path} is new`;
    const names = pythonChangedNames(change.before, change.after);
    if (!names) return `${change.path} changes outside its functions and classes`;
    for (const name of names.reaching) reaching.add(name);
    shown.push(...names.shown);
  }
  return reaching.size ? { reaching, shown: [...new Set(shown)] } : 'no name changes';
}

/** conftest.py files that apply to `test` (its folder and every folder above). */
function conftestsOf(test: string, files: ReadonlySet<string>): string[] {
  const parts = test.split('/').slice(0, -1);
  const out: string[] = [];
  for (let end = parts.length; end >= 0; end--) {
    const file = [...parts.slice(0, end), 'conftest.py'].join('/');
    if (files.has(file)) out.push(file);
  }
  return out;
}

export function pythonFirstStage(input: PythonFirstStageInput): PythonFirstStage {
  const names = changedNames(input.changes);
  if (typeof names === 'string') return { kind: 'none', reason: names };
  if (input.tests.length > FIRST_STAGE_MAX_FILES)
    return { kind: 'none', reason: `more than ${FIRST_STAGE_MAX_FILES} test files to read` };
  const changed = new Set(input.changes.map((c) => c.path));
  const proposed = new Map(input.changes.map((c) => [c.path, c.after]));
  const files = new Set(input.files);
  const reachingConftest = (test: string): boolean =>
    conftestsOf(test, files).some((c) => importsOf(c, input.graph).some((f) => changed.has(f)));
  const nodeIds: string[] = [];
  let first = 0;
  let all = 0;
  let bytes = 0;
  let whole = 0;
  for (const test of input.tests) {
    let text = proposed.get(test);
    if (text === undefined)
      try {
        text = readFileSync(path.join(input.root, ...test.split('/')), 'utf8');
      } catch {
        return { kind: 'none', reason: `${test} could not be read` };
      }
    bytes += text.length;
    if (bytes > FIRST_STAGE_MAX_BYTES)
      return { kind: 'none', reason: 'the test files are too large to read' };
    const module = readTestModule(input.grammar, text);
    const count = Math.max(1, module.units.length);
    all += count;
    const reached = reachingConftest(test) ? 'module' : reachingTests(module, names.reaching);
    if (reached === 'module') {
      nodeIds.push(test);
      first += count;
      whole += 1;
      continue;
    }
    nodeIds.push(...reached.map((id) => `${test}::${id}`));
    first += reached.length;
  }
  const shown = names.shown;
  if (!nodeIds.length) return { kind: 'none', reason: 'no test uses the changed names' };
  if (whole === input.tests.length)
    return { kind: 'none', reason: 'every selected test module may use the changed names' };
  if (first * 2 > all)
    return { kind: 'none', reason: 'most of the selected tests use the changed names' };
  return { kind: 'stage', nodeIds, shown, first, all };
}
