// A checker for the real diagnostics service whose answers a test releases: each check answers
// its changed files' errors at once, and its complete answer (with the errors in the files that
// import them) only when the test releases it, or at once once the checker stops holding.
// Behind createDiagnosticsService it exercises the real changed-files-first logic and deadline.
import type { Diagnostic } from '../../src/shared/diagnostics';
import { createDiagnosticsService } from '../../src/main/core/diagnostics/diagnostics-service';
import type { ProposedFileChange } from '../../src/main/core/diagnostics/diagnostics-port';
import type {
  LanguageChecker,
  LanguageOutcome,
} from '../../src/main/core/diagnostics/language-checker';
import type { ProjectDiagnostics } from '../../src/main/core/diagnostics/project-diagnostics';
import { fakeProjectDiagnostics } from './fake-diagnostics';

/** A check's errors: in the changed files, and in the files that import them. */
export interface StagedErrors {
  readonly changed: readonly Diagnostic[];
  readonly importers: readonly Diagnostic[];
}

export interface StagedCheck {
  readonly changes: readonly ProposedFileChange[];
  /** Lets this check give its complete answer. */
  release(): void;
}

export interface StagedChecker extends LanguageChecker {
  /** Every check started, in order. */
  readonly checks: StagedCheck[];
  /** While true (the default) a check's complete answer waits for its release. */
  holding: boolean;
  /** Releases every waiting check and stops holding later ones. */
  releaseAll(): void;
}

export function createStagedChecker(
  answer: (changes: readonly ProposedFileChange[]) => StagedErrors,
): StagedChecker {
  const releases: (() => void)[] = [];
  const checker: StagedChecker = {
    language: 'typescript',
    checks: [],
    holding: true,
    owns: (file) => file.endsWith('.ts'),
    async check(changes, signal, _ceiling, onChangedFiles): Promise<LanguageOutcome> {
      const errors = answer(changes);
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      releases.push(release);
      checker.checks.push({ changes: [...changes], release });
      if (!checker.holding) release();
      await Promise.resolve();
      onChangedFiles?.({
        state: 'checked',
        before: [],
        after: [...errors.changed],
        filesChecked: changes.length,
      });
      await new Promise<void>((resolve) => {
        void released.then(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      if (signal.aborted)
        return { state: 'not_checked', filesChecked: 0, reason: 'the check was stopped' };
      return {
        state: 'checked',
        before: [],
        after: [...errors.changed, ...errors.importers],
        filesChecked: changes.length + 1,
        checker: 'the staged test checker',
      };
    },
    releaseAll() {
      checker.holding = false;
      for (const release of releases) release();
    },
    project: () => Promise.resolve(null),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
  return checker;
}

/** The real service over the staged checker, wired as a shell wires it. */
export function stagedDiagnostics(
  checker: StagedChecker,
  root = '/nonexistent-root',
): ProjectDiagnostics {
  return fakeProjectDiagnostics(createDiagnosticsService({ root, checkers: [checker] }));
}
