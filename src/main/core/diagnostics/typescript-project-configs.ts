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
  /** Problems reading the config, in tsc's words (shown as the language's reason). */
  readonly configErrors: readonly string[];
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

function flatten(ts: typeof TypeScript, d: TypeScript.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(d.messageText, ' ');
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
  const seen = new Set<string>();
  const queue = [first];
  while (queue.length && out.length < 64) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const config = readConfig(ts, file);
    out.push(config);
    for (const ref of config.references ?? []) {
      const next = referencedConfigPath(ts, ref);
      if (ts.sys.fileExists(next)) queue.push(next);
    }
  }
  return out;
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
