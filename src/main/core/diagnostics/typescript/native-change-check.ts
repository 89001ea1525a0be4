// One proposal checked by TypeScript 7: the changed files' projects (opened as projects, so
// they take file changes), a proposed snapshot beside the disk one that sees the proposed
// texts, the changed files' errors before and after, answered first (onChangedFiles); then,
// unless every changed file keeps its declarations' shape, the importers of every file whose
// export surface differs, transitively (native-surface.ts). A project whose configuration TypeScript cannot check through (a
// reference cycle among them) is `not_checked`. Loose files (the config the checker gave a
// project with none) are checked as the 5.x/6.x checker checks them: JavaScript only with
// `// @ts-check`, and the result says the default options were used.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { DEFAULT_OPTIONS_USED, JS_NOT_CHECKED } from './check-reasons';
import type { LanguageOutcome } from '../language-checker';
import type { TsCheckRequest } from './checker-contract';
import { dedupeDiagnostics } from './diagnostic-list';
import type { CheckerFileReads } from './file-reads';
import type { NativeProgram, NativeProject, NativeSnapshot } from './native-api';
import type { NativeDiagnostics } from './native-diagnostics';
import { isCheckedLooseFile } from './native-inferred-project';
import type { nativeReferenceCycle } from './native-references';
import type { NativeDiskSides } from './native-surface';
import { TS_SOURCE_EXTENSIONS, type ConfigError } from './project-configs';

export interface NativeChangeCheckContext {
  readonly root: string;
  /** The root's tsconfig.json or jsconfig.json, when there is one; else the inferred config. */
  readonly rootConfig: string | undefined;
  /** The root config is the inferred one (loose files). */
  readonly inferred: boolean;
  /** A file of the project itself (not a dependency, not a lib file). */
  readonly isProjectFile: (file: string) => boolean;
  readonly reads: CheckerFileReads;
  /** The proposed texts by absolute path (null: deleted), as the native side reads them. */
  readonly overlay: Map<string, string | null>;
  /** Configs opened as projects (a project loaded only for an open file takes no changes). */
  readonly openedProjects: Set<string>;
  readonly diagnostics: NativeDiagnostics;
  readonly sides: NativeDiskSides;
  /** The next current snapshot; the one before is disposed. */
  next(params: Record<string, unknown>): NativeSnapshot;
  /** A snapshot beside the current one, which stays open (a proposal's). */
  propose(params: Record<string, unknown>): NativeSnapshot;
  /** The proposed snapshot becomes the current one. */
  adopt(snapshot: NativeSnapshot): void;
  /** A file's errors on disk, kept for this disk state. */
  diskErrorsOf(program: NativeProgram, file: string): Diagnostic[];
  referenceCycle(): ReturnType<typeof nativeReferenceCycle>;
  /** The files not read under the read rules, in words ('' when none). */
  refusedWords(): string;
}

