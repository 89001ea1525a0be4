// One check of a proposed change (diagnostics-service.ts checkChange): the change split by
// language, each language's checker run, the errors before and after compared, and the
// deadline held: past it the evidence says `timed_out` with what finished, the checkers keep
// going, and onLateResult receives the final evidence. Past the hard ceiling a checker that
// has still not answered is stopped (its work aborted, its process killed) and says so; what
// its changed files showed is kept. A live check answers with the changed files' errors once
// the person has waited long enough, and the files that import them follow as the late result.
import path from 'node:path';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { checkAgainstBase, readBases } from './base-while-checked';
import { checkerFailedReason, stoppedReason, turnedOffReason } from './checker-stop-reasons';
import { compareDiagnostics } from './diagnostic-comparison';
import type { CheckOptions, ProposedFileChange } from './diagnostics-port';
import {
  assembleEvidence as assemble,
  outcomeEvidence,
  recordChangedFiles,
  settleUnfinished,
  type LanguageRun,
} from './evidence-assembly';
import type { DiagnosticsLanguage, LanguageChecker, LanguageOutcome } from './language-checker';

export interface ChangeCheckContext {
  /** The project's real path. */
  readonly root: string;
  readonly checkers: readonly LanguageChecker[];
  readonly isOn: (language: DiagnosticsLanguage) => boolean;
  /** Kills a checker that overran the hard ceiling; a later check starts it again. */
  readonly stopChecker: (checker: LanguageChecker) => void;
  readonly deadlineMs: number;
  /** The hard ceiling (never shorter than the deadline). */
  readonly ceilingMs: number;
  /** The caller's signal joined with the service's own (aborted on dispose). */
  readonly signal: AbortSignal;
}

/** A path a checker may see: relative, inside the root, no `..`, forward slashes. */
function isInsideRoot(relative: string): boolean {
  if (!relative || relative.includes('\0') || relative.includes('\\')) return false;
  if (path.posix.isAbsolute(relative)) return false;
  return !path.posix.normalize(relative).split('/').includes('..');
}

/** The changes each checker owns; a change no checker owns, or outside the root, is left out. */
function byChecker(
  checkers: readonly LanguageChecker[],
  changes: readonly ProposedFileChange[],
): Map<LanguageChecker, ProposedFileChange[]> {
  const groups = new Map<LanguageChecker, ProposedFileChange[]>();
  for (const change of changes) {
    if (!isInsideRoot(change.path)) continue;
    const checker = checkers.find((c) => c.owns(change.path));
    if (!checker) continue;
    groups.set(checker, [...(groups.get(checker) ?? []), change]);
  }
  return groups;
}

/** A language's final outcome on its run. */
function recordOutcome(run: LanguageRun, outcome: LanguageOutcome, ms: number): void {
  run.done = true;
  run.evidence = outcomeEvidence(run.language, outcome, ms);
  if (outcome.state === 'not_checked') return;
  const { introduced, fixed } = compareDiagnostics(outcome.before, outcome.after);
  run.introduced = introduced;
  run.fixed = fixed;
}

/** A run stopped at the hard ceiling: what the changed files showed is kept, the rest is not. */
function recordStopped(run: LanguageRun, ceilingMs: number, ms: number): void {
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
      ? `${stoppedReason(run.language, ceilingMs)}; the changed files were checked, the files that import them were not`
      : stoppedReason(run.language, ceilingMs),
    filesChecked: partial?.filesChecked ?? 0,
    ms,
    ...(partial?.checker ? { checker: partial.checker } : {}),
  };
}

/** Past the hard ceiling, the checkers still running are stopped and say so. */
function stopAtCeiling(
  runs: readonly LanguageRun[],
  running: ReadonlyMap<LanguageRun, LanguageChecker>,
  abort: () => void,
  context: ChangeCheckContext,
  started: number,
): NodeJS.Timeout {
  const { ceilingMs } = context;
  const ceiling = setTimeout(() => {
    const stuck = runs.filter((r) => !r.done);
    if (!stuck.length) return;
    abort();
    for (const run of stuck) {
      recordStopped(run, ceilingMs, Date.now() - started);
      const checker = running.get(run);
      if (checker) context.stopChecker(checker);
    }
  }, ceilingMs);
  ceiling.unref();
  return ceiling;
}

export function runChangeCheck(
  changes: readonly ProposedFileChange[],
  check: CheckOptions,
  context: ChangeCheckContext,
): Promise<ProposalEvidence> {
  const started = Date.now();
  const { deadlineMs, ceilingMs } = context;
  const hard = new AbortController();
  const outer = context.signal;
  const signal = AbortSignal.any([outer, hard.signal]);
  const running = new Map<LanguageRun, LanguageChecker>();
  // The base each change is checked against: its bytes when the check began.
  const inside = changes.filter((change) => isInsideRoot(change.path));
  const bases = readBases(context.root, inside);
  const baseHashes = Object.fromEntries([...bases].map(([file, base]) => [file, base.hash]));
  const runs: LanguageRun[] = [];
  const pending: Promise<void>[] = [];
  let answer: (evidence: ProposalEvidence) => void = () => undefined;
  let answered = false;
  let early = false;
  let timedOutAnswer = false;
  for (const [checker, group] of byChecker(context.checkers, changes)) {
    const run: LanguageRun = {
      language: checker.language,
      evidence: { language: checker.language, state: 'checking', filesChecked: 0, ms: 0 },
      introduced: [],
      fixed: [],
      done: false,
    };
    runs.push(run);
    running.set(run, checker);
    if (!context.isOn(checker.language)) {
      run.evidence = {
        ...run.evidence,
        state: 'not_checked',
        reason: turnedOffReason(checker.language),
      };
      run.done = true;
      continue;
    }
    pending.push(
      checkAgainstBase(
        checker,
        { root: context.root, group, bases },
        (outcome) => {
          recordChangedFiles(run, outcome);
          answerEarly();
          progressLate();
        },
        { signal, ceilingMs, stopped: () => run.stopped === true },
      )
        .catch((error: unknown): LanguageOutcome => ({
          state: 'not_checked' as const,
          filesChecked: 0,
          reason: checkerFailedReason(error),
        }))
        .then((outcome) => {
          if (run.stopped) return;
          recordOutcome(run, outcome, Date.now() - started);
        })
        // The others may be waiting only on this one to answer early.
        .then(() => answerEarly()),
    );
  }
  const ceiling = stopAtCeiling(runs, running, () => hard.abort(), context, started);
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
  // enough, and the files that import them follow as the late result (changed files first).
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
}
