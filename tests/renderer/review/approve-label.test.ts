import { describe, expect, it } from 'vitest';
import {
  approveLabel,
  type ApproveLabelInput,
} from '../../../src/renderer/src/review/approve-label';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../src/shared/test-verdict';
import { diagnostic, evidence } from '../support/evidence';

/** Two of three whole hunks ticked. */
const twoOfThree = { hunks: 3, wholeHunks: 2, partialHunks: 0, changedLines: 6, keptLines: 4 };

function label(found: ProposalEvidence | null, extra: Partial<ApproveLabelInput> = {}): string {
  return approveLabel({
    perHunk: true,
    count: twoOfThree,
    evidence: found,
    pending: false,
    ...extra,
  });
}

function tests(overrides: Partial<TestVerdict>): TestVerdict {
  return {
    state: 'failed',
    newlyFailing: [
      { name: 'cart totals', file: 'tests/cart.test.ts', output: 'expected 6 to be 7' },
      { name: 'checkout', file: 'tests/checkout.test.ts', output: 'expected 3 to be 10' },
    ],
    flaky: [],
    alreadyFailing: [],
    passed: 4,
    ms: 900,
    checkedAt: '2026-11-26T12:00:00.000Z',
    ...overrides,
  };
}

describe('approveLabel', () => {
  it('checked - says what it writes and what was found, nothing more', () => {
    expect(label(evidence())).toBe('Approve 2 of 3 hunks');
    expect(label(evidence({ introduced: [diagnostic()] }))).toBe(
      'Approve 2 of 3 hunks with 1 error',
    );
  });

  it('errors not checked - says so instead of reading as clean', () => {
    expect(label(evidence({ state: 'not_checked', reason: 'no tsconfig' }))).toBe(
      'Approve 2 of 3 hunks (errors not checked)',
    );
    expect(label(evidence({ state: 'not_checked' }), { edited: true })).toBe(
      'Approve my version (errors not checked)',
    );
  });

  it('errors check timed out - says so, after what it found before the deadline', () => {
    expect(label(evidence({ state: 'timed_out' }))).toBe(
      'Approve 2 of 3 hunks (errors check timed out)',
    );
    expect(label(evidence({ state: 'timed_out', introduced: [diagnostic()] }))).toBe(
      'Approve 2 of 3 hunks with 1 error (errors check timed out)',
    );
  });

  it('still checking - says so, with or without something found so far', () => {
    expect(label(evidence({ state: 'checking' }), { pending: true })).toBe(
      'Approve 2 of 3 hunks (still checking)',
    );
    expect(label(evidence({ state: 'checking', introduced: [diagnostic()] }))).toBe(
      'Approve 2 of 3 hunks with 1 error (still checking)',
    );
    expect(label(null, { pending: true, edited: true })).toBe(
      'Approve my version (still checking)',
    );
  });

  it('the check could not run - says not checked', () => {
    expect(label(null, { failed: true })).toBe('Approve 2 of 3 hunks (not checked)');
    expect(label(null, { failed: true, edited: true })).toBe('Approve my version (not checked)');
  });

  it('failing tests whose run did not finish - the label says so beside them', () => {
    expect(label(evidence({ tests: tests({ state: 'running' }) }), { pending: true })).toBe(
      'Approve 2 of 3 hunks with 2 failing tests (tests still running)',
    );
    expect(label(evidence({ tests: tests({ state: 'timed_out' }) }), { pending: true })).toBe(
      'Approve 2 of 3 hunks with 2 failing tests (tests timed out)',
    );
    expect(
      label(evidence({ state: 'not_checked', tests: tests({ state: 'timed_out' }) }), {
        pending: true,
      }),
    ).toBe('Approve 2 of 3 hunks with 2 failing tests (errors not checked, tests timed out)');
  });

  it('tests still running with nothing found - still checking, never clean', () => {
    const running = tests({ state: 'running', newlyFailing: [] });
    expect(label(evidence({ tests: running }), { pending: true })).toBe(
      'Approve 2 of 3 hunks (still checking)',
    );
  });

  it('nothing checks the project - no evidence and nothing running claims nothing', () => {
    expect(label(null)).toBe('Approve 2 of 3 hunks');
  });

  it('no hunk ticked - says so, without the proposal findings it would not write', () => {
    const none = { ...twoOfThree, wholeHunks: 0, keptLines: 0 };
    expect(label(evidence({ introduced: [diagnostic()] }), { count: none })).toBe(
      'Approve (no hunk ticked)',
    );
  });
});
