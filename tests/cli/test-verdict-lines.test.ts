import { describe, expect, it } from 'vitest';
import { renderEvidence } from '../../src/cli/evidence-lines';
import type { ProposalEvidence } from '../../src/shared/diagnostics';
import type { TestVerdict } from '../../src/shared/test-verdict';

const verdict: TestVerdict = {
  state: 'failed',
  selection: {
    runner: 'vitest',
    command: 'node_modules/.bin/vitest related src/cart.ts --run --passWithNoTests',
    label: 'vitest related',
    targets: ['tests/cart.test.ts', 'tests/checkout.test.ts', 'tests/order.test.ts'],
    whole: false,
    reason: '3 test files import src/cart.ts, directly or through other files',
  },
  newlyFailing: [
    {
      name: 'cart totals \u001b[2Jprices',
      file: 'tests/cart.test.ts',
      output: 'AssertionError: expected 6 to be 7\n    at tests/cart.test.ts:4:40',
    },
  ],
  flaky: [{ name: 'sometimes', file: 'tests/order.test.ts', output: 'x' }],
  alreadyFailing: [{ name: 'old bug', file: 'tests/checkout.test.ts', output: 'y' }],
  passed: 14,
  ms: 6200,
  checkedAt: '2026-11-28T07:00:00.000Z',
};

const evidence: ProposalEvidence = {
  state: 'checked',
  ms: 120,
  introduced: [],
  fixed: [],
  languages: [],
  checkedAt: '2026-11-28T07:00:00.000Z',
  baseHashes: {},
  tests: verdict,
};

describe('test verdict on a terminal', () => {
  it('renderEvidence - the tests line, selection, command and each failure with output; escapes made visible', () => {
    const text = renderEvidence(evidence, false);
    expect(text).toContain(
      'Tests: 1 newly failing · 14 pass · 1 already failing · 1 flaky (vitest related, 6.2 s)',
    );
    expect(text).toContain(
      '  Selected: 3 test files import src/cart.ts, directly or through other files',
    );
    expect(text).toContain('  Ran: node_modules/.bin/vitest related src/cart.ts --run');
    expect(text).toContain('      AssertionError: expected 6 to be 7');
    expect(text).toContain('  Already failing on disk: tests/checkout.test.ts: old bug');
    expect(text).toContain(
      '  Flaky (failed, then passed when run again): tests/order.test.ts: sometimes',
    );
    expect(text).not.toContain('\u001b[2J');
  });

  it('renderEvidence - a test run that could not happen says why', () => {
    const text = renderEvidence(
      {
        ...evidence,
        tests: {
          ...verdict,
          state: 'not_run',
          reason: 'no sandbox on this machine',
          newlyFailing: [],
          flaky: [],
          alreadyFailing: [],
        },
      },
      false,
    );
    expect(text).toContain('Tests: not run — no sandbox on this machine');
  });
});
