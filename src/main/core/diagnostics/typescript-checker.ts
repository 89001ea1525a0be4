// The TypeScript checker proper (inside the worker): finds the programs a change touches,
// lays the proposed texts over them, works out the affected files and returns their errors
// before and after. Results on disk are cached per disk state, so a second proposal over the
// same files only checks the overlay side.
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../shared/diagnostics';
import { lineTextAt } from './diagnostic-comparison';
import type { LanguageOutcome, ProjectOutcome } from './language-checker';
import { affectedFiles, importerGraph } from './typescript-affected-files';
import { createSurfaceReader, type SurfaceReader } from './typescript-export-surface';
import { createTsProjectHosts, type TsProjectHosts } from './typescript-language-hosts';
import {
  defaultProjectConfig,
  hasTsCheckPragma,
  isJavaScriptFile,
  nearestConfig,
  readConfigTree,
  readProjectConfigs,
  TS_SOURCE_EXTENSIONS,
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
}

export interface TypeScriptChecker {
  check(changes: readonly TsChange[], extraImporters: Record<string, string[]>): LanguageOutcome;
  project(): ProjectOutcome | null;
  dispose(): void;
}

export function createTypeScriptChecker(
  ts: typeof TypeScript,
  root: string,
  cancellation: TypeScript.HostCancellationToken,
): TypeScriptChecker {
  const registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, root);
  const projects = new Map<string, Project>();
  let usedDefaults = false;
  let configsReadAt = 0;
  let configErrors: string[] = [];

  const keyOf = (config: TsProjectConfig): string => config.configPath ?? '<defaults>';
  const absolute = (relative: string): string => path.join(root, ...relative.split('/'));
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const isProjectFile = (file: string): boolean =>
    !file.includes('/node_modules/') && file.startsWith(root + '/');
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
    usedDefaults = configs.length === 0;
    const all = usedDefaults ? [defaultProjectConfig(ts, root)] : configs;
    configErrors = all.flatMap((c) =>
      c.configErrors.map((e) => `${relative(c.configPath ?? root)}: ${e}`),
    );
    for (const config of all) if (config.fileNames.length) addProject(config);
    // Configs found beside a file earlier keep their place; their file lists are re-read too.
    for (const [key, project] of projects) {
      if (key === '<defaults>' || all.some((c) => keyOf(c) === key)) continue;
      const path = project.hosts.config.configPath;
      if (path) project.hosts.setRootFiles(readConfigTree(ts, path)[0]?.fileNames ?? []);
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

  const toDiagnostics = (
    list: readonly TypeScript.Diagnostic[],
    source: TypeScript.SourceFile,
  ): Diagnostic[] =>
    list
      .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file)
      .map((d) => {
        const file = d.file ?? source;
        const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
        return {
          path: relative(file.fileName),
          line: line + 1,
          column: character + 1,
          code: `TS${d.code}`,
          message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
          lineText: lineTextAt(file.text, line + 1),
          source: 'typescript',
        };
      });

  const errorsOf = (service: TypeScript.LanguageService, file: string): Diagnostic[] => {
    const source = service.getProgram()?.getSourceFile(file);
    if (!source) return [];
    throwIfCancelled();
    return toDiagnostics(
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

  const syncDisk = (project: Project): TypeScript.Program => {
    project.hosts.refreshDisk();
    const program = project.hosts.disk.getProgram() as TypeScript.Program;
    if (project.diskEpoch !== project.hosts.diskEpoch()) {
      project.diskEpoch = project.hosts.diskEpoch();
      project.graph = undefined;
      project.diskSurfaces = undefined;
      project.diskDiagnostics.clear();
    }
    return program;
  };

  const reasonWithDefaults = (): string | undefined =>
    [usedDefaults ? 'no tsconfig.json: checked with default compiler options' : '', ...configErrors]
      .filter(Boolean)
      .join('; ') || undefined;

  return {
    check(changes, extraImporters) {
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
      const extra = new Map(
        Object.entries(extraImporters).map(([k, v]) => [absolute(k), v.map(absolute)]),
      );
      for (const [project, changed] of byProject) {
        const config = project.hosts.config;
        const disk = syncDisk(project);
        project.hosts.setOverlay({ files: overlayFiles }, (file) => accepts(config, file));
        const overlay = project.hosts.overlay.getProgram() as TypeScript.Program;
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
        for (const file of affected) {
          const text = overlayFiles.has(file) ? (overlayFiles.get(file) ?? undefined) : undefined;
          if (!isChecked(config, file, text ?? disk.getSourceFile(file)?.text)) continue;
          checkedFiles.add(file);
          before.push(...diskErrorsOf(project, file));
          after.push(...errorsOf(project.hosts.overlay, file));
        }
      }
      const reason = reasonWithDefaults();
      return {
        state: 'checked',
        before: dedupe(before),
        after: dedupe(after),
        filesChecked: checkedFiles.size,
        ...(reason ? { reason } : {}),
      };
    },
    project() {
      refreshConfigs();
      const out: Diagnostic[] = [];
      const checked = new Set<string>();
      let anySource = false;
      for (const project of projects.values()) {
        const config = project.hosts.config;
        if (config.configPath?.startsWith('<alone>')) continue;
        const program = syncDisk(project);
        project.hosts.setOverlay({ files: new Map() }, () => false);
        for (const source of program.getSourceFiles()) {
          const file = source.fileName;
          if (!project.hosts.isRootFile(file) || !isProjectFile(file)) continue;
          anySource = true;
          if (!isChecked(config, file, source.text) || checked.has(file)) continue;
          checked.add(file);
          out.push(...diskErrorsOf(project, file));
        }
      }
      if (!anySource) return null;
      if (!checked.size) return { state: 'not_checked', reason: JS_NOT_CHECKED, filesChecked: 0 };
      const reason = reasonWithDefaults();
      return {
        state: 'checked',
        diagnostics: dedupe(out),
        filesChecked: checked.size,
        ...(reason ? { reason } : {}),
      };
    },
    dispose() {
      for (const project of projects.values()) project.hosts.dispose();
      projects.clear();
    },
  };
}

/** The same error at the same place from two programs (a file in two configs) counts once. */
function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.path}:${d.line}:${d.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
