// The TypeScript checker proper (inside the confined check process's worker): finds the
// programs a change touches, lays the proposed texts over them, works out the affected files
// and returns their errors before and after. The disk side (programs, import graph, surfaces,
// each file's errors) is kept per disk state and prepared in the background between requests
// (prepareStep), so a proposal only pays for its overlay: the changed files and those their
// change reaches. A configuration TypeScript cannot check through (a reference cycle,
// TS6305/TS6306, a config that does not parse) makes the program `not_checked` in
// TypeScript's words, never "no errors".
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { ChangedFilesOutcome, LanguageOutcome, ProjectOutcome } from './language-checker';
import { affectedFiles, importerGraph } from './typescript-affected-files';
import { createShapeComparer } from './typescript-declaration-shape';
import { createDiagnosticList, dedupeDiagnostics } from './typescript-diagnostic-list';
import { createSurfaceReader, type SurfaceReader } from './typescript-export-surface';
import type { CheckerFileReads } from './typescript-file-reads';
import { createTsProjectHosts, type TsProjectHosts } from './typescript-language-hosts';
import {
  defaultProjectConfig,
  hasTsCheckPragma,
  isFatalConfigError,
  isJavaScriptFile,
  nearestConfig,
  readConfigTree,
  readProjectConfigs,
  TS_SOURCE_EXTENSIONS,
  type ConfigError,
  type TsProjectConfig,
} from './typescript-project-configs';

export interface TsChange {
  /** Project-relative, forward slashes. */
  readonly path: string;
  readonly after: string | null;
}

export const JS_NOT_CHECKED = 'JavaScript files are not type-checked (no checkJs or // @ts-check)';

/** How often (at most) the configs' file lists are read again to see added or removed files. */
const CONFIG_REFRESH_MS = 5_000;

interface Project {
  readonly hosts: TsProjectHosts;
  /** Caches that live as long as the disk state. */
  diskEpoch: number;
  graph?: Map<string, Set<string>>;
  diskSurfaces?: SurfaceReader;
  readonly diskDiagnostics: Map<string, Diagnostic[]>;
  /** Files whose disk side the background has still to prepare (this disk state). */
  pending?: string[];
  lastDisk?: TypeScript.Program;
  lastOverlay?: TypeScript.Program;
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

/** A background step works through files for about this long before yielding. */
const PREPARE_SLICE_MS = 25;

export function createTypeScriptChecker(
  ts: typeof TypeScript,
  root: string,
  cancellation: TypeScript.HostCancellationToken,
  reads: CheckerFileReads,
): TypeScriptChecker {
  const registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, root);
  const projects = new Map<string, Project>();
  let usedDefaults = false;
  let hasConfigs = false;
  let configsReadAt = 0;
  let configErrors: ConfigError[] = [];
  let counts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  let round = false;

  const keyOf = (config: TsProjectConfig): string => config.configPath ?? '<defaults>';
  const absolute = (relative: string): string => path.join(root, ...relative.split('/'));
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const isProjectFile = (file: string): boolean =>
    !file.includes('/node_modules/') && file.startsWith(root + '/');
  const list = createDiagnosticList(ts, root, isProjectFile);
  const shapes = createShapeComparer(ts);
  const throwIfCancelled = (): void => {
    if (cancellation.isCancellationRequested()) throw new ts.OperationCanceledException();
  };

  const addProject = (config: TsProjectConfig): Project => {
    const existing = projects.get(keyOf(config));
    if (existing) {
      existing.hosts.setRootFiles(config.fileNames);
      return existing;
    }
    const project: Project = {
      hosts: createTsProjectHosts(ts, config, registry, cancellation),
      diskEpoch: 0,
      diskDiagnostics: new Map(),
    };
    projects.set(keyOf(config), project);
    return project;
  };

  const refreshConfigs = (): void => {
    const now = Date.now();
    if (now - configsReadAt < CONFIG_REFRESH_MS && projects.size) return;
    configsReadAt = now;
    const configs = readProjectConfigs(ts, root);
    hasConfigs = configs.length > 0;
    usedDefaults = !hasConfigs;
    const all = usedDefaults ? [defaultProjectConfig(ts, root)] : configs;
    configErrors = all.flatMap((c) =>
      c.configErrors.map((e) => ({
        ...e,
        message: `${relative(c.configPath ?? root)}: ${e.message}`,
      })),
    );
    for (const config of all) if (config.fileNames.length) addProject(config);
    // Configs found beside a file earlier keep their place; their file lists are re-read too.
    for (const [key, project] of projects) {
      if (key === '<defaults>' || all.some((c) => keyOf(c) === key)) continue;
      const path = project.hosts.config.configPath;
      if (path && !path.startsWith('<alone>'))
        project.hosts.setRootFiles(readConfigTree(ts, path)[0]?.fileNames ?? []);
    }
  };

