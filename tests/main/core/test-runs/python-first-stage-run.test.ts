import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { testVerdictLine } from '../../../../src/shared/test-verdict-text';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, treeHash, type TempProject } from './test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

// `chunked` is what the edit changes. `call` finds functions by name in a module-level
// registry: a test that calls `chunked` through it never names `chunked`, and breaks with it.
const LIB = [
  '_registry = {}',
  '',
  'def register(fn):',
  '    _registry[fn.__name__] = fn',
  '    return fn',
  '',
  '@register',
  'def chunked(items, n):',
  '    return [items[i:i + n] for i in range(0, len(items), n)]',
  '',
  'def call(name, *args):',
  '    return _registry[name](*args)',
  '',
].join('\n');

const TESTS = [
  'from shop import lib',
  '',
  'def test_chunked():',
  '    assert lib.chunked([1, 2, 3], 2) == [[1, 2], [3]]',
  '',
  'def test_call_by_name():',
  '    assert lib.call("chunked", [1, 2], 1) == [[1], [2]]',
  '',
  'def test_sum():',
  '    assert sum([1, 2]) == 3',
  '',
  'def test_len():',
  '    assert len("ab") == 2',
  '',
].join('\n');

const files = {
  'shop/__init__.py': '',
  'shop/lib.py': LIB,
  'tests/test_lib.py': TESTS,
};

interface Staged {
  readonly first: TestVerdict;
  readonly progress: TestVerdict[];
  readonly late: Promise<TestVerdict>;
}

async function stagedVerdict(
  service: ReturnType<typeof createTestRunService>,
  after: string,
): Promise<Staged> {
  const progress: TestVerdict[] = [];
  let resolveLate: (verdict: TestVerdict) => void = () => undefined;
  const late = new Promise<TestVerdict>((resolve) => {
    resolveLate = resolve;
  });
  const first = await service.verdict({
    changes: [{ path: 'shop/lib.py', before: LIB, after }],
    deadlineMs: 120_000,
    answerFirstStage: true,
    onProgress: (verdict) => progress.push(verdict),
    onLateResult: resolveLate,
  });
  return { first, progress, late };
}

describe.skipIf(!canRun || !hasPytest)('tests that reach the change first, with pytest', () => {
  it('test verdict - the test using the changed function runs first; a failure elsewhere in the file completes the verdict', async () => {
    project = tempProject(files);
    const before = treeHash(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    // Ones are no longer split: test_chunked (twos) still passes, test_call_by_name does not.
    const breaking = LIB.replace(
      '    return [items',
      '    if n == 1:\n        return [items]\n    return [items',
    );
    const { first, progress, late } = await stagedVerdict(service, breaking);
    // The first stage: only test_chunked ran, and passed; the rest is said to be running.
    expect(first.state).toBe('running');
    expect(first.passed).toBe(1);
    expect([...first.newlyFailing, ...first.alreadyFailing, ...first.flaky]).toEqual([]);
    // The rest is counted when the baseline, started beside the first stage, came first.
    expect(testVerdictLine(first)).toMatch(
      /^Tests: 1 test that uses `chunked` passed; (?:3 more in|the rest of) the selected test files are running \(pytest, [\d.]+ m?s\)$/u,
    );
    expect(progress.map((v) => v.state)).toEqual(['selecting', 'running', 'running']);
    expect(progress[2]).toEqual(first);
    // The rest: the whole selection, as without a first stage.
    const final = await late;
    expect(final.state).toBe('failed');
    expect(final.newlyFailing.map((f) => f.name)).toEqual(['tests/test_lib.py::test_call_by_name']);
    expect(final.passed).toBe(3);
    expect(final.reason).toBeUndefined();
    // The same change without anyone reading the first stage: the same verdict, in one answer.
    const whole = await service.verdict({
      changes: [{ path: 'shop/lib.py', before: LIB, after: breaking }],
      deadlineMs: 120_000,
    });
    expect(whole.state).toBe('failed');
    expect(whole.newlyFailing.map((f) => f.name)).toEqual(['tests/test_lib.py::test_call_by_name']);
    expect(whole.passed).toBe(3);
    expect(treeHash(project.root)).toBe(before);
  }, 240_000);

  it('test verdict - with the baseline kept, the first stage counts the rest; a benign edit ends with no new failure', async () => {
    project = tempProject(files);
    const service = createTestRunService({
      root: project.root,
      home: project.home,
      baselineDebounceMs: 0,
    });
    service.prepareBaseline();
    await service.baselineSettled();
    const benign = LIB.replace(
      '    return [items[i:i + n] for i in range(0, len(items), n)]',
      '    out = [items[i:i + n] for i in range(0, len(items), n)]\n    return out',
    );
    const { first, late } = await stagedVerdict(service, benign);
    expect(first.state).toBe('running');
    expect(first.reason).toBe(
      '1 test that uses `chunked` passed; 3 more in the selected test files are running',
    );
    const final = await late;
    expect(final.state).toBe('passed');
    expect(final.newlyFailing).toEqual([]);
    expect(final.passed).toBe(4);
    service.dispose();
  }, 240_000);
});
