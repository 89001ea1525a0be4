import { describe, expect, it } from 'vitest';
import {
  changedNamesWords,
  firstStageWords,
} from '../../../../src/main/core/test-runs/first-stage-run';

const failure = { name: 'tests.test_a::test_x', file: 'tests/test_a.py', output: 'boom' };

describe('the words of a first stage', () => {
  it('firstStageWords - what ran, what newly fails, and how much is still running', () => {
    const passed = { newlyFailing: [], flaky: [], alreadyFailing: [], passed: 12 };
    expect(firstStageWords(passed, ['chunked'], 340)).toBe(
      '12 tests that use `chunked` passed; 340 more in the selected test files are running',
    );
    const failing = { ...passed, newlyFailing: [failure], passed: 11 };
    expect(firstStageWords(failing, ['chunked', 'Cart.total'], null)).toBe(
      '1 of 12 tests that use `chunked` or `Cart.total` newly fails; the rest of the selected test files are running',
    );
    const already = { ...passed, alreadyFailing: [failure], passed: 0 };
    expect(firstStageWords(already, ['a'], 0)).toBe(
      '1 test that uses `a` ran with no new failure; 0 more in the selected test files are running',
    );
  });

  it('changedNamesWords - two names said, more counted', () => {
    expect(changedNamesWords(['a', 'b', 'c', 'd'])).toBe('`a`, `b` or 2 more changed names');
    expect(changedNamesWords(['a', 'b', 'c'])).toBe('`a`, `b` or 1 more changed name');
  });
});
