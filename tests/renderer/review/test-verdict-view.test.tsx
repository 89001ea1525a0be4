import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../src/shared/test-verdict';
import { editRequest, ev } from '../support/agent-events';
import { evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function verdict(overrides: Partial<TestVerdict> = {}): TestVerdict {
  return {
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
        name: 'cart totals',
        file: 'tests/cart.test.ts',
        output: 'AssertionError: expected 6 to be 7\n  at tests/cart.test.ts:4:40',
      },
      {
        name: 'checkout owes the total',
        file: 'tests/checkout.test.ts',
        output: 'expected 3 to be 10',
      },
    ],
    flaky: [],
    alreadyFailing: [
      { name: 'old bug', file: 'tests/order.test.ts', output: 'expected 1 to be 2' },
    ],
    passed: 14,
    ms: 6200,
    checkedAt: '2026-11-28T07:00:00.000Z',
    ...overrides,
  };
}

function openReview(found: ProposalEvidence) {
  const fake = createFakeSluice();
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(editRequest({ evidence: found })));
  return fake;
}

describe('the review modal with a test verdict', () => {
  it('tests - the modal shows the line, the selection, each failure with its output; axe finds nothing', async () => {
    openReview(evidence({ tests: verdict() }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('test-verdict-line')).toHaveTextContent(
      'Tests: 2 newly failing · 14 pass · 1 already failing (vitest related, 6.2 s)',
    );
    // The line is inside the panel's polite live region, so its change is heard.
    expect(within(dialog).getByRole('status')).toContainElement(
      within(dialog).getByTestId('test-verdict-line'),
    );
    expect(within(dialog).getByTestId('test-selection')).toHaveTextContent(
      '3 test files import src/cart.ts, directly or through other files · node_modules/.bin/vitest related src/cart.ts',
    );
    const failing = within(dialog).getByRole('list', { name: 'Tests this change breaks' });
    const items = within(failing).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^failing tests\/cart\.test\.ts: cart totals/u);
    expect(items[0]).toHaveTextContent('AssertionError: expected 6 to be 7');
    expect(within(dialog).getByTestId('test-already-failing')).toHaveTextContent(
      'Already failing on disk (1)',
    );
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('tests - still running at the deadline, then the late result replaces it without closing the modal', async () => {
    const fake = openReview(
      evidence({
        tests: verdict({
          state: 'timed_out',
          newlyFailing: [],
          alreadyFailing: [],
          passed: 0,
          ms: 60_000,
        }),
      }),
    );
    expect(screen.getByTestId('test-verdict-line')).toHaveTextContent(
      'Tests: still running after 60 s (vitest related) — approve or reject without them',
    );
    expect(
      screen.getByRole('button', { name: 'Approve all 2 hunks (still checking)' }),
    ).toBeEnabled();
    act(() =>
      fake.emit('agent', {
        type: 'approval_evidence',
        conversationId: 'c1',
        turnId: 't1',
        approvalId: 'a1',
        evidence: evidence({
          tests: verdict({ state: 'passed', newlyFailing: [], alreadyFailing: [], passed: 16 }),
        }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('test-verdict-line')).toHaveTextContent(
        'Tests: no new failures · 16 pass (vitest related, 6.2 s)',
      ),
    );
    expect(screen.getByRole('button', { name: 'Approve all 2 hunks' })).toBeEnabled();
  });

  it('tests - not run says why', () => {
    openReview(
      evidence({
        tests: verdict({
          state: 'not_run',
          reason: 'no sandbox on this machine: bubblewrap (bwrap) is not installed',
          newlyFailing: [],
          alreadyFailing: [],
          selection: undefined,
        }),
      }),
    );
    expect(screen.getByTestId('test-verdict-line')).toHaveTextContent(
      'Tests: not run — no sandbox on this machine: bubblewrap (bwrap) is not installed',
    );
  });
});
