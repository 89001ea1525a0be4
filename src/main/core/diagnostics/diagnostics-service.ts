// The diagnostics service behind DiagnosticsPort: splits a change by language, runs each
// language's checker (started lazily, stopped on dispose), compares the errors before and
// after, and holds the deadline: past it the evidence says `timed_out` with what finished,
// the checkers keep going, and onLateResult receives the final evidence. A second, hard
// ceiling (Settings, default 60 s; never shorter than the deadline) stops a checker that has
// still not answered: its work is aborted and it is disposed (its process killed), it says
// so, and it starts again on the next check (issue 28 item 5).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, LanguageEvidence, ProposalEvidence } from '../../../shared/diagnostics';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { ABSENT_FILE_HASH } from '../workspace/content-hash';
import { compareDiagnostics, sortDiagnostics } from './diagnostic-comparison';
import {
  assembleEvidence as assemble,
  formatSeconds,
  recordChangedFiles,
  settleUnfinished,
  type LanguageRun,
} from './evidence-assembly';
import type {
  CheckOptions,
  DiagnosticsPort,
  ProjectDiagnostics,
  ProposedFileChange,
} from './diagnostics-port';
import {
  languageLabel,
  type DiagnosticsLanguage,
  type LanguageChecker,
  type LanguageOutcome,
  type ProjectOutcome,
} from './language-checker';
import { createDefaultCheckers } from './default-checkers';
import type { ConfinedLimits } from '../confinement/confined-process';

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

function sha256(root: string, relative: string): string {
  try {
    return createHash('sha256')
      .update(readFileSync(path.join(root, ...relative.split('/'))))
      .digest('hex');
  } catch {
    return ABSENT_FILE_HASH;
  }
}

