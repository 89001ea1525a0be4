// Which TypeScript programs a project has, read the way tsc reads them: the root
// tsconfig.json (or jsconfig.json) through ts.parseJsonConfigFileContent (so `extends`,
// `paths`, `include`/`exclude` hold), every project it `references`, and, for a file no
// loaded config includes, the nearest config above it. A project with no config at all is
// one program over its TypeScript and JavaScript files with the defaults below.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type * as TypeScript from 'typescript';

export interface TsProjectConfig {
  /** Absolute config path, or null for the defaults. */
  readonly configPath: string | null;
  readonly options: TypeScript.CompilerOptions;
  readonly fileNames: readonly string[];
  readonly references: readonly TypeScript.ProjectReference[] | undefined;
  /** Problems reading the config, in tsc's words (see isFatalConfigError). */
  readonly configErrors: readonly ConfigError[];
}

export interface ConfigError {
  readonly code: number;
  readonly message: string;
}

/**
 * Errors after which the program's own errors cannot be trusted: the config does not parse
 * (TS1xxx, TS5083 reading it), references form a cycle (TS6202) or are unusable (TS6305: an
 * output not built, TS6306: not composite, and the rest of 6xxx). Anything else (a deprecated
 * option, TS5101) is said beside the result, as tsc prints it and still type-checks.
 */
export function isFatalConfigError(error: ConfigError): boolean {
  // TS6053 (a listed file not found) leaves the rest of the program checkable, as for tsc.
  if (error.code === 6053) return false;
  return (error.code >= 6000 && error.code < 7000) || error.code === 5083 || error.code < 2000;
}

/** What tsc --init would pick for a project today, plus JavaScript allowed but not checked. */
export function defaultCompilerOptions(ts: typeof TypeScript): TypeScript.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    allowJs: true,
    checkJs: false,
    jsx: ts.JsxEmit.ReactJSX,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
  };
}

const SKIPPED_FOLDERS = ['**/node_modules', '**/.*', '**/out', '**/dist', '**/build'];
export const TS_SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function flatten(ts: typeof TypeScript, d: TypeScript.Diagnostic): ConfigError {
  return { code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') };
}

export function readConfig(ts: typeof TypeScript, configPath: string): TsProjectConfig {
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error)
    return {
      configPath,
      options: defaultCompilerOptions(ts),
      fileNames: [],
      references: undefined,
      configErrors: [flatten(ts, read.error)],
    };
  const isJsConfig = path.basename(configPath) === 'jsconfig.json';
  const existing: TypeScript.CompilerOptions = isJsConfig
    ? {
        allowJs: true,
        maxNodeModuleJsDepth: 2,
        allowSyntheticDefaultImports: true,
        skipLibCheck: true,
        noEmit: true,
      }
    : {};
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    path.dirname(configPath),
    existing,
    configPath,
  );
  // "No inputs were found" (TS18003) is normal for a solution-style root config.
  const errors = parsed.errors.filter((e) => e.code !== 18003).map((e) => flatten(ts, e));
  return {
    configPath,
    options: { ...parsed.options, noEmit: true },
    fileNames: parsed.fileNames,
    references: parsed.projectReferences,
    configErrors: errors,
  };
}

function referencedConfigPath(ts: typeof TypeScript, ref: TypeScript.ProjectReference): string {
  return ts.sys.directoryExists(ref.path) ? path.join(ref.path, 'tsconfig.json') : ref.path;
}

/** The root config (if any) and every config it references, transitively (at most 64). */
export function readProjectConfigs(ts: typeof TypeScript, root: string): TsProjectConfig[] {
  const rootConfig = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => ts.sys.fileExists(file));
  if (!rootConfig) return [];
  return readConfigTree(ts, rootConfig);
}

export function readConfigTree(ts: typeof TypeScript, first: string): TsProjectConfig[] {
  const out: TsProjectConfig[] = [];
  const edges = new Map<string, string[]>();
  const queue = [first];
  while (queue.length && out.length < 64) {
    const file = queue.shift() as string;
    if (edges.has(file)) continue;
    const config = readConfig(ts, file);
    out.push(config);
    const next = (config.references ?? [])
      .map((ref) => referencedConfigPath(ts, ref))
      .filter((f) => ts.sys.fileExists(f));
    edges.set(file, next);
    queue.push(...next);
  }
  const cycle = referenceCycle(edges);
  if (!cycle) return out;
  const error = cycleError(ts, cycle);
  return out.map((c) =>
    c.configPath && cycle.includes(c.configPath)
      ? { ...c, configErrors: [...c.configErrors, error] }
      : c,
  );
}

/** The first cycle among the references (config paths, the first repeated at the end), or null. */
export function referenceCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** TS6202 in TypeScript's own words (tsc -b reports it; a program alone does not). */
export function cycleError(ts: typeof TypeScript | null, cycle: readonly string[]): ConfigError {
  const known = (ts as unknown as { Diagnostics?: Record<string, { message?: string }> } | null)
    ?.Diagnostics?.Project_references_may_not_form_a_circular_graph_Cycle_detected_Colon_0?.message;
  const template = known ?? 'Project references may not form a circular graph. Cycle detected: {0}';
  return { code: 6202, message: template.replace('{0}', cycle.join(' -> ')) };
}

/** The nearest tsconfig.json / jsconfig.json above `file`, not above `root`. */
export function nearestConfig(ts: typeof TypeScript, root: string, file: string): string | null {
  let dir = path.dirname(file);
  while (dir.startsWith(root)) {
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const candidate = path.join(dir, name);
      if (ts.sys.fileExists(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/** The program of a project without any config: every source file below the root. */
export function defaultProjectConfig(ts: typeof TypeScript, root: string): TsProjectConfig {
  const fileNames = ts.sys.readDirectory(root, TS_SOURCE_EXTENSIONS, SKIPPED_FOLDERS, ['**/*']);
  return {
    configPath: null,
    options: defaultCompilerOptions(ts),
    fileNames,
    references: undefined,
    configErrors: [],
  };
}

export function isJavaScriptFile(file: string): boolean {
  return /\.(c|m)?jsx?$/i.test(file);
}

/** `// @ts-check` at the top of a JavaScript file turns checking on for it alone. */
export function hasTsCheckPragma(text: string): boolean {
  return /^\s*(\/\/\s*@ts-check\b|\/\*[\s\S]*?@ts-check\b)/m.test(text.slice(0, 4096));
}
