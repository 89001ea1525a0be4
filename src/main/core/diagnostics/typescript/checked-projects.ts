// The programs the 5.x/6.x checker keeps, one per tsconfig.json (or one with the default
// options when the project has none, or one for a file no config takes), and which of them
// take a file. The configs' file lists are read again now and then (a file added or removed)
// and whenever the watcher saw the disk change. Each program's disk-state caches live on it.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { SurfaceReader } from './export-surface';
import type { ImporterGraph } from './import-uses';
import { createTsProjectHosts, type TsProjectHosts } from './language-hosts';
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
} from './project-configs';

/** How often (at most) the configs' file lists are read again to see added or removed files. */
const CONFIG_REFRESH_MS = 5_000;

export interface CheckedProject {
  readonly hosts: TsProjectHosts;
  /** Caches that live as long as the disk state. */
  diskEpoch: number;
  graph?: ImporterGraph;
  diskSurfaces?: SurfaceReader;
  readonly diskDiagnostics: Map<string, Diagnostic[]>;
  /** Files whose disk side the background has still to prepare (this disk state). */
  pending?: string[];
  lastDisk?: TypeScript.Program;
  lastOverlay?: TypeScript.Program;
}

export interface CheckedProjects {
  /** Reads the configs again when they were read long enough ago (or never). */
  refresh(): void;
  /** The next refresh reads the configs again, however recent the last one. */
  rereadSoon(): void;
  /** Every project whose config takes the file (a new file: the nearest config's folder). */
  projectsFor(file: string, exists: boolean): CheckedProject[];
  /** Whether the config would take the file, were it created. */
  accepts(config: TsProjectConfig, file: string): boolean;
  all(): IterableIterator<CheckedProject>;
  /** No tsconfig.json at the root: checked with the default options. */
  usedDefaults(): boolean;
  hasConfigs(): boolean;
  /** The configs' own errors, each prefixed with its config's path. */
  configErrors(): readonly ConfigError[];
  dispose(): void;
}

/** A file alone, with the defaults: no config takes it. */
export function isAlone(project: CheckedProject): boolean {
  return project.hosts.config.configPath?.startsWith('<alone>') ?? false;
}

/** A JavaScript file is checked only with checkJs or `// @ts-check`. */
export function isCheckedFile(
  config: TsProjectConfig,
  file: string,
  text: string | undefined,
): boolean {
  return (
    !isJavaScriptFile(file) ||
    !!config.options.checkJs ||
    (text !== undefined && hasTsCheckPragma(text))
  );
}

export function createCheckedProjects(
  ts: typeof TypeScript,
  root: string,
  cancellation: TypeScript.HostCancellationToken,
): CheckedProjects {
  const registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, root);
  const projects = new Map<string, CheckedProject>();
  let usedDefaults = false;
  let hasConfigs = false;
  let configsReadAt = 0;
  let configErrors: ConfigError[] = [];

  const keyOf = (config: TsProjectConfig): string => config.configPath ?? '<defaults>';
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');

  const addProject = (config: TsProjectConfig): CheckedProject => {
    const existing = projects.get(keyOf(config));
    if (existing) {
      existing.hosts.setRootFiles(config.fileNames);
      return existing;
    }
    const project: CheckedProject = {
      hosts: createTsProjectHosts(ts, config, registry, cancellation),
      diskEpoch: 0,
      diskDiagnostics: new Map(),
    };
    projects.set(keyOf(config), project);
    return project;
  };

  const refresh = (): void => {
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

  const projectsFor = (file: string, exists: boolean): CheckedProject[] => {
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

  return {
    refresh,
    rereadSoon() {
      configsReadAt = 0;
    },
    projectsFor,
    accepts,
    all: () => projects.values(),
    usedDefaults: () => usedDefaults,
    hasConfigs: () => hasConfigs,
    configErrors: () => configErrors,
    dispose() {
      for (const project of projects.values()) project.hosts.dispose();
      projects.clear();
    },
  };
}
