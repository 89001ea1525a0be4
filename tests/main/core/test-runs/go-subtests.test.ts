import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { parseGoTestJson } from '../../../../src/main/core/test-runs/go-test-report';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const hasGo = sandboxExecutable('go') !== null;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

const event = (action: string, test?: string, output?: string): string =>
  JSON.stringify({
    Action: action,
    Package: 'example.com/num',
    ...(test ? { Test: test } : {}),
    ...(output ? { Output: output } : {}),
  });

describe('go subtests', () => {
  it('parseGoTestJson - a fuzz seed and a t.Run case are reported one by one, beside their parent', () => {
    const text = [
      event('run', 'FuzzComma'),
      event('run', 'FuzzComma/seed#0'),
      event('run', 'FuzzComma/seed#1'),
      event('pass', 'FuzzComma/seed#0'),
      event('output', 'FuzzComma/seed#1', '    num_test.go:9: comma(-5) = "x"\n'),
      event('fail', 'FuzzComma/seed#1'),
      event('fail', 'FuzzComma'),
      event('run', 'TestTable/pos'),
      event('pass', 'TestTable/pos'),
      event('pass', 'TestTable'),
      event('fail'),
    ].join('\n');
    const outcomes = parseGoTestJson(text, 'example.com/num');
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ['FuzzComma/seed#0', 'passed'],
      ['FuzzComma/seed#1', 'failed'],
      ['FuzzComma', 'failed'],
      ['TestTable/pos', 'passed'],
      ['TestTable', 'passed'],
    ]);
    expect(outcomes[1]?.output).toMatch(/comma\(-5\)/u);
    expect(outcomes[2]?.output).toMatch(/^failing subtests: FuzzComma\/seed#1$/mu);
    expect(outcomes[4]?.output).toBe('');
    expect(outcomes.every((o) => o.file === '.')).toBe(true);
  });

  it.skipIf(!canRun || !hasGo)(
    'test verdict - go test: each newly failing seed and case is named, and the rerun of their tests finds them again',
    async () => {
      const NUM = 'package num\n\nfunc Comma(n int) string {\n\treturn "x"\n}\n';
      project = tempProject({
        'go.mod': 'module example.com/num\n\ngo 1.19\n',
        'num.go': NUM,
        'num_test.go': [
          'package num',
          '',
          'import "testing"',
          '',
          'func FuzzComma(f *testing.F) {',
          '\tf.Add(1)',
          '\tf.Add(-5)',
          '\tf.Fuzz(func(t *testing.T, n int) {',
          '\t\tif Comma(n) != "x" {',
          '\t\t\tt.Fatalf("Comma(%d) = %q", n, Comma(n))',
          '\t\t}',
          '\t})',
          '}',
          '',
          'func TestTable(t *testing.T) {',
          '\tfor _, c := range []struct {',
          '\t\tname string',
          '\t\tn    int',
          '\t}{{"pos", 1}, {"neg", -1}} {',
          '\t\tt.Run(c.name, func(t *testing.T) {',
          '\t\t\tif Comma(c.n) != "x" {',
          '\t\t\t\tt.Errorf("Comma(%d) = %q", c.n, Comma(c.n))',
          '\t\t\t}',
          '\t\t})',
          '\t}',
          '}',
          '',
        ].join('\n'),
      });
      const service = createTestRunService({ root: project.root, home: project.home });
      const verdict = await service.verdict({
        changes: [
          {
            path: 'num.go',
            before: NUM,
            after: NUM.replace('return "x"', 'if n < 0 {\n\t\treturn "-"\n\t}\n\treturn "x"'),
          },
        ],
        deadlineMs: 240_000,
      });
      service.dispose();
      expect(verdict.state).toBe('failed');
      expect(verdict.newlyFailing.map((f) => f.name).sort()).toEqual([
        'FuzzComma',
        'FuzzComma/seed#1',
        'TestTable',
        'TestTable/neg',
      ]);
      expect(verdict.newlyFailing.find((f) => f.name === 'FuzzComma/seed#1')?.output).toMatch(
        /Comma\(-5\) = "-"/u,
      );
      expect(verdict.flaky).toEqual([]);
      // seed#0 and pos pass.
      expect(verdict.passed).toBe(2);
    },
    300_000,
  );
});