export function checkNativeChange(
  context: NativeChangeCheckContext,
  request: TsCheckRequest,
): LanguageOutcome {
  const { changes, extraImporters, onChangedFiles } = request;
  const { rootConfig, reads, overlay, diagnostics, sides } = context;
  const { configProblems, errorsOf, words } = diagnostics;
  const absolute = (rel: string): string => path.join(context.root, ...rel.split('/'));
  const files = changes
    .filter((c) => TS_SOURCE_EXTENSIONS.some((ext) => c.path.endsWith(ext)))
    .map((c) => absolute(c.path));
  const onDisk = files.filter((f) => reads.fileExists(f));
  const extra = new Map(
    Object.entries(extraImporters).map(([k, v]) => [absolute(k), v.map(absolute)]),
  );
  const { disk, byProject } = projectsOfChanges(context, files, onDisk);
  const fatal: ConfigError[] = [];
  const other: ConfigError[] = [];
  const cycle = context.referenceCycle();
  const checkable = [...byProject.values()].filter(({ project }) => {
    const problems = configProblems(project.program);
    other.push(...problems.other);
    const inCycle = cycle?.configs.has(project.configFileName) ? [cycle.error] : [];
    if (!problems.fatal.length && !inCycle.length) return true;
    fatal.push(...problems.fatal, ...inCycle);
    return false;
  });
  for (const change of changes) overlay.set(absolute(change.path), change.after);
  const created = files.filter((f) => !onDisk.includes(f));
  const createdNow = created.filter((f) => overlay.get(f) !== null);
  // The disk snapshot stays open beside the proposed one: surfaces are compared across them.
  const proposed = context.propose({
    ...(createdNow.length ? { openFiles: createdNow } : {}),
    fileChanges: {
      changed: onDisk.filter((f) => overlay.get(f) !== null),
      created: created.filter((f) => overlay.get(f) !== null),
      deleted: files.filter((f) => overlay.get(f) === null),
    },
  });
  const before: Diagnostic[] = [];
  const after: Diagnostic[] = [];
  let checked = 0;
  let looseJs = 0;
  const isLoose = (project: NativeProject): boolean =>
    context.inferred && project.configFileName === rootConfig;
  /** A file the proposed program has where the disk one does (not deleted, not created). */
  const isOverlaid = (file: string): boolean =>
    overlay.get(file) !== null && !createdNow.includes(file);
  const textOf = (file: string): string | undefined =>
    overlay.has(file) ? (overlay.get(file) ?? undefined) : reads.readFile(file);
  try {
    const checkIn = (
      project: NativeProject,
      overlaid: NativeProject,
      inDisk: ReadonlySet<string>,
      file: string,
      /** The file's errors in `overlaid`, when asked for with others'. */
      asked?: ReadonlyMap<string, Diagnostic[]> | null,
    ): void => {
      if (isLoose(project) && !isCheckedLooseFile(file, textOf(file))) {
        looseJs++;
        return;
      }
      if (inDisk.has(file) && (onDisk.includes(file) || !files.includes(file)))
        before.push(...context.diskErrorsOf(project.program, file));
      if (overlay.get(file) === null) return;
      // A created file is in the program its folder's config gives it, once opened.
      const owner = createdNow.includes(file)
        ? (proposed.getDefaultProjectForFile(file) ?? overlaid)
        : overlaid;
      checked++;
      const known = owner === overlaid ? asked?.get(file) : undefined;
      after.push(...(known ?? errorsOf(owner.program, file)));
    };
    // The changed files first, in every program, answered (onChangedFiles) before anything
    // else is asked: whether they keep their shape, then their importers.
    const later: (() => void)[] = [];
    for (const { project, changed } of checkable) {
      const overlaid = proposed.getProject(project.configFileName);
      if (!overlaid) continue;
      const inDisk = new Set(project.program.getSourceFileNames());
      for (const file of changed) checkIn(project, overlaid, inDisk, file);
      if (nothingElse(context, project, overlaid, changed)) continue;
      later.push(() => {
        if (sides.keepsShape(project, overlaid, changed)) return;
        const reached = sides.affected(project, overlaid, changed, extra);
        const rest = reached.filter((f) => !changed.includes(f));
        // Past a share of the program, one request for all of it; else each file alone.
        const asked = diagnostics.errorsOfFiles(overlaid.program, rest.filter(isOverlaid));
        for (const file of rest) checkIn(project, overlaid, inDisk, file, asked);
      });
    }
    if (later.length && checked)
      onChangedFiles?.({
        state: 'checked',
        before: dedupeDiagnostics(before),
        after: dedupeDiagnostics(after),
        filesChecked: checked,
      });
    for (const walk of later) walk();
  } finally {
    context.adopt(proposed);
    disk.dispose();
  }
  if (fatal.length && !checked)
    return { state: 'not_checked', reason: words(fatal), filesChecked: 0 };
  if (looseJs && !checked) return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
  const shown = [
    context.inferred ? DEFAULT_OPTIONS_USED : '',
    words([...other, ...fatal]),
    context.refusedWords(),
  ].filter(Boolean);
  return {
    state: 'checked',
    before: dedupeDiagnostics(before),
    after: dedupeDiagnostics(after),
    filesChecked: checked,
    ...(shown.length ? { reason: shown.join('; ') } : {}),
  };
}

/**
 * The changed files are every file of the project's programs (a project of one file): no
 * other file can see the change, so neither the shape test nor the importers' walk is asked
 * (the shape test loads a second compiler, a second of a cold check).
 */
function nothingElse(
  context: NativeChangeCheckContext,
  disk: NativeProject,
  proposed: NativeProject,
  changed: readonly string[],
): boolean {
  const mine = new Set(changed);
  return [disk, proposed].every((project) =>
    project.program
      .getSourceFileNames()
      .every((file) => mine.has(file) || !context.isProjectFile(file)),
  );
}

/**
 * The changed files by the project each is checked in (its folder's config, else the root's),
 * every such project opened so that it takes file changes; and the disk snapshot they are in.
 */
function projectsOfChanges(
  context: NativeChangeCheckContext,
  files: readonly string[],
  onDisk: readonly string[],
): {
  disk: NativeSnapshot;
  byProject: Map<string, { project: NativeProject; changed: string[] }>;
} {
  const { rootConfig, openedProjects } = context;
  let disk = context.next({ openFiles: onDisk });
  const byProject = new Map<string, { project: NativeProject; changed: string[] }>();
  for (const file of files) {
    const project =
      (onDisk.includes(file) ? disk.getDefaultProjectForFile(file) : undefined) ??
      (rootConfig ? disk.getProject(rootConfig) : undefined);
    if (!project) continue;
    const entry = byProject.get(project.configFileName) ?? { project, changed: [] };
    entry.changed.push(file);
    byProject.set(project.configFileName, entry);
  }
  // A project loaded only for an open file (a referenced project of a solution-style
  // tsconfig) does not take file changes; opened as a project, it does.
  const toOpen = [...byProject.keys()].filter((config) => !openedProjects.has(config));
  if (toOpen.length) {
    disk = context.next({ openProjects: toOpen });
    for (const config of toOpen) openedProjects.add(config);
    for (const [config, entry] of byProject) {
      const reopened = disk.getProject(config);
      if (reopened) byProject.set(config, { ...entry, project: reopened });
      else byProject.delete(config);
    }
  }
  return { disk, byProject };
}
