// The diagnostics service behind DiagnosticsPort: splits a change by language, runs each
// language's checker (started lazily, stopped on dispose), compares the errors before and
// after, and holds the deadline: past it the evidence says `timed_out` with what finished,
// the checkers keep going, and onLateResult receives the final evidence (change-check.ts).
// A second, hard ceiling (Settings, default 60 s; never shorter than the deadline) stops a
// checker that has still not answered: its work is aborted and it is disposed (its process
// killed), it says so, and it starts again on the next check.
// A whole-project check asks every language the same way (project-check.ts).
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { ConfinedLimits } from '../confinement/confined-process';
import { runChangeCheck } from './change-check';
import { sortDiagnostics } from './diagnostic-comparison';
import type { CheckOptions, DiagnosticsPort, ProjectDiagnostics } from './diagnostics-port';
import { createDefaultCheckers } from './default-checkers';
import { formatSeconds } from './evidence-assembly';
import type { DiagnosticsLanguage, LanguageChecker } from './language-checker';
import { checkProjectLanguage } from './project-check';

export const DEFAULT_DEADLINE_MS = 3000;

export interface DiagnosticsSettings {
  /** Per-language off switch; a language not named is on. */
  readonly enabled?: Partial<Record<DiagnosticsLanguage, boolean>>;
  /** The deadline of a check when the caller gives none; default 3000 ms. */
  readonly deadlineMs?: number;
  /** Cap of the TypeScript checker's heap in MB (resourceLimits); default below the ceiling. */
  readonly typescriptHeapMb?: number;
  /** The hard ceiling of a check, in ms (default 60 s; at least the check's deadline). */
  readonly ceilingMs?: number;
  /** Memory, CPU and process ceilings of every confined checker process. */
  readonly checkerLimits?: ConfinedLimits;
}

export const DEFAULT_CEILING_MS = 60_000;

export interface DiagnosticsServiceOptions {
  /** The project's real path. */
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly settings?: DiagnosticsSettings;
  /** Where Sluice may write scratch files (Go overlays); default the OS temp folder. */
  readonly tempDir?: string;
  /** Environment for toolchain look-ups (PATH); default process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Checkers to use instead of the built-in ones (other shells, tests of the service). */
  readonly checkers?: readonly LanguageChecker[];
}

export { formatSeconds };

export function createDiagnosticsService(options: DiagnosticsServiceOptions): DiagnosticsPort {
  const settings = options.settings ?? {};
  const checkers =
    options.checkers ??
    createDefaultCheckers({
      root: options.root,
      ...(options.symbolIndex ? { symbolIndex: options.symbolIndex } : {}),
      ...(settings.typescriptHeapMb ? { typescriptHeapMb: settings.typescriptHeapMb } : {}),
      ...(options.tempDir ? { tempDir: options.tempDir } : {}),
      ...(settings.checkerLimits ? { limits: settings.checkerLimits } : {}),
      ceilingMs: settings.ceilingMs ?? DEFAULT_CEILING_MS,
      env: options.env ?? process.env,
    });
  let stopAll = new AbortController();
  const isOn = (language: DiagnosticsLanguage): boolean => settings.enabled?.[language] !== false;
  /** Kills a checker that overran the hard ceiling; a later check starts it again. */
  const stopChecker = (checker: LanguageChecker): void => {
    void checker.dispose().catch(() => undefined);
  };

  const combined = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, stopAll.signal]) : stopAll.signal;

  return {
    checkChange(changes, check: CheckOptions = {}) {
      const deadlineMs = check.deadlineMs ?? settings.deadlineMs ?? DEFAULT_DEADLINE_MS;
      return runChangeCheck(changes, check, {
        root: options.root,
        checkers,
        isOn,
        stopChecker,
        deadlineMs,
        ceilingMs: Math.max(settings.ceilingMs ?? DEFAULT_CEILING_MS, deadlineMs),
        signal: combined(check.signal),
      });
    },

    async projectDiagnostics(project = {}): Promise<ProjectDiagnostics> {
      const started = Date.now();
      const context = {
        isOn,
        stopChecker,
        signal: combined(project.signal),
        deadlineMs: project.deadlineMs,
        ceilingMs: settings.ceilingMs ?? DEFAULT_CEILING_MS,
        started,
      };
      const outcomes = await Promise.all(
        checkers.map((checker) => checkProjectLanguage(checker, context)),
      );
      return {
        diagnostics: sortDiagnostics(outcomes.flatMap(([, d]) => d)),
        languages: outcomes.flatMap(([e]) => (e ? [e] : [])),
        ms: Date.now() - started,
      };
    },

    async warm() {
      const passes: Promise<void>[] = [];
      for (const checker of checkers) {
        if (!isOn(checker.language)) continue;
        const pass = checker.warm?.();
        if (pass) passes.push(pass);
      }
      await Promise.all(passes);
    },

    diskChanged(paths) {
      for (const checker of checkers)
        if (isOn(checker.language))
          try {
            checker.diskChanged?.(paths);
          } catch {
            // A checker that cannot take the news looks at the disk itself at its next check.
          }
    },

    memory() {
      return {
        services: checkers.flatMap((c) => {
          const bytes = c.memoryBytes();
          return bytes === null ? [] : [{ language: c.language, rssBytes: bytes }];
        }),
      };
    },

    async dispose() {
      stopAll.abort();
      await Promise.all(checkers.map((c) => c.dispose().catch(() => undefined)));
      // A later check starts the languages again, as on first use.
      stopAll = new AbortController();
    },
  };
}
