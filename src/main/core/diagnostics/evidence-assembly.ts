// One check's evidence put together from its languages' runs (diagnostics-service.ts): each
// language is checked, still checking (its changed files answered, their importers not yet),
// timed out, or not checked; the whole takes the least finished state of its parts.
import type { Diagnostic, LanguageEvidence, ProposalEvidence } from '../../../shared/diagnostics';
import { compareDiagnostics, sortDiagnostics } from './diagnostic-comparison';
import {
  languageLabel,
  type ChangedFilesOutcome,
  type DiagnosticsLanguage,
  type LanguageOutcome,
  type ProjectOutcome,
} from './language-checker';

export interface LanguageRun {
  readonly language: DiagnosticsLanguage;
  evidence: LanguageEvidence;
  introduced: Diagnostic[];
  fixed: Diagnostic[];
  done: boolean;
  /** Stopped at the hard ceiling: whatever the checker says later is ignored. */
  stopped?: boolean;
  /** The changed files' answer, while the files that import them are still being checked. */
  changedFiles?: {
    readonly introduced: Diagnostic[];
    readonly fixed: Diagnostic[];
    readonly filesChecked: number;
    readonly checker?: string;
  };
}

const IMPORTERS_PENDING =
  'the changed files are checked; the files that import them are still being checked';

export function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`;
}

/** A language's evidence from its checker's final outcome, `ms` after the check began. */
export function outcomeEvidence(
  language: DiagnosticsLanguage,
  outcome: LanguageOutcome | ProjectOutcome,
  ms: number,
): LanguageEvidence {
  if (outcome.state === 'not_checked')
    return {
      language,
      state: 'not_checked',
      reason: outcome.reason,
      filesChecked: outcome.filesChecked,
      ms,
      ...(outcome.checker ? { checker: outcome.checker } : {}),
    };
  return {
    language,
    state: 'checked',
    filesChecked: outcome.filesChecked,
    ms,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.checker ? { checker: outcome.checker } : {}),
  };
}

/** Keeps a language's changed-files answer on its run (ignored once the run is over). */
export function recordChangedFiles(run: LanguageRun, outcome: ChangedFilesOutcome): void {
  if (run.done) return;
  const { introduced, fixed } = compareDiagnostics(outcome.before, outcome.after);
  run.changedFiles = {
    introduced,
    fixed,
    filesChecked: outcome.filesChecked,
    ...(outcome.checker ? { checker: outcome.checker } : {}),
  };
}

/**
 * A run that has not answered when the evidence is given now: `checking` with its changed
 * files' errors when it has them and the deadline has not passed, else `timed_out` (with
 * those errors when it has them).
 */
export function settleUnfinished(
  run: LanguageRun,
  ms: number,
  deadline: { readonly passed: boolean; readonly ms: number },
): void {
  if (run.done) return;
  const partial = run.changedFiles;
  run.introduced = partial ? partial.introduced : [];
  run.fixed = partial ? partial.fixed : [];
  const checker = partial?.checker ? { checker: partial.checker } : {};
  if (!deadline.passed && partial) {
    run.evidence = {
      language: run.language,
      state: 'checking',
      reason: IMPORTERS_PENDING,
      filesChecked: partial.filesChecked,
      ms,
      ...checker,
    };
    return;
  }
  run.evidence = {
    language: run.language,
    state: 'timed_out',
    reason: `timed out after ${formatSeconds(deadline.ms)}${
      partial ? ': the changed files were checked, the files that import them were not' : ''
    }`,
    filesChecked: partial?.filesChecked ?? 0,
    ms,
    ...checker,
  };
}

export function assembleEvidence(
  runs: readonly LanguageRun[],
  started: number,
  baseHashes: Record<string, string>,
): ProposalEvidence {
  const languages = runs.map((r) => r.evidence);
  const timedOut = languages.filter((l) => l.state === 'timed_out');
  const checking = languages.filter((l) => l.state === 'checking');
  const notChecked = languages.filter((l) => l.state === 'not_checked');
  // No file in a language Sluice checks: nothing was checked, and "no new errors" would claim it was.
  const state: ProposalEvidence['state'] = timedOut.length
    ? 'timed_out'
    : checking.length
      ? 'checking'
      : notChecked.length === languages.length
        ? 'not_checked'
        : 'checked';
  const reasons = languages.length
    ? [...timedOut, ...checking, ...notChecked].map(
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
}
