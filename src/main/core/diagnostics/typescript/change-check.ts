// One proposal checked by the 5.x/6.x checker: the programs that take each changed file, the
// proposed texts laid over them, the changed files' errors before and after in every program;
// then, unless every changed file keeps its declarations' shape, the files the change reaches
// (affected-files.ts), answered after the changed files (onChangedFiles).
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { LanguageOutcome } from '../language-checker';
import { affectedFiles, importerGraph } from './affected-files';
import { JS_NOT_CHECKED, type CheckReasons } from './check-reasons';
import { isCheckedFile, type CheckedProject, type CheckedProjects } from './checked-projects';
import type { TsCheckRequest } from './checker-contract';
import type { ShapeComparer } from './declaration-shape';
import { dedupeDiagnostics } from './diagnostic-list';
import { createSurfaceReader } from './export-surface';
import type { ProjectPrograms } from './project-programs';
import { TS_SOURCE_EXTENSIONS, type ConfigError } from './project-configs';

export interface TsChangeCheckContext {
  readonly ts: typeof TypeScript;
  readonly root: string;
  readonly projects: CheckedProjects;
  readonly programs: ProjectPrograms;
  readonly reasons: CheckReasons;
  readonly shapes: ShapeComparer;
  readonly isProjectFile: (file: string) => boolean;
  readonly throwIfCancelled: () => void;
}

export function checkTsChange(
  context: TsChangeCheckContext,
  request: TsCheckRequest,
): LanguageOutcome {
  const { changes, extraImporters, onChangedFiles } = request;
  const { ts, root, projects, programs, reasons, shapes, isProjectFile } = context;
  const absolute = (relative: string): string => path.join(root, ...relative.split('/'));
  projects.refresh();
  const overlayFiles = new Map(changes.map((c) => [absolute(c.path), c.after]));
  const byProject = new Map<CheckedProject, string[]>();
  let uncheckedJs = 0;
  for (const change of changes) {
    const file = absolute(change.path);
    if (!TS_SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
    const onDisk = ts.sys.fileExists(file);
    for (const project of projects.projectsFor(file, onDisk)) {
      const config = project.hosts.config;
      if (!isCheckedFile(config, file, change.after ?? ts.sys.readFile(file))) {
        uncheckedJs++;
        continue;
      }
      byProject.set(project, [...(byProject.get(project) ?? []), file]);
    }
  }
  if (!byProject.size && uncheckedJs)
    return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
  const before: Diagnostic[] = [];
  const after: Diagnostic[] = [];
  const checkedFiles = new Set<string>();
  const fatal: ConfigError[] = [];
  const other: ConfigError[] = [];
  const extra = new Map(
    Object.entries(extraImporters).map(([k, v]) => [absolute(k), v.map(absolute)]),
  );
  /** Checks a file once per program; `checked` is the program's own set. */
  const checkIn = (
    project: CheckedProject,
    disk: TypeScript.Program,
    file: string,
    checked: Set<string>,
  ): void => {
    if (checked.has(file)) return;
    checked.add(file);
    const text = overlayFiles.has(file) ? (overlayFiles.get(file) ?? undefined) : undefined;
    if (!isCheckedFile(project.hosts.config, file, text ?? disk.getSourceFile(file)?.text)) return;
    checkedFiles.add(file);
    before.push(...programs.diskErrorsOf(project, file));
    after.push(...programs.errorsOf(project.hosts.overlay, file));
  };
  // The changed files first, in every program, answered (onChangedFiles) before the shape
  // test and their importers.
  const later: (() => void)[] = [];
  for (const [project, changed] of byProject) {
    const config = project.hosts.config;
    const disk = programs.syncDisk(project);
    project.hosts.setOverlay({ files: overlayFiles }, (file) => projects.accepts(config, file));
    const overlay = programs.overlayProgram(project);
    const problems = programs.problemsOf(project, overlay);
    other.push(...problems.other);
    if (problems.fatal.length) {
      fatal.push(...problems.fatal);
      continue;
    }
    const checked = new Set<string>();
    for (const file of changed)
      if (disk.getSourceFile(file) || overlay.getSourceFile(file))
        checkIn(project, disk, file, checked);
    later.push(() => {
      // Every changed file keeps its declarations' shape: its importers cannot see a difference.
      const sameShape = changed.every((file) => {
        const before = disk.getSourceFile(file)?.text;
        const after = overlayFiles.get(file);
        return (
          typeof before === 'string' && typeof after === 'string' && shapes(file, before, after)
        );
      });
      if (sameShape) return;
      project.graph ??= importerGraph(ts, disk, isProjectFile);
      project.diskSurfaces ??= createSurfaceReader(ts, disk, isProjectFile);
      const affected = affectedFiles(ts, {
        changed,
        disk,
        overlay,
        graph: project.graph,
        extraImporters: extra,
        diskSurfaces: project.diskSurfaces,
        overlaySurfaces: createSurfaceReader(ts, overlay, isProjectFile),
        isProjectFile,
        throwIfCancelled: context.throwIfCancelled,
      });
      for (const file of affected) checkIn(project, disk, file, checked);
    });
  }
  if (later.length && checkedFiles.size)
    onChangedFiles?.({
      state: 'checked',
      before: dedupeDiagnostics(before),
      after: dedupeDiagnostics(after),
      filesChecked: checkedFiles.size,
    });
  for (const walk of later) walk();
  // Errors only said about files a program could check: a program TypeScript cannot
  // check through says so, even when another program checked the same change.
  if (fatal.length && !checkedFiles.size) return reasons.notChecked(fatal);
  const reason = reasons.reasonOf([...other, ...fatal]);
  return {
    state: 'checked',
    before: dedupeDiagnostics(before),
    after: dedupeDiagnostics(after),
    filesChecked: checkedFiles.size,
    ...(reason ? { reason } : {}),
  };
}
