import { describe, expect, it } from 'vitest';
import { createChecksUnderWay } from '../../../../src/main/core/diagnostics/checks-under-way';

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createChecksUnderWay - the checks a checker is doing now', () => {
  it('idle settles when the last check ends, once each', async () => {
    const underWay = createChecksUnderWay();
    await underWay.idle();
    const one = underWay.begin(undefined, 60_000);
    const two = underWay.begin(undefined, 60_000);
    let idle = false;
    void underWay.idle().then(() => (idle = true));
    one();
    one();
    await later();
    expect(underWay.count).toBe(1);
    expect(idle).toBe(false);
    two();
    await later();
    expect(idle).toBe(true);
    expect(underWay.count).toBe(0);
  });

  it('a cancelled check ends with its cancel, one already cancelled at once', async () => {
    const underWay = createChecksUnderWay();
    const cancel = new AbortController();
    underWay.begin(cancel.signal, 60_000);
    expect(underWay.count).toBe(1);
    cancel.abort();
    expect(underWay.count).toBe(0);
    underWay.begin(cancel.signal, 60_000);
    expect(underWay.count).toBe(0);
  });

  it('a check whose end is never heard stops counting past the longest it may run', async () => {
    const underWay = createChecksUnderWay();
    underWay.begin(undefined, 10);
    expect(underWay.count).toBe(1);
    await underWay.idle();
    expect(underWay.count).toBe(0);
  });
});
