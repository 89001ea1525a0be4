// The TypeScript checker proper (inside the confined check process's worker): finds the
// programs a change touches, lays the proposed texts over them, works out the affected files
// and returns their errors before and after (change-check.ts). The disk side
// (programs, import graph, surfaces, each file's errors) is kept per disk state and prepared
// in the background between requests (prepareStep), so a proposal only pays for its overlay:
// the changed files and those their change reaches. A configuration TypeScript cannot check
// through (a reference cycle, TS6305/TS6306, a config that does not parse) makes the program
// `not_checked` in TypeScript's words, never "no errors" (check-reasons.ts).
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { ProjectOutcome } from '../language-checker';
import { importerGraph } from './affected-files';
import { checkTsChange, type TsChangeCheckContext } from './change-check';
import { createCheckReasons, JS_NOT_CHECKED } from './check-reasons';
import { createCheckedProjects, isAlone } from './checked-projects';
import type { TypeScriptChecker } from './checker-contract';
import { createShapeComparer } from './declaration-shape';
import { checkedProject, createDiagnosticList } from './diagnostic-list';
import { createSurfaceReader } from './export-surface';
import type { CheckerFileReads } from './file-reads';
import { createProjectPrograms } from './project-programs';
import { isFatalConfigError, type ConfigError } from './project-configs';

/** A background step works through files for about this long before yielding. */
const PREPARE_SLICE_MS = 25;

export function createTypeScriptChecker(
  ts: typeof TypeScript,
  root: string,
  cancellation: TypeScript.HostCancellationToken,
  reads: CheckerFileReads,
): TypeScriptChecker {
  const projects = createCheckedProjects(ts, root, cancellation);
  const preparing = { round: false };

  const isProjectFile = (file: string): boolean =>
    !file.includes('/node_modules/') && file.startsWith(root + '/');
  const list = createDiagnosticList(ts, root, isProjectFile);
  const throwIfCancelled = (): void => {
    if (cancellation.isCancellationRequested()) throw new ts.OperationCanceledException();
  };
  const programs = createProjectPrograms(root, list, isProjectFile, throwIfCancelled);
  const reasons = createCheckReasons(list, reads, projects);
  const changeCheck: TsChangeCheckContext = {
    ts,
    root,
    projects,
    programs,
    reasons,
    shapes: createShapeComparer(ts),
    isProjectFile,
    throwIfCancelled,
  };

  return {
    check(changes, extraImporters, onChangedFiles) {
      return checkTsChange(changeCheck, { changes, extraImporters, onChangedFiles });
    },
    project() {
      return projectOutcome(changeCheck);
    },
    prepareStep: () => prepareStep(changeCheck, preparing),
    noticeDisk() {
      // The configs' file lists (a created file) are read again too, not after their 5 s.
      projects.rereadSoon();
      preparing.round = false;
    },
    stats: () => ({
      ...programs.counts(),
      prepared: [...projects.all()].every(
        (p) => isAlone(p) || (p.pending !== undefined && p.pending.length === 0),
      ),
    }),
    dispose() {
      projects.dispose();
    },
  };
}

/** Every project's errors on disk, each file once; or why nothing could be checked. */
function projectOutcome(context: TsChangeCheckContext): ProjectOutcome | null {
  const { projects, programs, reasons } = context;
  projects.refresh();
  const out: Diagnostic[] = [];
  const checked = new Set<string>();
  const fatal: ConfigError[] = [];
  const other: ConfigError[] = [];
  let anySource = false;
  for (const project of projects.all()) {
    if (isAlone(project)) continue;
    const program = programs.syncDisk(project);
    const problems = programs.problemsOf(project, program);
    other.push(...problems.other);
    const files = programs.sourcesOf(project, program);
    anySource ||= program.getSourceFiles().some((s) => project.hosts.isRootFile(s.fileName));
    if (problems.fatal.length) {
      fatal.push(...problems.fatal);
      continue;
    }
    for (const file of files) {
      if (checked.has(file)) continue;
      checked.add(file);
      out.push(...programs.diskErrorsOf(project, file));
    }
  }
  // A project with a tsconfig always answers: its configuration's problems, or why nothing was checked.
  const configFatal = projects
    .configErrors()
    .filter((e) => !fatal.includes(e) && isFatalConfigError(e));
  if (!checked.size && (fatal.length || configFatal.length))
    return reasons.notChecked([...fatal, ...configFatal]);
  if (!anySource && !projects.hasConfigs()) return null;
  if (!anySource)
    return {
      state: 'not_checked',
      reason:
        reasons.reasonOf([]) ?? 'the tsconfig.json files list no TypeScript or JavaScript file',
      filesChecked: 0,
    };
  if (!checked.size) return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
  return checkedProject(out, checked.size, reasons.reasonOf([...other, ...fatal]));
}

/**
 * One step of the background preparation: a project's graph and surfaces, then its files'
 * errors for about PREPARE_SLICE_MS at a time. `round`: a pass over the projects is under way
 * (the disk was looked at when it began). False when nothing is left.
 */
function prepareStep(context: TsChangeCheckContext, preparing: { round: boolean }): boolean {
  const { ts, projects, programs, isProjectFile } = context;
  if (!preparing.round) {
    projects.refresh();
    for (const project of projects.all()) project.hosts.refreshDisk();
    preparing.round = true;
  }
  const until = Date.now() + PREPARE_SLICE_MS;
  for (const project of projects.all()) {
    if (isAlone(project)) continue;
    const disk = programs.diskProgram(project);
    if (project.pending === undefined) {
      if (programs.problemsOf(project, disk).fatal.length) {
        project.pending = [];
        continue;
      }
      project.graph ??= importerGraph(ts, disk, isProjectFile);
      project.diskSurfaces ??= createSurfaceReader(ts, disk, isProjectFile);
      project.pending = programs
        .sourcesOf(project, disk)
        .filter((f) => !project.diskDiagnostics.has(f));
      return true;
    }
    while (project.pending.length) {
      const file = project.pending.pop() as string;
      programs.diskErrorsOf(project, file);
      project.diskSurfaces?.localOf(file);
      programs.countPrepared();
      if (Date.now() >= until) return true;
    }
  }
  preparing.round = false;
  return false;
}