  const accepts = (config: TsProjectConfig, file: string): boolean => {
    if (!TS_SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext))) return false;
    if (isJavaScriptFile(file) && !config.options.allowJs) return false;
    const base = config.configPath ? path.dirname(config.configPath) : root;
    return file.startsWith(base + path.sep);
  };

  /** Every project whose config takes the file (a new file: the nearest config's folder). */
  const projectsFor = (file: string, exists: boolean): Project[] => {
    const found = [...projects.values()].filter((p) => p.hosts.isRootFile(file));
    if (found.length) return found;
    const near = nearestConfig(ts, root, file);
    if (near) {
      const tree = readConfigTree(ts, near);
      // A config that cannot be read still owns its folder: its error is the answer.
      if (tree[0]?.configErrors.some(isFatalConfigError))
        return [addProject({ ...tree[0], fileNames: [file] })];
      const owners = tree.filter((c) => c.fileNames.includes(file)).map(addProject);
      if (owners.length) return owners;
      if (!exists && tree[0] && accepts(tree[0], file)) return [addProject(tree[0])];
    }
    if (usedDefaults) return [...projects.values()];
    // A file no config takes is checked alone, with the defaults.
    const alone = { ...defaultProjectConfig(ts, root), fileNames: [file] };
    return [addProject({ ...alone, configPath: `<alone>${file}` })];
  };

  const isChecked = (config: TsProjectConfig, file: string, text: string | undefined): boolean =>
    !isJavaScriptFile(file) ||
    !!config.options.checkJs ||
    (text !== undefined && hasTsCheckPragma(text));

  const errorsOf = (service: TypeScript.LanguageService, file: string): Diagnostic[] => {
    const source = service.getProgram()?.getSourceFile(file);
    if (!source) return [];
    throwIfCancelled();
    return list.convert(
      [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)],
      source,
    );
  };

  /** A file's errors on disk, worked out once while the disk state stays (see syncDisk). */
  const diskErrorsOf = (project: Project, file: string): Diagnostic[] => {
    let cached = project.diskDiagnostics.get(file);
    if (!cached) {
      cached = errorsOf(project.hosts.disk, file);
      project.diskDiagnostics.set(file, cached);
    }
    return cached;
  };

  const diskProgram = (project: Project): TypeScript.Program => {
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

  const syncDisk = (project: Project): TypeScript.Program => {
    project.hosts.refreshDisk();
    return diskProgram(project);
  };

  const overlayProgram = (project: Project): TypeScript.Program => {
    const program = project.hosts.overlay.getProgram() as TypeScript.Program;
    if (program !== project.lastOverlay) {
      project.lastOverlay = program;
      counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
    }
    return program;
  };

  /** The project's own configuration errors and its program's, split by whether they are fatal. */
  const problemsOf = (project: Project, program: TypeScript.Program | undefined) =>
    list.configProblems(
      project.hosts.config.configErrors.map((e) => ({
        ...e,
        message: `${relative(project.hosts.config.configPath ?? root)}: ${e.message}`,
      })),
      program,
    );

  const reasonOf = (extra: readonly ConfigError[]): string | undefined => {
    const refused = reads.refusals();
    const words = [
      usedDefaults ? 'no tsconfig.json: checked with default compiler options' : '',
      ...uniqueWords([...configErrors.filter((e) => !extra.includes(e)), ...extra]),
      refused.length
        ? `not read: ${refused
            .slice(0, 5)
            .map((r) => `${r.path} (${r.why})`)
            .join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}`
        : '',
    ];
    return words.filter(Boolean).join('; ') || undefined;
  };
  const uniqueWords = (errors: readonly ConfigError[]): string[] => [
    ...new Set(errors.map((e) => list.words(e))),
  ];
  const notChecked = (fatal: readonly ConfigError[], filesChecked = 0) => ({
    state: 'not_checked' as const,
    reason: uniqueWords(fatal).slice(0, 3).join('; '),
    filesChecked,
  });

  /** The project's checked source files on disk (what tsc would check). */
  const sourcesOf = (project: Project, program: TypeScript.Program): string[] =>
    program
      .getSourceFiles()
      .filter(
        (s) =>
          project.hosts.isRootFile(s.fileName) &&
          isProjectFile(s.fileName) &&
          isChecked(project.hosts.config, s.fileName, s.text),
      )
      .map((s) => s.fileName);

  return {
    check(changes, extraImporters, onChangedFiles) {
      refreshConfigs();
      const overlayFiles = new Map(changes.map((c) => [absolute(c.path), c.after]));
      const byProject = new Map<Project, string[]>();
      let uncheckedJs = 0;
      for (const change of changes) {
        const file = absolute(change.path);
        if (!TS_SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
        const onDisk = ts.sys.fileExists(file);
        for (const project of projectsFor(file, onDisk)) {
          const config = project.hosts.config;
          if (!isChecked(config, file, change.after ?? ts.sys.readFile(file))) {
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
        project: Project,
        disk: TypeScript.Program,
        file: string,
        checked: Set<string>,
      ): void => {
        if (checked.has(file)) return;
        checked.add(file);
        const text = overlayFiles.has(file) ? (overlayFiles.get(file) ?? undefined) : undefined;
        if (!isChecked(project.hosts.config, file, text ?? disk.getSourceFile(file)?.text)) return;
        checkedFiles.add(file);
        before.push(...diskErrorsOf(project, file));
        after.push(...errorsOf(project.hosts.overlay, file));
      };
      // The changed files first, in every program; their importers after (onChangedFiles).
      const later: (() => void)[] = [];
      for (const [project, changed] of byProject) {
        const config = project.hosts.config;
        const disk = syncDisk(project);
        project.hosts.setOverlay({ files: overlayFiles }, (file) => accepts(config, file));
        const overlay = overlayProgram(project);
        const problems = problemsOf(project, overlay);
        other.push(...problems.other);
        if (problems.fatal.length) {
          fatal.push(...problems.fatal);
          continue;
        }
        const checked = new Set<string>();
        for (const file of changed)
          if (disk.getSourceFile(file) || overlay.getSourceFile(file))
            checkIn(project, disk, file, checked);
        // Every changed file keeps its declarations' shape: its importers cannot see a difference.
        const sameShape = changed.every((file) => {
          const before = disk.getSourceFile(file)?.text;
          const after = overlayFiles.get(file);
          return (
            typeof before === 'string' && typeof after === 'string' && shapes(file, before, after)
          );
        });
        if (sameShape) continue;
        later.push(() => {
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
            throwIfCancelled,
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
      if (fatal.length && !checkedFiles.size) return notChecked(fatal);
      const reason = reasonOf([...other, ...fatal]);
      return {
        state: 'checked',
        before: dedupeDiagnostics(before),
        after: dedupeDiagnostics(after),
        filesChecked: checkedFiles.size,
        ...(reason ? { reason } : {}),
      };
    },
    project() {
      refreshConfigs();
      const out: Diagnostic[] = [];
      const checked = new Set<string>();
      const fatal: ConfigError[] = [];
      const other: ConfigError[] = [];
      let anySource = false;
      for (const project of projects.values()) {
        const config = project.hosts.config;
        if (config.configPath?.startsWith('<alone>')) continue;
        const program = syncDisk(project);
        const problems = problemsOf(project, program);
        other.push(...problems.other);
        const files = sourcesOf(project, program);
        anySource ||= program.getSourceFiles().some((s) => project.hosts.isRootFile(s.fileName));
        if (problems.fatal.length) {
          fatal.push(...problems.fatal);
          continue;
        }
        for (const file of files) {
          if (checked.has(file)) continue;
          checked.add(file);
          out.push(...diskErrorsOf(project, file));
        }
      }
      // A project with a tsconfig always answers: its configuration's problems, or why nothing was checked.
      const configFatal = configErrors.filter((e) => !fatal.includes(e) && isFatalConfigError(e));
      if (!checked.size && (fatal.length || configFatal.length))
        return notChecked([...fatal, ...configFatal]);
      if (!anySource && !hasConfigs) return null;
      if (!anySource)
        return {
          state: 'not_checked',
          reason: reasonOf([]) ?? 'the tsconfig.json files list no TypeScript or JavaScript file',
          filesChecked: 0,
        };
      if (!checked.size) return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
      const reason = reasonOf([...other, ...fatal]);
      return {
        state: 'checked',
        diagnostics: dedupeDiagnostics(out),
        filesChecked: checked.size,
        ...(reason ? { reason } : {}),
      };
    },
    prepareStep() {
      if (!round) {
        refreshConfigs();
        for (const project of projects.values()) project.hosts.refreshDisk();
        round = true;
      }
      const until = Date.now() + PREPARE_SLICE_MS;
      for (const project of projects.values()) {
        if (project.hosts.config.configPath?.startsWith('<alone>')) continue;
        const disk = diskProgram(project);
        if (project.pending === undefined) {
          if (problemsOf(project, disk).fatal.length) {
            project.pending = [];
            continue;
          }
          project.graph ??= importerGraph(ts, disk, isProjectFile);
          project.diskSurfaces ??= createSurfaceReader(ts, disk, isProjectFile);
          project.pending = sourcesOf(project, disk).filter((f) => !project.diskDiagnostics.has(f));
          return true;
        }
        while (project.pending.length) {
          const file = project.pending.pop() as string;
          diskErrorsOf(project, file);
          project.diskSurfaces?.localOf(file);
          counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
          if (Date.now() >= until) return true;
        }
      }
      round = false;
      return false;
    },
    noticeDisk() {
      // The configs' file lists (a created file) are read again too, not after their 5 s.
      configsReadAt = 0;
      round = false;
    },
    stats: () => ({
      ...counts,
      prepared: [...projects.values()].every(
        (p) =>
          p.hosts.config.configPath?.startsWith('<alone>') ||
          (p.pending !== undefined && p.pending.length === 0),
      ),
    }),
    dispose() {
      for (const project of projects.values()) project.hosts.dispose();
      projects.clear();
    },
  };
}
