// A listener's failure is its own: the caller goes on as if the event had been delivered.
import { describe, expect, it } from 'vitest';
import { callListener } from '../../../../src/main/core/approvals/call-listener';

describe('callListener', () => {
  it('a listener that throws - is swallowed', () => {
    expect(() =>
      callListener(() => {
        throw new Error('listener broke');
      }),
    ).not.toThrow();
  });

  it('a listener that returns - is called once', () => {
    let calls = 0;
    callListener(() => {
      calls += 1;
    });
    expect(calls).toBe(1);
  });
});
