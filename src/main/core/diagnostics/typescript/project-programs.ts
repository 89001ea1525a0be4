// A checked project's two programs (on disk, and with the proposed texts laid over it) and
// each file's errors in them. A file's errors on disk are worked out once while the disk state
// stays; a new disk state drops them with the importer graph and export surfaces. Counts the
// programs built, for the checker's stats.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { isCheckedFile, type CheckedProject } from './checked-projects';
import type { DiagnosticList } from './diagnostic-list';
import type { ConfigError } from './project-configs';

export interface ProgramCounts {
  readonly diskPrograms: number;
  readonly overlayPrograms: number;
  readonly preparedFiles: number;
}

export interface ProjectPrograms {
  /** A file's errors in a program (syntax and types), now. */
  errorsOf(service: TypeScript.LanguageService, file: string): Diagnostic[];
  /** A file's errors on disk, worked out once while the disk state stays (see syncDisk). */
  diskErrorsOf(project: CheckedProject, file: string): Diagnostic[];
  /** The disk program as it is; its caches dropped when the disk state moved. */
  diskProgram(project: CheckedProject): TypeScript.Program;
  /** The disk program after looking at the disk for changes. */
  syncDisk(project: CheckedProject): TypeScript.Program;
  overlayProgram(project: CheckedProject): TypeScript.Program;
  /** The project's own configuration errors and its program's, split by whether they are fatal. */
  problemsOf(
    project: CheckedProject,
    program: TypeScript.Program | undefined,
  ): { fatal: ConfigError[]; other: ConfigError[] };
  /** The project's checked source files on disk (what tsc would check). */
  sourcesOf(project: CheckedProject, program: TypeScript.Program): string[];
  /** One more file prepared in the background. */
  countPrepared(): void;
  counts(): ProgramCounts;
}

export function createProjectPrograms(
  root: string,
  list: DiagnosticList,
  isProjectFile: (file: string) => boolean,
  throwIfCancelled: () => void,
): ProjectPrograms {
  let counts: ProgramCounts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');

  const errorsOf = (service: TypeScript.LanguageService, file: string): Diagnostic[] => {
    const source = service.getProgram()?.getSourceFile(file);
    if (!source) return [];
    throwIfCancelled();
    return list.convert(
      [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)],
      source,
    );
  };

  const diskProgram = (project: CheckedProject): TypeScript.Program => {
    const program = project.hosts.disk.getProgram() as TypeScript.Program;
    if (program !== project.lastDisk) {
      project.lastDisk = program;
      counts = { ...counts, diskPrograms: counts.diskPrograms + 1 };
    }
    if (project.diskEpoch !== project.hosts.diskEpoch()) {
      project.diskEpoch = project.hosts.diskEpoch();
      project.graph = undefined;
      project.diskSurfaces = undefined;
      project.pending = undefined;
      project.diskDiagnostics.clear();
    }
    return program;
  };

  return {
    errorsOf,
    diskErrorsOf(project, file) {
      let cached = project.diskDiagnostics.get(file);
      if (!cached) {
        cached = errorsOf(project.hosts.disk, file);
        project.diskDiagnostics.set(file, cached);
      }
      return cached;
    },
    diskProgram,
    syncDisk(project) {
      project.hosts.refreshDisk();
      return diskProgram(project);
    },
    overlayProgram(project) {
      const program = project.hosts.overlay.getProgram() as TypeScript.Program;
      if (program !== project.lastOverlay) {
        project.lastOverlay = program;
        counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
      }
      return program;
    },
    problemsOf(project, program) {
      return list.configProblems(
        project.hosts.config.configErrors.map((e) => ({
          ...e,
          message: `${relative(project.hosts.config.configPath ?? root)}: ${e.message}`,
        })),
        program,
      );
    },
    sourcesOf(project, program) {
      return program
        .getSourceFiles()
        .filter(
          (s) =>
            project.hosts.isRootFile(s.fileName) &&
            isProjectFile(s.fileName) &&
            isCheckedFile(project.hosts.config, s.fileName, s.text),
        )
        .map((s) => s.fileName);
    },
    countPrepared() {
      counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
    },
    counts: () => counts,
  };
}
