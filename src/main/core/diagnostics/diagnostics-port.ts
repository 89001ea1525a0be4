// The diagnostics service as the rest of the core sees it. Implementations run
// the checkers off the agent loop's thread (a worker, a language server process, a
// toolchain subprocess) and never write the proposed text to the project.
// Contract: no method throws for a checker's failure; it becomes a language's
// `not_checked` state with the reason in words.
import type { Diagnostic, ProposalEvidence } from '../../../shared/diagnostics';

/** One file of a change, relative to the project as it is on disk now. */
export interface ProposedFileChange {
  /** Project-relative, forward slashes. */
  readonly path: string;
  /** The proposed full text (BOM-less), or null when the change deletes the file. */
  readonly after: string | null;
}

export interface CheckOptions {
  /** Past it the result says `timed_out` with what was found so far; default 3000 (live). */
  readonly deadlineMs?: number;
  readonly signal?: AbortSignal;
  /**
   * Called once more with the final evidence when a check that timed out still finishes
   * later (the review modal then updates from "timed out" to "checked").
   */
  readonly onLateResult?: (evidence: ProposalEvidence) => void;
  /**
   * From this many ms on, a language whose changed files are checked while the files that
   * import them are not is answered with what is known (state `checking`); the complete
   * evidence follows in onLateResult. A live check sets it (the person is waiting to read the
   * diff); without it the check waits for complete answers until the deadline.
   */
  readonly changedFilesFirstAfterMs?: number;
  /**
   * After a `timed_out` answer, before onLateResult: the evidence each time a language's
   * changed files are answered (state `checking`; the importers' errors follow).
   */
  readonly onLateProgress?: (evidence: ProposalEvidence) => void;
}

export interface ProjectDiagnostics {
  readonly diagnostics: Diagnostic[];
  readonly languages: ProposalEvidence['languages'];
  readonly ms: number;
}

export interface DiagnosticsMemory {
  /** Per running language service: its resident memory in bytes. */
  readonly services: { language: string; rssBytes: number }[];
}

export interface DiagnosticsPort {
  /** Which errors the change would introduce and fix, against the project on disk. */
  checkChange(
    changes: readonly ProposedFileChange[],
    options?: CheckOptions,
  ): Promise<ProposalEvidence>;
  /** The project's current errors (`sluice check --project`). */
  projectDiagnostics(options?: {
    deadlineMs?: number;
    signal?: AbortSignal;
  }): Promise<ProjectDiagnostics>;
  memory(): DiagnosticsMemory;
  /**
   * Starts the checkers that keep a warm state (TypeScript, pyright) so their disk side is
   * ready before the first proposal; never waits (a caller may await the background
   * preparations that end, such as pyright's pass over the modules). Optional: a port without
   * warm state has nothing to do.
   */
  warm?(): void | Promise<void>;
  /**
   * Files the file watcher saw change on disk (project-relative): each warm checker brings its
   * disk side up to date now instead of at its next look. Optional, as `warm`.
   */
  diskChanged?(paths: readonly string[]): void;
  /** Stops every language service (the project closed). */
  dispose(): Promise<void>;
}
