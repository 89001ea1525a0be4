// One language's checker as the diagnostics service drives it. A checker answers with the
// errors of the affected files before (on disk) and after (with the proposed texts); the
// service compares them, applies the deadline and assembles the evidence.
// Contract: check/project never reject for a checker's own failure; they resolve with
// state `not_checked` and a reason in words.
import type { Diagnostic } from '../../../shared/diagnostics';
import { missingCase } from '../../../shared/missing-case';
import type { ProposedFileChange } from './diagnostics-port';

export const DIAGNOSTICS_LANGUAGES = ['typescript', 'python', 'go', 'rust', 'java'] as const;
export type DiagnosticsLanguage = (typeof DIAGNOSTICS_LANGUAGES)[number];

export type LanguageOutcome =
  | {
      readonly state: 'checked';
      /** Errors of the affected files on disk and with the change (positions in each text). */
      readonly before: readonly Diagnostic[];
      readonly after: readonly Diagnostic[];
      readonly filesChecked: number;
      /** Said to the person even when checked (e.g. "no tsconfig.json: checked with defaults"). */
      readonly reason?: string;
      /** Which checker answered: "TypeScript 6.0.3, the project's". */
      readonly checker?: string;
    }
  | NotCheckedOutcome;

/** A checker's answer when it could not check: why, in words. */
export interface NotCheckedOutcome {
  readonly state: 'not_checked';
  readonly reason: string;
  readonly filesChecked: number;
  readonly checker?: string;
}

/**
 * The changed files' errors, answered before the files that import them are checked: the
 * same before/after comparison, over the changed files only. The final outcome follows and
 * replaces it.
 */
export interface ChangedFilesOutcome {
  readonly state: 'checked';
  readonly before: readonly Diagnostic[];
  readonly after: readonly Diagnostic[];
  readonly filesChecked: number;
  readonly checker?: string;
}

export type ProjectOutcome =
  | {
      readonly state: 'checked';
      readonly diagnostics: readonly Diagnostic[];
      readonly filesChecked: number;
      readonly reason?: string;
      readonly checker?: string;
    }
  | NotCheckedOutcome;

export interface LanguageChecker {
  readonly language: DiagnosticsLanguage;
  /** Whether this checker handles the project-relative path. */
  owns(path: string): boolean;
  /**
   * `ceilingMs`: the caller's hard ceiling for this call (the service's, never shorter than
   * its deadline); a checker with a ceiling of its own keeps the longer of the two.
   * `onChangedFiles`: called at most once, before the answer, when the changed files are
   * checked and files that import them are still to be checked. By then the checker has read
   * what it compares against on disk: a write of the change after it leaves the answer true.
   */
  check(
    changes: readonly ProposedFileChange[],
    signal: AbortSignal,
    ceilingMs?: number,
    onChangedFiles?: (outcome: ChangedFilesOutcome) => void,
  ): Promise<LanguageOutcome>;
  /** The project's current errors, or null when the project has no file of this language. */
  project(signal: AbortSignal, ceilingMs?: number): Promise<ProjectOutcome | null>;
  /**
   * Starts the checker and its background preparation now (the project opened); a checker
   * whose preparation ends (pyright's pass over the modules) resolves when it has.
   */
  warm?(): void | Promise<void>;
  /** Files the file watcher saw change (project-relative): the disk side is brought up to date. */
  diskChanged?(paths: readonly string[]): void;
  /** Resident memory of the running service in bytes; null when nothing runs. */
  memoryBytes(): number | null;
  dispose(): Promise<void>;
}

/** The language's name for a person. */
export function languageLabel(language: DiagnosticsLanguage): string {
  switch (language) {
    case 'typescript':
      return 'TypeScript';
    case 'python':
      return 'Python';
    case 'go':
      return 'Go';
    case 'rust':
      return 'Rust';
    case 'java':
      return 'Java';
    default:
      return missingCase(language);
  }
}
