import { describe, expect, it } from 'vitest';
import { asFailure } from '../../../../src/main/core/test-runs/verdict-comparison';
import { outcome } from '../../../../src/main/core/test-runs/test-outcome';

describe('asFailure', () => {
  it('a pytest test - named by its node id, as pytest prints it and runs it', () => {
    expect(
      asFailure(outcome('tests/test_cart.py', 'tests.test_cart::test_total', 'failed')),
    ).toEqual(
      expect.objectContaining({
        name: 'tests/test_cart.py::test_total',
        file: 'tests/test_cart.py',
      }),
    );
    expect(
      asFailure(outcome('tests/test_cart.py', 'tests.test_cart.TestCart::test_tax[2]', 'failed'))
        .name,
    ).toBe('tests/test_cart.py::TestCart::test_tax[2]');
  });

  it('names pytest cannot run by, and other runners - kept as reported', () => {
    // A collection error is named after its module; a classname outside the file stays.
    expect(asFailure(outcome('tests/test_cart.py', 'tests.test_cart', 'failed')).name).toBe(
      'tests.test_cart',
    );
    expect(asFailure(outcome('tests/test_cart.py', 'other.mod::test_x', 'failed')).name).toBe(
      'other.mod::test_x',
    );
    expect(asFailure(outcome('src/cart.test.js', 'cart totals', 'failed')).name).toBe(
      'cart totals',
    );
  });
});
