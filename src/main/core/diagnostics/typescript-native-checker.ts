// TypeScript 7 (the native compiler) as the project's own checker, or Sluice's own when the
// project has none (issue 30 item 2), through its synchronous API (`typescript/unstable/sync`):
// the native process asks us for every file it reads (the `fs` callbacks), so the checker's
// read rules hold (typescript-file-reads.ts) and a proposal is an overlay: new snapshots that
// see the proposed texts, never a file written. The disk snapshot's errors, importer graph
// and export surfaces are cached per disk state; a proposal is checked in the changed files,
// then the importers of every file whose export surface differs, transitively, as the
// 5.x/6.x checker does (typescript-native-surface.ts, typescript-affected-files.ts).
// Runs inside the TypeScript check worker, inside the confinement.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../../../shared/diagnostics';
import { lineTextAt } from './diagnostic-comparison';
import type { ChangedFilesOutcome, LanguageOutcome } from './language-checker';
import type { TsChange, TsCheckerStats, TypeScriptChecker } from './typescript-checker-contract';
import type { ShapeComparer } from './typescript-declaration-shape';
import { dedupeDiagnostics } from './typescript-diagnostic-list';
import type { CheckerFileReads } from './typescript-file-reads';
import {
  createNativeDiskSides,
  type NativeSurfaceProgram,
  type NativeTypeChecker,
} from './typescript-native-surface';
import { nativeReferenceCycle } from './typescript-native-references';
import {
  isFatalConfigError,
  TS_SOURCE_EXTENSIONS,
  type ConfigError,
} from './typescript-project-configs';

interface NativeDiagnostic {
  readonly fileName?: string;
  readonly pos: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
}
interface NativeProgram extends NativeSurfaceProgram {
  getSyntacticDiagnostics(file: string): readonly NativeDiagnostic[];
  getSemanticDiagnostics(file: string): readonly NativeDiagnostic[];
  getConfigFileParsingDiagnostics(): readonly NativeDiagnostic[];
  getProgramDiagnostics(): readonly NativeDiagnostic[];
}
interface NativeProject {
  readonly id: string;
  readonly configFileName: string;
  readonly program: NativeProgram;
  readonly checker: NativeTypeChecker;
}
interface NativeSnapshot {
  getProjects(): readonly NativeProject[];
  getProject(configFileName: string): NativeProject | undefined;
  getDefaultProjectForFile(file: string): NativeProject | undefined;
  dispose(): void;
}
interface NativeApi {
  updateSnapshot(params: Record<string, unknown>): NativeSnapshot;
  close(): void;
}

export interface NativeChecker extends TypeScriptChecker {
  /** TypeScript's words for what is wrong with the root configuration; '' when nothing is. */
  configurationProblems(): string;
}

const ERROR = 1;