/** A path a checker may see: relative, inside the root, no `..`, forward slashes. */
function isInsideRoot(relative: string): boolean {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return false;
  if (path.posix.isAbsolute(relative)) return false;
  return !path.posix.normalize(relative).split('/').includes('..');
}

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
  const turnedOff = (language: DiagnosticsLanguage): string =>
    `${languageLabel(language)} checking is turned off in Settings`;
  const stoppedAt = (language: DiagnosticsLanguage, ms: number): string =>
    `${languageLabel(language)}'s checker did not answer within ${formatSeconds(ms)}: it was stopped, and starts again on the next check`;
  /** Kills a checker that overran the hard ceiling; a later check starts it again. */
  const stopChecker = (checker: LanguageChecker): void => {
    void checker.dispose().catch(() => undefined);
  };

  const combined = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, stopAll.signal]) : stopAll.signal;

  const split = (
    changes: readonly ProposedFileChange[],
  ): Map<LanguageChecker, ProposedFileChange[]> => {
    const groups = new Map<LanguageChecker, ProposedFileChange[]>();
    for (const change of changes) {
      if (!isInsideRoot(change.path)) continue;
      const checker = checkers.find((c) => c.owns(change.path));
      if (!checker) continue;
      groups.set(checker, [...(groups.get(checker) ?? []), change]);
    }
    return groups;
  };

  return {
    checkChange(changes, check: CheckOptions = {}) {
      const started = Date.now();
      const deadlineMs = check.deadlineMs ?? settings.deadlineMs ?? DEFAULT_DEADLINE_MS;
      const ceilingMs = Math.max(settings.ceilingMs ?? DEFAULT_CEILING_MS, deadlineMs);
      const hard = new AbortController();
      const outer = combined(check.signal);
      const signal = AbortSignal.any([outer, hard.signal]);
      const running = new Map<LanguageRun, LanguageChecker>();
      const baseHashes: Record<string, string> = {};
      for (const change of changes)
        if (isInsideRoot(change.path)) baseHashes[change.path] = sha256(options.root, change.path);
      const runs: LanguageRun[] = [];
      const pending: Promise<void>[] = [];
      let answer: (evidence: ProposalEvidence) => void = () => undefined;
      let answered = false;
      let early = false;
      let timedOutAnswer = false;
      for (const [checker, group] of split(changes)) {
        const run: LanguageRun = {
          language: checker.language,
          evidence: { language: checker.language, state: 'checking', filesChecked: 0, ms: 0 },
          introduced: [],
          fixed: [],
          done: false,
        };
        runs.push(run);
        running.set(run, checker);
        if (!isOn(checker.language)) {
          run.evidence = {
            ...run.evidence,
            state: 'not_checked',
            reason: turnedOff(checker.language),
          };
          run.done = true;
          continue;
        }
        pending.push(
          checker
            .check(group, signal, ceilingMs, (outcome) => {
              recordChangedFiles(run, outcome);
              answerEarly();
              progressLate();
            })
            .catch((error: unknown): LanguageOutcome => ({
              state: 'not_checked' as const,
              filesChecked: 0,
              reason: `the checker failed: ${error instanceof Error ? error.message : String(error)}`,
            }))
            .then((outcome) => {
              if (run.stopped) return;
              const ms = Date.now() - started;
              run.done = true;
              if (outcome.state === 'not_checked') {
                run.evidence = {
                  language: run.language,
                  state: 'not_checked',
                  reason: outcome.reason,
                  filesChecked: outcome.filesChecked,
                  ms,
                  ...(outcome.checker ? { checker: outcome.checker } : {}),
                };
                return;
              }
              const { introduced, fixed } = compareDiagnostics(outcome.before, outcome.after);
              run.introduced = introduced;
              run.fixed = fixed;
              run.evidence = {
                language: run.language,
                state: 'checked',
                filesChecked: outcome.filesChecked,
                ms,
                ...(outcome.reason ? { reason: outcome.reason } : {}),
                ...(outcome.checker ? { checker: outcome.checker } : {}),
              };
            })
            // The others may be waiting only on this one to answer early.
            .then(() => answerEarly()),
        );
      }
      const ceiling = setTimeout(() => {
        const stuck = runs.filter((r) => !r.done);
        if (!stuck.length) return;
        hard.abort();
        for (const run of stuck) {
          run.stopped = true;
          run.done = true;
          const partial = run.changedFiles;
          // What the changed files showed is kept; only the importers are not checked.
          run.introduced = partial?.introduced ?? [];
          run.fixed = partial?.fixed ?? [];
          run.evidence = {
            language: run.language,
            state: partial ? 'timed_out' : 'not_checked',
            reason: partial
              ? `${stoppedAt(run.language, ceilingMs)}; the changed files were checked, the files that import them were not`
              : stoppedAt(run.language, ceilingMs),
            filesChecked: partial?.filesChecked ?? 0,
            ms: Date.now() - started,
            ...(partial?.checker ? { checker: partial.checker } : {}),
          };
          const checker = running.get(run);
          if (checker) stopChecker(checker);
        }
      }, ceilingMs);
      ceiling.unref();
      const all = Promise.all(pending).then(() => {
        clearTimeout(ceiling);
        return assemble(runs, started, baseHashes);
      });
      if (!pending.length) return all;
      // Answered "timed out": the changed files' errors, when they come, are said before the rest.
      function progressLate(): void {
        if (!timedOutAnswer || outer.aborted || !check.onLateProgress) return;
        const now = Date.now() - started;
        for (const run of runs) settleUnfinished(run, now, { passed: false, ms: deadlineMs });
        check.onLateProgress(assemble(runs, started, baseHashes));
      }
      // A live check answers with the changed files' errors once the person has waited long
      // enough, and the files that import them follow as the late result (issue 30 item 1).
      function answerEarly(): void {
        if (answered || !early) return;
        const open = runs.filter((r) => !r.done);
        if (!open.length || !open.every((r) => r.changedFiles)) return;
        for (const run of open)
          settleUnfinished(run, Date.now() - started, { passed: false, ms: deadlineMs });
        answered = true;
        answer(assemble(runs, started, baseHashes));
      }
      return new Promise<ProposalEvidence>((resolve) => {
        answer = resolve;
        const timers: NodeJS.Timeout[] = [];
        if (check.changedFilesFirstAfterMs !== undefined)
          timers.push(
            setTimeout(
              () => {
                early = true;
                answerEarly();
              },
              Math.min(check.changedFilesFirstAfterMs, deadlineMs),
            ),
          );
        timers.push(
          setTimeout(() => {
            if (answered) return;
            answered = true;
            timedOutAnswer = true;
            for (const run of runs)
              settleUnfinished(run, Date.now() - started, { passed: true, ms: deadlineMs });
            resolve(assemble(runs, started, baseHashes));
          }, deadlineMs),
        );
        void all.then((final) => {
          for (const timer of timers) clearTimeout(timer);
          if (!answered) {
            answered = true;
            resolve(final);
          } else if (!outer.aborted) check.onLateResult?.(final);
        });
      });
    },

    async projectDiagnostics(project = {}): Promise<ProjectDiagnostics> {
      const started = Date.now();
      const signal = combined(project.signal);
      const ceilingMs = settings.ceilingMs ?? DEFAULT_CEILING_MS;
      const outcomes = await Promise.all(
        checkers.map(
          async (
            checker,
          ): Promise<[LanguageChecker, LanguageEvidence | null, readonly Diagnostic[]]> => {
            if (!isOn(checker.language)) {
              const present = await checker.project(AbortSignal.abort()).catch(() => null);
              return [
                checker,
                present
                  ? {
                      language: checker.language,
                      state: 'not_checked',
                      reason: turnedOff(checker.language),
                      filesChecked: 0,
                      ms: 0,
                    }
                  : null,
                [],
              ];
            }
            const hard = new AbortController();
            const work = checker
              .project(AbortSignal.any([signal, hard.signal]), project.deadlineMs ?? ceilingMs)
              .catch((error: unknown): ProjectOutcome => ({
                state: 'not_checked' as const,
                filesChecked: 0,
                reason: `the checker failed: ${error instanceof Error ? error.message : String(error)}`,
              }));
            // Past the deadline (or, without one, the hard ceiling) nobody waits for the answer:
            // the checker is stopped, so no process of it outlives the call (`check --timeout`).
            const deadline = project.deadlineMs ?? ceilingMs;
            let timer: NodeJS.Timeout | undefined;
            const outcome = await Promise.race([
              work,
              new Promise<'late'>((r) => {
                timer = setTimeout(() => r('late'), deadline);
              }),
            ]);
            clearTimeout(timer);
            const ms = Date.now() - started;
            if (outcome === null) return [checker, null, []];
            if (outcome === 'late') {
              hard.abort();
              stopChecker(checker);
              return [
                checker,
                {
                  language: checker.language,
                  state: project.deadlineMs === undefined ? 'not_checked' : 'timed_out',
                  reason:
                    project.deadlineMs === undefined
                      ? stoppedAt(checker.language, deadline)
                      : `timed out after ${formatSeconds(deadline)}; the checker was stopped`,
                  filesChecked: 0,
                  ms,
                },
                [],
              ];
            }
            if (outcome.state === 'not_checked')
              return [
                checker,
                {
                  language: checker.language,
                  state: 'not_checked',
                  reason: outcome.reason,
                  filesChecked: outcome.filesChecked,
                  ms,
                  ...(outcome.checker ? { checker: outcome.checker } : {}),
                },
                [],
              ];
            return [
              checker,
              {
                language: checker.language,
                state: 'checked',
                filesChecked: outcome.filesChecked,
                ms,
                ...(outcome.reason ? { reason: outcome.reason } : {}),
                ...(outcome.checker ? { checker: outcome.checker } : {}),
              },
              outcome.diagnostics,
            ];
          },
        ),
      );
      return {
        diagnostics: sortDiagnostics(outcomes.flatMap(([, , d]) => d)),
        languages: outcomes.flatMap(([, e]) => (e ? [e] : [])),
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
