// A scripted DiagnosticsPort for the wiring's tests (issue 24): it answers the evidence a test
// scripts for the change it is asked about, after a controllable delay, and keeps the
// service's contract: past the deadline it answers `timed_out` and hands the finished result
// to onLateResult. The real service (TypeScript, pyright, go) is tested on its own.
import type { Diagnostic, ProposalEvidence } from '../../src/shared/diagnostics';
import {
  DEFAULT_DIAGNOSTICS_SETTINGS,
  type DiagnosticsSettings,
} from '../../src/shared/diagnostics-settings';
import type {
  CheckOptions,
  DiagnosticsPort,
  ProposedFileChange,
} from '../../src/main/core/diagnostics/diagnostics-port';
import {
  createProjectDiagnostics,
  type ProjectDiagnostics,
} from '../../src/main/core/diagnostics/project-diagnostics';

export function diagnostic(path: string, line: number, message: string): Diagnostic {
  return {
    path,
    line,
    column: 1,
    code: 'TS2322',
    message,
    lineText: `line ${line}`,
    source: 'typescript',
  };
}

export function evidence(
  introduced: Diagnostic[] = [],
  fixed: Diagnostic[] = [],
  state: ProposalEvidence['state'] = 'checked',
): ProposalEvidence {
  return {
    state,
    ms: 12,
    introduced,
    fixed,
    languages: [{ language: 'typescript', state, filesChecked: 1, ms: 12 }],
    checkedAt: new Date(0).toISOString(),
    baseHashes: {},
  };
}

export interface FakeDiagnostics extends DiagnosticsPort {
  /** Every checkChange call: its changes and options, in order. */
  readonly calls: { changes: ProposedFileChange[]; options: CheckOptions }[];
  /** How long the next checks take (ms); change it between calls. */
  delayMs: number;
  disposed: number;
}

/**
 * `answer` decides the finished evidence for a change (e.g. by its text); the fake waits
 * `delayMs`, or answers `timed_out` at the deadline and the finished one later.
 */
export function createFakeDiagnostics(
  answer: (changes: readonly ProposedFileChange[]) => ProposalEvidence = () => evidence(),
  delayMs = 0,
): FakeDiagnostics {
  const fake: FakeDiagnostics = {
    calls: [],
    delayMs,
    disposed: 0,
    checkChange(changes, options = {}) {
      fake.calls.push({ changes: [...changes], options });
      const finished = answer(changes);
      const deadline = options.deadlineMs ?? 3000;
      const delay = fake.delayMs;
      return new Promise((resolve) => {
        if (delay <= deadline) {
          setTimeout(() => resolve({ ...finished, ms: delay }), delay);
          return;
        }
        setTimeout(() => {
          resolve({
            ...evidence([], [], 'timed_out'),
            ms: deadline,
            reason: 'typescript ran past the deadline',
          });
          setTimeout(() => options.onLateResult?.({ ...finished, ms: delay }), delay - deadline);
        }, deadline);
      });
    },
    projectDiagnostics: () => Promise.resolve({ diagnostics: [], languages: [], ms: 0 }),
    memory: () => ({ services: [] }),
    dispose() {
      fake.disposed += 1;
      return Promise.resolve();
    },
  };
  return fake;
}

/** The fake behind the wiring a shell builds (settings, hold-back memory, deadline guard). */
export function fakeProjectDiagnostics(
  fake: DiagnosticsPort,
  settings: () => DiagnosticsSettings = () => DEFAULT_DIAGNOSTICS_SETTINGS,
): ProjectDiagnostics {
  return createProjectDiagnostics({ root: '/project', settings, create: () => fake });
}

/** Introduces one error whenever a changed text contains "BROKEN". */
export function brokenWhenMarked(changes: readonly ProposedFileChange[]): ProposalEvidence {
  const broken = changes.filter((c) => c.after?.includes('BROKEN'));
  return evidence(
    broken.map((c) => diagnostic(c.path, 1, `Cannot find name 'BROKEN'.`)),
    [],
  );
}