export async function createNativeChecker(
  packageFolder: string,
  root: string,
  reads: CheckerFileReads,
  sameShape?: ShapeComparer,
): Promise<NativeChecker> {
  const module = (await import(
    pathToFileURL(path.join(packageFolder, 'dist', 'api', 'sync', 'api.js')).href
  )) as { API: new (options: Record<string, unknown>) => NativeApi };
  const overlay = new Map<string, string | null>();
  const versions = new Map<string, string>();
  const stat = (file: string): string => {
    try {
      const s = statSync(file);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  };
  const isProjectFile = (file: string): boolean =>
    file.startsWith(root + '/') && !file.includes('/node_modules/');
  const api = new module.API({
    cwd: root,
    fs: {
      readFile: (file: string): string | null => {
        if (overlay.has(file)) return overlay.get(file) ?? null;
        if (isProjectFile(file) && !versions.has(file)) versions.set(file, stat(file));
        return reads.readFile(file) ?? null;
      },
      fileExists: (file: string): boolean =>
        overlay.has(file) ? overlay.get(file) !== null : reads.fileExists(file),
      realpath: (file: string): string => reads.realpath(file),
    },
  });
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const absolute = (rel: string): string => path.join(root, ...rel.split('/'));
  let counts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  let epoch = 0;
  let shown: string[] = [];
  let last: { key: string; outcome: LanguageOutcome } | null = null;
  const diskErrors = new Map<string, Diagnostic[]>();
  let pending: { epoch: number; files: string[] } | null = null;
  const rootConfig = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => reads.fileExists(file));
  let snapshot = api.updateSnapshot(rootConfig ? { openProjects: [rootConfig] } : {});
  const openedProjects = new Set<string>(rootConfig ? [rootConfig] : []);
  counts.diskPrograms++;

  const next = (params: Record<string, unknown>): NativeSnapshot => {
    const old = snapshot;
    snapshot = api.updateSnapshot(params);
    old.dispose();
    return snapshot;
  };

  const textOf = (file: string): string => {
    if (overlay.has(file)) return overlay.get(file) ?? '';
    return reads.readFile(file) ?? '';
  };

  /** `onDisk`: the diagnostics are the disk program's, their lines counted in the disk text. */
  const convert = (list: readonly NativeDiagnostic[], onDisk: boolean): Diagnostic[] =>
    list
      .filter((d) => d.category === ERROR && d.fileName)
      .map((d) => {
        const file = d.fileName as string;
        const text = !isProjectFile(file)
          ? ''
          : onDisk
            ? (reads.readFile(file) ?? '')
            : textOf(file);
        const before = text.slice(0, d.pos);
        const line = before.split('\n').length;
        const column = d.pos - before.lastIndexOf('\n');
        return {
          path: relative(file),
          line,
          column,
          code: `TS${d.code}`,
          message: d.text,
          lineText: text ? lineTextAt(text, line) : '',
          source: 'typescript',
        };
      });

  const errorsOf = (program: NativeProgram, file: string, onDisk = false): Diagnostic[] =>
    convert(
      [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)],
      onDisk,
    );

  const configProblems = (
    program: NativeProgram,
  ): { fatal: ConfigError[]; other: ConfigError[] } => {
    const all = [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
      .filter((d) => d.category === ERROR)
      .map((d) => ({ code: d.code, message: d.text.split(`${root}/`).join('') }));
    return {
      fatal: all.filter(isFatalConfigError),
      other: all.filter((e) => !isFatalConfigError(e)),
    };
  };
  const words = (errors: readonly ConfigError[]): string =>
    [...new Set(errors.map((e) => `TS${e.code}: ${e.message.replace(/\s+/g, ' ').slice(0, 300)}`))]
      .slice(0, 3)
      .join('; ');

  /**
   * The disk side: files changed on disk since they were read are told to the native side, and
   * `created` (absolute; the watcher's news) that exist now and were never read.
   */
  const refreshDisk = (created: readonly string[] = []): void => {
    const changed: string[] = [];
    for (const [file, version] of versions) {
      const now = stat(file);
      if (now === version) continue;
      versions.set(file, now);
      changed.push(file);
    }
    const appeared = created.filter((file) => !versions.has(file) && stat(file) !== 'missing');
    if (!changed.length && !appeared.length) return;
    epoch++;
    diskErrors.clear();
    sides.reset();
    next({ fileChanges: { changed, ...(appeared.length ? { created: appeared } : {}) } });
    counts = { ...counts, diskPrograms: counts.diskPrograms + 1 };
  };

  /** Back to the disk texts after a proposal's overlay. */
  const clearOverlay = (): void => {
    if (!overlay.size) return;
    const files = [...overlay.keys()];
    overlay.clear();
    const present = files.filter((f) => reads.fileExists(f));
    next({
      fileChanges: { changed: present, deleted: files.filter((f) => !present.includes(f)) },
      closeFiles: files,
    });
  };

  const sides = createNativeDiskSides({
    isProjectFile,
    texts: (file) => [textOf(file), reads.readFile(file) ?? ''],
    ...(sameShape ? { sameShape } : {}),
  });
  let cycle: { epoch: number; found: ReturnType<typeof nativeReferenceCycle> } | null = null;
  const referenceCycle = (): ReturnType<typeof nativeReferenceCycle> => {
    if (!rootConfig) return null;
    if (cycle?.epoch !== epoch) cycle = { epoch, found: nativeReferenceCycle(rootConfig, reads) };
    return cycle.found;
  };

  const diskErrorsOf = (program: NativeProgram, file: string): Diagnostic[] => {
    let cached = diskErrors.get(file);
    if (!cached) {
      cached = errorsOf(program, file, true);
      diskErrors.set(file, cached);
    }
    return cached;
  };

  const refusedWords = (): string => {
    const refused = reads.refusals();
    return refused.length
      ? `not read: ${refused
          .slice(0, 5)
          .map((r) => `${r.path} (${r.why})`)
          .join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}`
      : '';
  };

  const checkOverlay = (
    changes: readonly TsChange[],
    extraImporters: Record<string, string[]>,
    onChangedFiles?: (outcome: ChangedFilesOutcome) => void,
  ): LanguageOutcome => {
    const files = changes
      .filter((c) => TS_SOURCE_EXTENSIONS.some((ext) => c.path.endsWith(ext)))
      .map((c) => absolute(c.path));
    const onDisk = files.filter((f) => reads.fileExists(f));
    let disk = next({ openFiles: onDisk });
    const extra = new Map(
      Object.entries(extraImporters).map(([k, v]) => [absolute(k), v.map(absolute)]),
    );
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
      disk = next({ openProjects: toOpen });
      for (const config of toOpen) openedProjects.add(config);
      for (const [config, entry] of byProject) {
        const reopened = disk.getProject(config);
        if (reopened) byProject.set(config, { ...entry, project: reopened });
        else byProject.delete(config);
      }
    }
    const fatal: ConfigError[] = [];
    const other: ConfigError[] = [];
    const cycle = referenceCycle();
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
    const proposed = api.updateSnapshot({
      ...(createdNow.length ? { openFiles: createdNow } : {}),
      fileChanges: {
        changed: onDisk.filter((f) => overlay.get(f) !== null),
        created: created.filter((f) => overlay.get(f) !== null),
        deleted: files.filter((f) => overlay.get(f) === null),
      },
    });
    counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
    const before: Diagnostic[] = [];
    const after: Diagnostic[] = [];
    let checked = 0;
    try {
      const checkIn = (
        project: NativeProject,
        overlaid: NativeProject,
        inDisk: ReadonlySet<string>,
        file: string,
      ): void => {
        if (inDisk.has(file) && (onDisk.includes(file) || !files.includes(file)))
          before.push(...diskErrorsOf(project.program, file));
        if (overlay.get(file) === null) return;
        // A created file is in the program its folder's config gives it, once opened.
        const owner = createdNow.includes(file)
          ? (proposed.getDefaultProjectForFile(file) ?? overlaid)
          : overlaid;
        checked++;
        after.push(...errorsOf(owner.program, file));
      };
      // The changed files first, in every program; their importers after (onChangedFiles).
      const later: (() => void)[] = [];
      for (const { project, changed } of checkable) {
        const overlaid = proposed.getProject(project.configFileName);
        if (!overlaid) continue;
        const inDisk = new Set(project.program.getSourceFileNames());
        for (const file of changed) checkIn(project, overlaid, inDisk, file);
        if (sides.keepsShape(project, overlaid, changed)) continue;
        later.push(() => {
          const done = new Set(changed);
          for (const file of sides.affected(project, overlaid, changed, extra))
            if (!done.has(file)) checkIn(project, overlaid, inDisk, file);
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
      snapshot = proposed;
      disk.dispose();
    }
    if (fatal.length && !checked)
      return { state: 'not_checked', reason: words(fatal), filesChecked: 0 };
    shown = [words([...other, ...fatal]), refusedWords()].filter(Boolean);
    return {
      state: 'checked',
      before: dedupeDiagnostics(before),
      after: dedupeDiagnostics(after),
      filesChecked: checked,
      ...(shown.length ? { reason: shown.join('; ') } : {}),
    };
  };

  return {
    check(changes, extraImporters, onChangedFiles) {
      clearOverlay();
      refreshDisk();
      // A revision that proposes the same texts again on the same disk state: the same answer.
      const key = createHash('sha1')
        .update(JSON.stringify([epoch, changes, extraImporters]))
        .digest('hex');
      if (last?.key === key) return last.outcome;
      const outcome = checkOverlay(changes, extraImporters, onChangedFiles);
      last = { key, outcome };
      return outcome;
    },
    project() {
      clearOverlay();
      refreshDisk();
      if (!rootConfig)
        return {
          state: 'not_checked',
          reason: 'no tsconfig.json: TypeScript 7 checks a project through its tsconfig.json',
          filesChecked: 0,
        };
      const project =
        snapshot.getProject(rootConfig) ??
        next({ openProjects: [rootConfig] }).getProject(rootConfig);
      if (!project) return null;
      const problems = configProblems(project.program);
      const cycle = referenceCycle();
      if (problems.fatal.length || cycle)
        return {
          state: 'not_checked',
          reason: words([...(cycle ? [cycle.error] : []), ...problems.fatal]),
          filesChecked: 0,
        };
      const files = project.program.getSourceFileNames().filter(isProjectFile);
      const out = files.flatMap((file) => diskErrorsOf(project.program, file));
      const reason = [words(problems.other), refusedWords()].filter(Boolean).join('; ');
      return {
        state: 'checked',
        diagnostics: dedupeDiagnostics(out),
        filesChecked: files.length,
        ...(reason ? { reason } : {}),
      };
    },
    prepareStep() {
      clearOverlay();
      if (pending?.epoch === epoch && !pending.files.length) refreshDisk();
      if (!pending || pending.epoch !== epoch) {
        const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
        pending = {
          epoch,
          files: project ? project.program.getSourceFileNames().filter(isProjectFile) : [],
        };
        if (project) sides.graphOf(project);
        return pending.files.length > 0;
      }
      const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
      const until = Date.now() + 25;
      const surfaces = project ? sides.diskSurfaces(project) : undefined;
      while (project && pending.files.length) {
        const file = pending.files.pop() as string;
        diskErrorsOf(project.program, file);
        surfaces?.localOf(file);
        counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
        if (Date.now() >= until) return true;
      }
      return false;
    },
    noticeDisk(paths) {
      // Back to the disk texts first (a proposal's overlay stays until the next request); the
      // next preparation step prepares the new disk state.
      clearOverlay();
      refreshDisk(paths.map(absolute).filter(isProjectFile));
    },
    configurationProblems() {
      const project = rootConfig ? snapshot.getProject(rootConfig) : undefined;
      if (!project) return '';
      const problems = configProblems(project.program);
      return words([...problems.fatal, ...problems.other]);
    },
    stats: (): TsCheckerStats => ({
      ...counts,
      prepared: pending?.epoch === epoch && pending.files.length === 0,
    }),
    dispose() {
      api.close();
    },
  };
}
