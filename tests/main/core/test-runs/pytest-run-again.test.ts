import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { readRunAgain } from '../../../../src/main/core/test-runs/pytest-run-again';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { outcome } from '../../../../src/main/core/test-runs/test-outcome';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';
import { traceLog } from './test-run-trace-log';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const failing = [
  outcome('tests/test_a.py', 'tests.test_a::test_one', 'failed', 'boom'),
  outcome('tests/test_a.py', 'tests.test_a.TestB::test_two', 'failed', 'boom'),
];
const passing = outcome('tests/test_a.py', 'tests.test_a::test_ok', 'passed', '');

describe('readRunAgain', () => {
  it('readRunAgain - gives each failing test the status it had when run again', () => {
    const text = JSON.stringify({
      again: {
        'tests/test_a.py::test_one': 'passed',
        'tests/test_a.py::TestB::test_two': 'failed',
      },
    });
    const again = readRunAgain(text, [...failing, passing]);
    expect(again?.map((o) => [o.name, o.status])).toEqual([
      ['tests.test_a::test_one', 'passed'],
      ['tests.test_a.TestB::test_two', 'failed'],
    ]);
  });

  it('readRunAgain - is unknown when a failing test was not run again, or it skipped them', () => {
    const one = JSON.stringify({ again: { 'tests/test_a.py::test_one': 'failed' } });
    expect(readRunAgain(one, failing)).toBeNull();
    expect(readRunAgain(JSON.stringify({ skipped: '300 failing tests' }), failing)).toBeNull();
    expect(readRunAgain('{"again": ', failing)).toBeNull();
    expect(
      readRunAgain(JSON.stringify({ again: { 'tests/test_a.py::test_one': 'odd' } }), [
        failing[0]!,
      ]),
    ).toBeNull();
  });
});

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

// `test_total` breaks with the change every time; `test_once` fails the first time it runs in
// a process and passes after, with the change only: run again in the same process it passes
// (flaky), run again in a fresh process it would fail again.
const LIB = 'MARK = False\n\ndef total(xs):\n    return sum(xs)\n';
// Fixtures of each scope: the test runs again after they were torn down, with fresh ones.
const TESTS = [
  'import pytest',
  'from shop import lib',
  '',
  '_runs = []',
  '',
  '@pytest.fixture(scope="module")',
  'def numbers():',
  '    return [1, 2]',
  '',
  'def test_total(numbers, tmp_path):',
  '    assert lib.total(numbers) == 3',
  '',
  'def test_once(numbers):',
  '    _runs.append(1)',
  '    assert not (lib.MARK and len(_runs) == 1)',
  '',
  'def test_fine():',
  '    assert True',
  '',
].join('\n');

describe.skipIf(!canRun || !hasPytest)('pytest run again within the run', () => {
  it('verdict - a failure runs again inside the proposed run: no second sandboxed run, flaky told apart', async () => {
    project = tempProject({
      'shop/__init__.py': '',
      'shop/lib.py': LIB,
      'tests/test_lib.py': TESTS,
    });
    const root = project.root;
    const log = traceLog(root);
    const service = createTestRunService({ root, home: project.home });
    try {
      const after = 'MARK = True\n\ndef total(xs):\n    return sum(xs) + 1\n';
      const verdict = await service.verdict({
        changes: [{ path: 'shop/lib.py', before: LIB, after }],
        deadlineMs: 120_000,
      });
      expect(verdict.state).toBe('failed');
      expect(verdict.newlyFailing.map((f) => f.name)).toEqual(['tests/test_lib.py::test_total']);
      expect(verdict.flaky.map((f) => f.name)).toEqual(['tests/test_lib.py::test_once']);
      expect(verdict.passed).toBe(1);
      // The proposed run (which ran its two failures again) and the baseline beside it.
      const verdictRuns = log.runs(false);
      expect(verdictRuns).toHaveLength(2);
      expect(verdictRuns.filter((r) => r.ranAgain === 2)).toHaveLength(1);
    } finally {
      log.stop();
      service.dispose();
    }
  }, 120_000);
});
