import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { readGoAgain } from '../../../../src/main/core/test-runs/go-run-again';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { outcome } from '../../../../src/main/core/test-runs/test-outcome';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';
import { traceLog } from './test-run-trace-log';

const canRun = detectSandbox().available && detectCopySupport().available;
const hasGo = sandboxExecutable('go') !== null;

describe('readGoAgain', () => {
  const failing = [
    outcome('.', 'TestA', 'failed', ''),
    outcome('sub/pkg', 'TestB/case_1', 'failed', ''),
    outcome('sub/pkg', 'TestB', 'failed', ''),
  ];

  it('readGoAgain - gives each failing test, subtests too, its status in its package run again', () => {
    const again = readGoAgain(
      [
        'package \n=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\n',
        'package /sub/pkg\n=== RUN   TestB\n    --- FAIL: TestB/case_1 (0.00s)\n--- FAIL: TestB (0.00s)\nFAIL\n',
      ],
      [...failing, outcome('.', 'TestC', 'passed', '')],
    );
    expect(again?.map((o) => [o.file, o.name, o.status])).toEqual([
      ['.', 'TestA', 'passed'],
      ['sub/pkg', 'TestB/case_1', 'failed'],
      ['sub/pkg', 'TestB', 'failed'],
    ]);
  });

  it('readGoAgain - is unknown when a failing test has no answer (its package did not run again)', () => {
    expect(readGoAgain(['package \n--- PASS: TestA (0.00s)\n'], failing)).toBeNull();
    expect(readGoAgain([], failing.slice(0, 1))).toBeNull();
    expect(readGoAgain(['no header\n--- PASS: TestA (0.00s)\n'], failing.slice(0, 1))).toBeNull();
  });
});

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

// TestOnce fails the first time it runs in a copy and passes after (a file it leaves in the
// copy's layer says it ran): run again within the run it passes (flaky); a separate rerun in
// a fresh copy would fail again. TestTable's case breaks with the change every time.
const NUM = 'package num\n\nconst Mark = false\n\nfunc Double(n int) int {\n\treturn n * 2\n}\n';
const TESTS = [
  'package num',
  '',
  'import (',
  '\t"os"',
  '\t"testing"',
  ')',
  '',
  'func TestOnce(t *testing.T) {',
  '\tif _, err := os.Stat("once.marker"); err != nil {',
  '\t\t_ = os.WriteFile("once.marker", []byte("ran"), 0o644)',
  '\t\tif Mark {',
  '\t\t\tt.Fatal("the first run in this copy")',
  '\t\t}',
  '\t}',
  '}',
  '',
  'func TestTable(t *testing.T) {',
  '\tt.Run("two", func(t *testing.T) {',
  '\t\tif Double(2) != 4 {',
  '\t\t\tt.Fatal("Double(2)")',
  '\t\t}',
  '\t})',
  '}',
  '',
  'func TestFine(t *testing.T) {}',
  '',
].join('\n');

describe.skipIf(!canRun || !hasGo)('go test run again within the run', () => {
  it('verdict - go test: a failure runs again inside the proposed run, subtests named, flaky told apart', async () => {
    project = tempProject({
      'go.mod': 'module example.com/num\n\ngo 1.19\n',
      'num.go': NUM,
      'num_test.go': TESTS,
    });
    const log = traceLog(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    try {
      const after = NUM.replace('false', 'true').replace('n * 2', 'n * 3');
      const verdict = await service.verdict({
        changes: [{ path: 'num.go', before: NUM, after }],
        deadlineMs: 180_000,
      });
      expect(verdict.state).toBe('failed');
      expect(verdict.newlyFailing.map((f) => f.name).sort()).toEqual([
        'TestTable',
        'TestTable/two',
      ]);
      expect(verdict.flaky.map((f) => f.name)).toEqual(['TestOnce']);
      // The proposed run (its three failures ran again within it) and the baseline beside it.
      const runs = log.runs(false);
      expect(runs).toHaveLength(2);
      expect(runs.filter((r) => r.ranAgain === 3)).toHaveLength(1);
    } finally {
      log.stop();
      service.dispose();
    }
  }, 180_000);
});
