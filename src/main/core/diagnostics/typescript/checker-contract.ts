// What a TypeScript checker answers inside the check worker, whichever compiler checks: 5.x/6.x
// through its language services (checker.ts) or TypeScript 7 through its
// synchronous API (native-checker.ts). The worker (typescript-check-worker.ts)
// drives either the same way.
import type { ChangedFilesOutcome, LanguageOutcome, ProjectOutcome } from '../language-checker';

export interface TsChange {
  /** Project-relative, forward slashes. */
  readonly path: string;
  readonly after: string | null;
}

/** One proposal to check, as both checkers take it. */
export interface TsCheckRequest {
  readonly changes: readonly TsChange[];
  /** Importers the symbol index knows of, by project-relative path. */
  readonly extraImporters: Record<string, string[]>;
  /** The changed files' answer, before their importers are checked. */
  readonly onChangedFiles?: ((outcome: ChangedFilesOutcome) => void) | undefined;
}

export interface TsCheckerStats {
  /** Disk programs built: a new one only when the disk or a file list changed. */
  readonly diskPrograms: number;
  /** Overlay programs built: one per proposal text not seen just before. */
  readonly overlayPrograms: number;
  /** Files whose disk-side errors and surface were prepared in the background. */
  readonly preparedFiles: number;
  /** Whether the disk side is ready for the disk state last seen. */
  readonly prepared: boolean;
}

export interface TypeScriptChecker {
  /** `onChangedFiles`: the changed files' answer, before their importers are checked. */
  check(
    changes: readonly TsChange[],
    extraImporters: Record<string, string[]>,
    onChangedFiles?: (outcome: ChangedFilesOutcome) => void,
  ): LanguageOutcome;
  project(): ProjectOutcome | null;
  /** One step of background preparation of the disk side; false when nothing is left. */
  prepareStep(): boolean;
  /**
   * The file watcher saw these files change (project-relative): the next preparation step
   * starts from the disk as it is now (configs and their file lists included).
   */
  noticeDisk(paths: readonly string[]): void;
  stats(): TsCheckerStats;
  dispose(): void;
}
