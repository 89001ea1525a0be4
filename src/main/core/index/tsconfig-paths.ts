// `baseUrl` and `paths` from the tsconfig.json / jsconfig.json nearest to an importing file,
// parsed by the TypeScript package itself so `extends` (relative or from a package) behaves
// exactly as in tsc. The host never enumerates files: only compiler options are wanted.
import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';

export interface PathMapping {
  /** Absolute folder that `paths` substitutions are relative to. */
  readonly pathsBase: string | undefined;
  readonly baseUrl: string | undefined;
  readonly paths: Readonly<Record<string, readonly string[]>> | undefined;
  /** Config file it came from (absolute), for messages and cache keys. */
  readonly configPath: string;
  readonly error?: string;
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

const parseHost: TS.ParseConfigHost = {
  // A getter: reading ts.sys here at import would load the compiler before it is needed.
  get useCaseSensitiveFileNames() {
    return ts.sys.useCaseSensitiveFileNames;
  },
  readDirectory: () => [],
  fileExists: (file) => ts.sys.fileExists(file),
  readFile: (file) => ts.sys.readFile(file),
};

export function loadPathMapping(configPath: string): PathMapping {
  try {
    return readPathMapping(configPath);
  } catch (error) {
    // A config TypeScript itself cannot digest resolves nothing; it never stops the index.
    const message = error instanceof Error ? error.message : String(error);
    return {
      pathsBase: undefined,
      baseUrl: undefined,
      paths: undefined,
      configPath,
      error: message,
    };
  }
}

function readPathMapping(configPath: string): PathMapping {
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) {
    return {
      pathsBase: undefined,
      baseUrl: undefined,
      paths: undefined,
      configPath,
      error: ts.flattenDiagnosticMessageText(read.error.messageText, ' '),
    };
  }
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    parseHost,
    path.dirname(configPath),
    undefined,
    configPath,
  );
  const options = parsed.options as TS.CompilerOptions & { pathsBasePath?: string };
  return {
    baseUrl: options.baseUrl,
    paths: options.paths,
    pathsBase: options.baseUrl ?? options.pathsBasePath ?? path.dirname(configPath),
    configPath,
  };
}

/** Finds and caches the config governing each folder of the project. */
export class PathMappingLookup {
  private readonly byDir = new Map<string, PathMapping | undefined>();
  private readonly byConfig = new Map<string, PathMapping>();

  constructor(
    private readonly root: string,
    private readonly fileExists: (absolute: string) => boolean,
  ) {}

  /** `dir` is relative to the root ('' for the root itself). */
  forDir(dir: string): PathMapping | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: PathMapping | undefined;
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(this.root, dir, name);
      if (this.fileExists(candidate)) {
        found = this.byConfig.get(candidate) ?? loadPathMapping(candidate);
        this.byConfig.set(candidate, found);
        break;
      }
    }
    if (!found && dir) found = this.forDir(parentDir(dir));
    this.byDir.set(dir, found);
    return found;
  }
}

function parentDir(dir: string): string {
  const slash = dir.lastIndexOf('/');
  return slash < 0 ? '' : dir.slice(0, slash);
}

/** tsc's pattern matching: exact keys first, then the `*` pattern with the longest prefix. */
export function matchPaths(
  paths: Readonly<Record<string, readonly string[]>>,
  specifier: string,
): string[] {
  const exact = paths[specifier];
  if (exact) return [...exact];
  let best: { prefix: string; suffix: string; targets: readonly string[] } | undefined;
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (specifier.length < prefix.length + suffix.length) continue;
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, targets };
  }
  if (!best) return [];
  const captured = specifier.slice(best.prefix.length, specifier.length - best.suffix.length);
  return best.targets.map((t) => t.replace('*', captured));
}
