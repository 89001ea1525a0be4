// The node id pytest runs one test by, from the names its JUnit report gives.
import type { TestOutcome } from './test-outcome';

/**
 * The node id pytest runs one test by, from its JUnit names: `tests/test_a.py::TestX::test_y[1]`
 * from classname `tests.test_a.TestX` and name `test_y[1]`; the file when the names do not
 * tell (a collection error is named after its module).
 */
export function pytestNodeId(o: TestOutcome): string {
  const at = o.name.indexOf('::');
  if (at < 0 || !o.file.endsWith('.py')) return o.file;
  const classname = o.name.slice(0, at);
  const test = o.name.slice(at + 2);
  const module = o.file.slice(0, -'.py'.length).split('/').join('.');
  if (classname === module) return `${o.file}::${test}`;
  if (!classname.startsWith(`${module}.`)) return o.file;
  return [o.file, ...classname.slice(module.length + 1).split('.'), test].join('::');
}
