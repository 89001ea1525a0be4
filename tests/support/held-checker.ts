// A checker for the real diagnostics service whose every answer a test gives by hand, to see
// who is asked first and what is asked at all: each check waits until the test answers its
// changed file (or, while `auto` is on, answers it at once) and until the test finishes it, or
// until it is cancelled. The errors come from the text itself (`errorsOf`).
import type { Diagnostic } from '../../src/shared/diagnostics';
import { createDiagnosticsService } from '../../src/main/core/diagnostics/diagnostics-service';
import type {
  LanguageChecker,
  LanguageOutcome,
} from '../../src/main/core/diagnostics/language-checker';
import type { ProjectDiagnostics } from '../../src/main/core/diagnostics/project-diagnostics';
import { fakeProjectDiagnostics } from './fake-diagnostics';

export interface HeldCall {
  /** The changed file's proposed text. */
  readonly text: string;
  readonly signal: AbortSignal;
  /** Other checks under way when this one was asked. */
  readonly alongside: number;
  /** Answers the changed file's errors (the importers are still to come). */
  changedFile(): void;
  /** Gives the complete answer. */
  finish(): void;
  /** The changed file was answered (by the test or by `auto`). */
  readonly answered: boolean;
}

export interface HeldChecker extends LanguageChecker {
  readonly calls: HeldCall[];
  /** While on (the default), each check answers its changed file at once. */
  auto: boolean;
}

export function createHeldChecker(errorsOf: (text: string) => Diagnostic[]): HeldChecker {
  let running = 0;
  const checker: HeldChecker = {
    language: 'typescript',
    calls: [],
    auto: true,
    owns: (file) => file.endsWith('.ts'),
    check(changes, signal, _ceiling, onChangedFiles): Promise<LanguageOutcome> {
      const text = changes[0]?.after ?? '';
      const after = errorsOf(text);
      const alongside = running;
      running += 1;
      return new Promise((resolve) => {
        let over = false;
        const end = (outcome: LanguageOutcome): void => {
          if (over) return;
          over = true;
          running -= 1;
          resolve(outcome);
        };
        const call: HeldCall = {
          text,
          signal,
          alongside,
          answered: false,
          changedFile() {
            (call as { answered: boolean }).answered = true;
            onChangedFiles?.({ state: 'checked', before: [], after, filesChecked: 1 });
          },
          finish: () =>
            end({
              state: 'checked',
              before: [],
              after,
              filesChecked: 2,
              checker: 'the held test checker',
            }),
        };
        signal.addEventListener(
          'abort',
          () => end({ state: 'not_checked', filesChecked: 0, reason: 'the check was stopped' }),
          { once: true },
        );
        checker.calls.push(call);
        if (checker.auto) queueMicrotask(() => call.changedFile());
      });
    },
    project: () => Promise.resolve(null),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
  return checker;
}

/** The real service over the held checker, wired as a shell wires it. */
export function heldDiagnostics(checker: HeldChecker): ProjectDiagnostics {
  return fakeProjectDiagnostics(
    createDiagnosticsService({ root: '/nonexistent-root', checkers: [checker] }),
  );
}
