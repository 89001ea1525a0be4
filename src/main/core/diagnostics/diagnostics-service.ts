// The diagnostics service behind DiagnosticsPort: splits a change by language, runs each
// language's checker (started lazily, stopped on dispose), compares the errors before and
// after, and holds the deadline: past it the evidence says `timed_out` with what finished,
// the checkers keep going, and onLateResult receives the final evidence.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic, LanguageEvidence, ProposalEvidence } from '../../../shared/diagnostics';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { ABSENT_FILE_HASH } from '../workspace/content-hash';
import { compareDiagnostics, sortDiagnostics } from './diagnostic-comparison';
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

export const DEFAULT_DEADLINE_MS = 3000;

export interface DiagnosticsSettings {
  /** Per-language off switch; a language not named is on. */
  readonly enabled?: Partial<Record<DiagnosticsLanguage, boolean>>;
  /** The deadline of a check when the caller gives none; default 3000 ms. */
  readonly deadlineMs?: number;
  /** Cap of the TypeScript checker's heap in MB (resourceLimits); default below the ceiling. */
  readonly typescriptHeapMb?: number;
  /** Memory ceiling of a confined checker process in MiB (Settings); default 2048. */
  readonly checkerMemoryMb?: number;
  /** A checker that has not answered one check after this many seconds is killed; default 60. */
  readonly checkerCeilingSeconds?: number;
}

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

export function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}

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

interface LanguageRun {
  readonly language: DiagnosticsLanguage;
  evidence: LanguageEvidence;
  introduced: Diagnostic[];
  fixed: Diagnostic[];
  done: boolean;
}

export function createDiagnosticsService(options: DiagnosticsServiceOptions): DiagnosticsPort {
  const settings = options.settings ?? {};
  const checkers =
    options.checkers ??
    createDefaultCheckers({
      root: options.root,
      ...(options.symbolIndex ? { symbolIndex: options.symbolIndex } : {}),
      ...(settings.typescriptHeapMb ? { typescriptHeapMb: settings.typescriptHeapMb } : {}),
      ...(settings.checkerMemoryMb ? { checkerMemoryMb: settings.checkerMemoryMb } : {}),
      ...(settings.checkerCeilingSeconds
        ? { checkerCeilingSeconds: settings.checkerCeilingSeconds }
        : {}),
      ...(options.tempDir ? { tempDir: options.tempDir } : {}),
      env: options.env ?? process.env,
    });
  let stopAll = new AbortController();
  const isOn = (language: DiagnosticsLanguage): boolean => settings.enabled?.[language] !== false;
  const turnedOff = (language: DiagnosticsLanguage): string =>
    `${languageLabel(language)} checking is turned off in Settings`;

  const combined = (signal: AbortSignal | undefined): AbortSignal =>
    signal ? AbortSignal.any([signal, stopAll.signal]) : stopAll.signal;

  const assemble = (
    runs: readonly LanguageRun[],
    started: number,
    baseHashes: Record<string, string>,
  ): ProposalEvidence => {
    const languages = runs.map((r) => r.evidence);
    const timedOut = languages.filter((l) => l.state === 'timed_out');
    const notChecked = languages.filter((l) => l.state === 'not_checked');
    // No file in a language Sluice checks: nothing was checked, and "no new errors" would claim it was.
    const state: ProposalEvidence['state'] = timedOut.length
      ? 'timed_out'
      : notChecked.length === languages.length
        ? 'not_checked'
        : 'checked';
    const reasons = languages.length
      ? [...timedOut, ...notChecked].map(
          (l) => `${languageLabel(l.language as DiagnosticsLanguage)}: ${l.reason ?? l.state}`,
        )
      : [
          'no checker reads these files (TypeScript/JavaScript, Python, Go, Rust and Java are checked)',
        ];
    return {
      state,
      ms: Date.now() - started,
      ...(state !== 'checked' || reasons.length ? { reason: reasons.join('; ') } : {}),
      introduced: sortDiagnostics(runs.flatMap((r) => r.introduced)),
      fixed: sortDiagnostics(runs.flatMap((r) => r.fixed)),
      languages,
      checkedAt: new Date().toISOString(),
      baseHashes,
    };
  };

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
      const signal = combined(check.signal);
      const baseHashes: Record<string, string> = {};
      for (const change of changes)
        if (isInsideRoot(change.path)) baseHashes[change.path] = sha256(options.root, change.path);
      const runs: LanguageRun[] = [];
      const pending: Promise<void>[] = [];
      for (const [checker, group] of split(changes)) {
        const run: LanguageRun = {
          language: checker.language,
          evidence: { language: checker.language, state: 'checking', filesChecked: 0, ms: 0 },
          introduced: [],
          fixed: [],
          done: false,
        };
        runs.push(run);
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
            .check(group, signal)
            .catch((error: unknown): LanguageOutcome => ({
              state: 'not_checked' as const,
              filesChecked: 0,
              reason: `the checker failed: ${error instanceof Error ? error.message : String(error)}`,
            }))
            .then((outcome) => {
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
            }),
        );
      }
      const all = Promise.all(pending).then(() => assemble(runs, started, baseHashes));
      if (!pending.length) return all;
      return new Promise<ProposalEvidence>((resolve) => {
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          for (const run of runs)
            if (!run.done)
              run.evidence = {
                language: run.language,
                state: 'timed_out',
                reason: `timed out after ${formatSeconds(deadlineMs)}`,
                filesChecked: 0,
                ms: Date.now() - started,
              };
          resolve(assemble(runs, started, baseHashes));
        }, deadlineMs);
        void all.then((final) => {
          if (!timedOut) {
            clearTimeout(timer);
            resolve(final);
          } else if (!signal.aborted) check.onLateResult?.(final);
        });
      });
    },

    async projectDiagnostics(project = {}): Promise<ProjectDiagnostics> {
      const started = Date.now();
      const signal = combined(project.signal);
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
            const work = checker.project(signal).catch((error: unknown): ProjectOutcome => ({
              state: 'not_checked' as const,
              filesChecked: 0,
              reason: `the checker failed: ${error instanceof Error ? error.message : String(error)}`,
            }));
            const deadline = project.deadlineMs;
            const outcome = await (deadline === undefined
              ? work
              : Promise.race([
                  work,
                  new Promise<'late'>((r) => setTimeout(() => r('late'), deadline).unref()),
                ]));
            const ms = Date.now() - started;
            if (outcome === null) return [checker, null, []];
            if (outcome === 'late')
              return [
                checker,
                {
                  language: checker.language,
                  state: 'timed_out',
                  reason: `timed out after ${formatSeconds(deadline ?? 0)}`,
                  filesChecked: 0,
                  ms,
                },
                [],
              ];
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

    warm() {
      for (const checker of checkers) if (isOn(checker.language)) checker.warm?.();
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
