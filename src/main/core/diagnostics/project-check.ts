// One language's part of a whole-project check (diagnostics-service.ts projectDiagnostics):
// its evidence and the errors it found, or null when the project has nothing in the language.
// Past the deadline (or, without one, the hard ceiling) nobody waits for the answer: the
// checker is stopped, so no process of it outlives the call (`check --timeout`).
import type { Diagnostic, LanguageEvidence } from '../../../shared/diagnostics';
import { checkerFailedReason, stoppedReason, turnedOffReason } from './checker-stop-reasons';
import { formatSeconds, outcomeEvidence } from './evidence-assembly';
import type { DiagnosticsLanguage, LanguageChecker, ProjectOutcome } from './language-checker';

export interface ProjectCheckContext {
  readonly isOn: (language: DiagnosticsLanguage) => boolean;
  /** Kills a checker that overran its time; a later check starts it again. */
  readonly stopChecker: (checker: LanguageChecker) => void;
  /** The caller's signal joined with the service's own (aborted on dispose). */
  readonly signal: AbortSignal;
  /** The caller's deadline; without one the hard ceiling stops the checker. */
  readonly deadlineMs: number | undefined;
  readonly ceilingMs: number;
  /** When the whole-project check started (Date.now()). */
  readonly started: number;
}

export type LanguageProjectResult = readonly [LanguageEvidence | null, readonly Diagnostic[]];

export async function checkProjectLanguage(
  checker: LanguageChecker,
  context: ProjectCheckContext,
): Promise<LanguageProjectResult> {
  if (!context.isOn(checker.language)) {
    const present = await checker.project(AbortSignal.abort()).catch(() => null);
    return [
      present
        ? {
            language: checker.language,
            state: 'not_checked',
            reason: turnedOffReason(checker.language),
            filesChecked: 0,
            ms: 0,
          }
        : null,
      [],
    ];
  }
  const hard = new AbortController();
  const work = checker
    .project(
      AbortSignal.any([context.signal, hard.signal]),
      context.deadlineMs ?? context.ceilingMs,
    )
    .catch((error: unknown): ProjectOutcome => ({
      state: 'not_checked' as const,
      filesChecked: 0,
      reason: checkerFailedReason(error),
    }));
  const deadline = context.deadlineMs ?? context.ceilingMs;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    work,
    new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), deadline);
    }),
  ]);
  clearTimeout(timer);
  const ms = Date.now() - context.started;
  if (outcome === null) return [null, []];
  if (outcome === 'late') {
    hard.abort();
    context.stopChecker(checker);
    return [
      {
        language: checker.language,
        state: context.deadlineMs === undefined ? 'not_checked' : 'timed_out',
        reason:
          context.deadlineMs === undefined
            ? stoppedReason(checker.language, deadline)
            : `timed out after ${formatSeconds(deadline)}; the checker was stopped`,
        filesChecked: 0,
        ms,
      },
      [],
    ];
  }
  const evidence = outcomeEvidence(checker.language, outcome, ms);
  return [evidence, outcome.state === 'checked' ? outcome.diagnostics : []];
}
