// The hard ceiling (issue 28 item 5): past the live deadline a late result may still come, but
// a checker that has still not answered at the ceiling is stopped (its work aborted, the
// checker disposed so its process dies), the late evidence says so, and the next check starts
// it again. Also: past a project check's deadline the checker is stopped at once.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { createDiagnosticsService } from '../../../../src/main/core/diagnostics/diagnostics-service';
import type { LanguageChecker } from '../../../../src/main/core/diagnostics/language-checker';

/** A Go checker that answers only when aborted (then "cancelled"); counts disposals. */
function stuckChecker() {
  const state = { disposed: 0, aborted: 0 };
  const untilAborted = (signal: AbortSignal) =>
    new Promise<{ state: 'not_checked'; reason: string; filesChecked: number }>((resolve) =>
      signal.addEventListener('abort', () => {
        state.aborted += 1;
        resolve({ state: 'not_checked', reason: 'the check was cancelled', filesChecked: 0 });
      }),
    );
  const checker: LanguageChecker = {
    language: 'go',
    owns: (file) => file.endsWith('.go'),
    check: (_changes, signal) => untilAborted(signal),
    project: (signal) => (signal.aborted ? Promise.resolve(null) : untilAborted(signal)),
    memoryBytes: () => null,
    dispose: () => {
      state.disposed += 1;
      return Promise.resolve();
    },
  };
  return { checker, state };
}

describe('diagnostics service - the hard ceiling', () => {
  it('checkChange - timed out at the deadline, stopped at the ceiling, the late result says so', async () => {
    const { checker, state } = stuckChecker();
    const service = createDiagnosticsService({
      root: '/nonexistent-root',
      checkers: [checker],
      settings: { ceilingMs: 400 },
    });
    let late: ProposalEvidence | undefined;
    const evidence = await service.checkChange([{ path: 'a.go', after: 'package a\n' }], {
      deadlineMs: 100,
      onLateResult: (e) => (late = e),
    });
    expect(evidence.state).toBe('timed_out');
    for (let i = 0; i < 40 && !late; i++) await new Promise((r) => setTimeout(r, 50));
    expect(state).toEqual({ disposed: 1, aborted: 1 });
    expect(late?.state).toBe('not_checked');
    expect(late?.languages[0]?.reason).toBe(
      "Go's checker did not answer within 400 ms: it was stopped, and starts again on the next check",
    );
    expect(late?.introduced).toEqual([]);
  });

  it('projectDiagnostics - past the deadline the checker is stopped at once', async () => {
    const { checker, state } = stuckChecker();
    const service = createDiagnosticsService({ root: '/nonexistent-root', checkers: [checker] });
    const started = Date.now();
    const result = await service.projectDiagnostics({ deadlineMs: 150 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.languages).toMatchObject([{ language: 'go', state: 'timed_out' }]);
    expect(state).toEqual({ disposed: 1, aborted: 1 });
  });
});
