import { describe, expect, it, vi } from 'vitest';
import { createHeldChecker, heldDiagnostics } from '../../../support/held-checker';

const later = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `idle` has settled after a short while. */
async function isIdle(idle: Promise<void>): Promise<boolean> {
  let settled = false;
  void idle.then(() => (settled = true));
  await later();
  return settled;
}

describe('ProjectDiagnostics.idle - settles when no check is under way', () => {
  it('a check answered with its changed files counts until its importers are in', async () => {
    const checker = createHeldChecker(() => []);
    const diagnostics = heldDiagnostics(checker);
    expect(await isIdle(diagnostics.idle())).toBe(true);
    let late = false;
    const first = await diagnostics.checkChange([{ path: 'a.ts', after: 'x' }], {
      changedFilesFirstAfterMs: 0,
      onLateResult: () => (late = true),
    });
    expect(first.state).toBe('checking');
    const idle = diagnostics.idle();
    expect(await isIdle(idle)).toBe(false);
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(late).toBe(true));
    expect(await isIdle(idle)).toBe(true);
  });

  it('a cancelled check stops counting at its cancel', async () => {
    const checker = createHeldChecker(() => []);
    checker.auto = false;
    const diagnostics = heldDiagnostics(checker);
    const cancel = new AbortController();
    void diagnostics.checkChange([{ path: 'a.ts', after: 'x' }], { signal: cancel.signal });
    await vi.waitFor(() => expect(checker.calls).toHaveLength(1));
    const idle = diagnostics.idle();
    expect(await isIdle(idle)).toBe(false);
    cancel.abort();
    expect(await isIdle(idle)).toBe(true);
  });

  it('a check answered whole at once does not count after its answer', async () => {
    const checker = createHeldChecker(() => []);
    const diagnostics = heldDiagnostics(checker);
    const answer = diagnostics.checkChange([{ path: 'a.ts', after: 'x' }]);
    await vi.waitFor(() => expect(checker.calls).toHaveLength(1));
    checker.calls[0]!.finish();
    expect((await answer).state).toBe('checked');
    expect(await isIdle(diagnostics.idle())).toBe(true);
  });
});
