import { describe, expect, it } from 'vitest';
import {
  parseGoTestJson,
  PACKAGE_FAILURE,
} from '../../../../src/main/core/test-runs/go-test-report';
import { LOAD_FAILURE, parseJestJson } from '../../../../src/main/core/test-runs/jest-json-report';
import { parseJunitXml } from '../../../../src/main/core/test-runs/junit-report';
import { OUTPUT_LINES } from '../../../../src/main/core/test-runs/test-outcome';

describe('test reports', () => {
  it('parseJestJson - assertions by full name, relative files; a file that failed to load is one failure', () => {
    const report = JSON.stringify({
      testResults: [
        {
          name: '/p/tests/a.test.js',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'a works', status: 'passed', failureMessages: [] },
            {
              fullName: 'a breaks',
              status: 'failed',
              failureMessages: ['Error: boom\n  at a.test.js:3'],
            },
            { fullName: 'a later', status: 'pending', failureMessages: [] },
          ],
        },
        {
          name: '/p/tests/b.test.js',
          status: 'failed',
          message: 'SyntaxError: Unexpected token',
          assertionResults: [],
        },
      ],
    });
    const outcomes = parseJestJson(report, '/p');
    expect(outcomes.map((o) => [o.file, o.name, o.status])).toEqual([
      ['tests/a.test.js', 'a works', 'passed'],
      ['tests/a.test.js', 'a breaks', 'failed'],
      ['tests/a.test.js', 'a later', 'skipped'],
      ['tests/b.test.js', LOAD_FAILURE, 'failed'],
    ]);
    expect(outcomes[1]?.output).toBe('Error: boom\n  at a.test.js:3');
    expect(outcomes[3]?.output).toBe('SyntaxError: Unexpected token');
  });

  it('parseJunitXml - pytest failures, errors and skips; entities unescaped; output bounded', () => {
    const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const xml = `<?xml version="1.0"?><testsuites><testsuite>
<testcase classname="tests.test_cart" name="test_ok" time="0.1" />
<testcase classname="tests.test_cart.TestCart" name="test_bad"><failure message="assert 5 == 6">${long}</failure></testcase>
<testcase classname="" name="tests.test_broken"><error message="collection failure">ImportError: no &quot;x&quot; &amp; &lt;y&gt;</error></testcase>
<testcase classname="tests.test_cart" name="test_skip"><skipped message="later" /></testcase>
</testsuite></testsuites>`;
    const outcomes = parseJunitXml(xml);
    expect(outcomes.map((o) => [o.file, o.name, o.status])).toEqual([
      ['tests/test_cart.py', 'tests.test_cart::test_ok', 'passed'],
      ['tests/test_cart.py', 'tests.test_cart.TestCart::test_bad', 'failed'],
      ['tests.test_broken', 'tests.test_broken', 'failed'],
      ['tests/test_cart.py', 'tests.test_cart::test_skip', 'skipped'],
    ]);
    expect(outcomes[1]?.output.split('\n')).toHaveLength(OUTPUT_LINES + 1);
    expect(outcomes[2]?.output).toContain('ImportError: no "x" & <y>');
    expect(() => parseJunitXml('not xml')).toThrow();
  });

  it('parseGoTestJson - per test with its output; a package that does not build (Go 1.19 plain line) is one failure', () => {
    const lines = [
      { Action: 'run', Package: 'm/a', Test: 'TestA' },
      { Action: 'output', Package: 'm/a', Test: 'TestA', Output: '    a_test.go:5: got 3\n' },
      { Action: 'fail', Package: 'm/a', Test: 'TestA' },
      { Action: 'fail', Package: 'm/a' },
      { Action: 'pass', Package: 'm/b', Test: 'TestB' },
      { Action: 'pass', Package: 'm/b' },
    ].map((e) => JSON.stringify(e));
    const outcomes = parseGoTestJson([...lines, 'FAIL\tm/c [build failed]'].join('\n'), 'm');
    expect(outcomes.map((o) => [o.file, o.name, o.status])).toEqual([
      ['a', 'TestA', 'failed'],
      ['b', 'TestB', 'passed'],
      ['c', PACKAGE_FAILURE, 'failed'],
    ]);
    expect(outcomes[0]?.output).toContain('got 3');
    expect(() => parseGoTestJson('')).toThrow();
  });
});
