// What the selection bench sees of the project's checks: the diagnostics service built as the
// shells build it (shellCreateDiagnostics), keeping its TypeScript checker so the bench can
// wait until the disk side is prepared; and the selection checks, timed from inside (when the
// changed file's errors were held, whether the text was answered from memory or had its changed
// file checked ahead while the person read).
import type { ProposalEvidence } from '../src/shared/diagnostics';
import { checkerLimits } from '../src/main/core/confinement/confined-limits';
import { createDefaultCheckers } from '../src/main/core/diagnostics/default-checkers';
import { createDiagnosticsService } from '../src/main/core/diagnostics/diagnostics-service';
import type { CreateDiagnostics } from '../src/main/core/diagnostics/project-diagnostics';
import type { TypeScriptLanguage } from '../src/main/core/diagnostics/typescript/typescript-language';
import {
  SelectionEvidence,
  type SelectionTarget,
  type SelectionUpdate,
} from '../src/main/core/evidence/selection-evidence';

/** The evidence holds the changed file's answer: every language checked, or its importers pending. */
export function changedFileAnswered(evidence: ProposalEvidence | null | undefined): boolean {
  return (
    !!evidence &&
    evidence.languages.length > 0 &&
    evidence.languages.every(
      (l) => l.state === 'checked' || (l.state === 'checking' && l.filesChecked > 0),
    )
  );
}

/** How long no checker may run while the bench waits before a check starts one again. */
const IDLE_MS = 45_000;

export interface BenchDiagnostics {
  readonly create: CreateDiagnostics;
  /**
   * Resolves true once the TypeScript checker's disk side is prepared (false: not in time);
   * `restart` is asked when no checker has been running for a while.
   */
  prepared(withinMs: number, restart: () => Promise<unknown>): Promise<boolean>;
  compiler(): string | null;
}

export function benchDiagnostics(): BenchDiagnostics {
  let typescript: TypeScriptLanguage | undefined;
  return {
    create: ({ root, symbolIndex, settings }) => {
      const limits = checkerLimits(settings);
      const ceilingMs = settings.checkerCeilingSeconds * 1000;
      const checkers = createDefaultCheckers({
        root,
        ...(symbolIndex ? { symbolIndex } : {}),
        limits,
        ceilingMs,
        env: process.env,
      });
      typescript = checkers.find((c) => c.language === 'typescript') as TypeScriptLanguage;
      return createDiagnosticsService({
        root,
        checkers,
        settings: {
          enabled: settings.languages,
          deadlineMs: settings.liveDeadlineMs,
          ceilingMs,
          checkerLimits: limits,
        },
      });
    },
    async prepared(withinMs, restart) {
      const end = Date.now() + withinMs;
      let idleSince = Date.now();
      while (Date.now() < end) {
        // The counters are refreshed with each memory report.
        const running = typescript?.memoryBytes() != null;
        if (running && typescript?.stats()?.prepared) return true;
        if (running) idleSince = Date.now();
        else if (Date.now() - idleSince > IDLE_MS) {
          // No checker runs (its start failed, or it ended): a check starts it again.
          idleSince = Date.now();
          await restart();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
    compiler: () => typescript?.compiler() ?? null,
  };
}

/** One ask of the selection checks: when it began, held the file's errors, was complete. */
export interface SelectionWatch {
  readonly started: number;
  knownAt: number | null;
  completeAt: number | null;
  /** The text was answered from memory (its check had finished before). */
  fromMemory: boolean;
  /** No check of the text was remembered, but its changed file was checked ahead. */
  checkedAhead: boolean;
  /** Settles when every part is in (or the check was stopped). */
  complete: Promise<SelectionUpdate> | null;
}

export class TimedSelection extends SelectionEvidence {
  /** The last ask; a later ask of the same text starts a new watch. */
  last: SelectionWatch | null = null;

  override check(
    target: SelectionTarget,
    onUpdate?: (update: SelectionUpdate) => void,
  ): ReturnType<SelectionEvidence['check']> {
    const watch: SelectionWatch = {
      started: performance.now(),
      knownAt: null,
      completeAt: null,
      fromMemory: false,
      checkedAhead: !this.knows(target) && this.aheadOf(target) !== undefined,
      complete: null,
    };
    this.last = watch;
    let first = true;
    const started = super.check(target, (update) => {
      // The state now comes at once: complete means the text was answered from memory (a
      // check of it had finished, not only its changed file's, ahead).
      if (first) watch.fromMemory = update.complete && !watch.checkedAhead;
      first = false;
      const now = performance.now();
      if (watch.knownAt === null && changedFileAnswered(update.evidence)) watch.knownAt = now;
      if (watch.completeAt === null && update.complete) watch.completeAt = now;
      onUpdate?.(update);
    });
    watch.complete = started.complete;
    return started;
  }
}
