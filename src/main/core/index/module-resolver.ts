// Resolves a specifier written in one project file to another project file, or says it is
// external. Order as in tsc: relative paths; then `paths` and `baseUrl` of the nearest
// tsconfig/jsconfig (through ts.resolveModuleName); then monorepo workspace packages. Results are cached per folder and
// specifier; a new resolver is built whenever the set of files or a config changes.
import path from 'node:path';
import {
  normalizeInside,
  resolveModulePath,
  type FileSet,
  type PackageJsonReader,
} from './resolve-file-candidates';
import { PathMappingLookup, resolveMapped } from './tsconfig-paths';
import {
  findWorkspacePackages,
  resolveWorkspaceImport,
  splitPackageSpecifier,
  workspacePatterns,
  type WorkspacePackage,
} from './workspace-packages';
import { createLanguageResolvers } from './languages/module-resolvers';

export interface ModuleResolverDeps {
  /** Absolute project root. */
  readonly root: string;
  readonly files: FileSet & Iterable<string>;
  /** Every folder (relative) holding an indexed file, for finding workspace packages. */
  readonly folders: Iterable<string>;
  /** Reads a project file as text (relative path); undefined if absent. */
  readonly readText: (relative: string) => string | undefined;
  readonly fileExists: (absolute: string) => boolean;
}

export interface ModuleResolver {
  /** Project-relative path of the target, or undefined for an external/unresolved module. */
  resolve(fromFile: string, specifier: string): string | undefined;
  readonly workspacePackages: ReadonlyMap<string, WorkspacePackage>;
}

export function createModuleResolver(deps: ModuleResolverDeps): ModuleResolver {
  const manifests = new Map<string, Record<string, unknown> | undefined>();
  const readPackageJson: PackageJsonReader = (relative) => {
    if (manifests.has(relative)) return manifests.get(relative);
    let parsed: Record<string, unknown> | undefined;
    const text = deps.readText(relative);
    if (text !== undefined) {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value))
          parsed = value as Record<string, unknown>;
      } catch {
        parsed = undefined; // a broken package.json resolves nothing; it never stops the index
      }
    }
    manifests.set(relative, parsed);
    return parsed;
  };
  const patterns = workspacePatterns(
    readPackageJson('package.json'),
    deps.readText('pnpm-workspace.yaml'),
  );
  const workspacePackages = findWorkspacePackages(patterns, deps.folders, readPackageJson);
  const mappings = new PathMappingLookup(deps.root, deps.fileExists);
  const cache = new Map<string, string | null>();
  // Python, Go, Rust and Java files resolve by their own language's rules.
  const folders = new Set(deps.folders);
  const languages = createLanguageResolvers({
    files: deps.files,
    folders,
    readText: deps.readText,
  });

  const fromRootAbsolute = (absolute: string): string | undefined => {
    const relative = path.relative(deps.root, absolute).split(path.sep).join('/');
    return normalizeInside(relative);
  };

  const mappedHost = {
    root: deps.root,
    hasFile: (relative: string) => deps.files.has(relative),
    hasFolder: (relative: string) => folders.has(relative),
    readText: deps.readText,
  };

  // `paths` and `baseUrl` are applied by TypeScript itself (tsconfig-paths.ts).
  const resolveBare = (dir: string, specifier: string): string | undefined => {
    const mapping = mappings.forDir(dir);
    if (mapping) {
      const from = path.join(deps.root, dir, '__sluice_importer__.ts');
      const found = resolveMapped(mapping, from, specifier, mappedHost);
      if (found) return found;
    }
    const split = splitPackageSpecifier(specifier);
    const pkg = split && workspacePackages.get(split.name);
    if (split && pkg)
      return resolveWorkspaceImport(pkg, split.subpath, deps.files, readPackageJson);
    return undefined;
  };

  const resolveUncached = (dir: string, specifier: string): string | undefined => {
    const relative =
      specifier.startsWith('./') ||
      specifier.startsWith('../') ||
      specifier === '.' ||
      specifier === '..';
    if (relative || specifier.startsWith('/')) {
      const inside = relative
        ? normalizeInside(dir ? `${dir}/${specifier}` : specifier)
        : fromRootAbsolute(specifier);
      return inside !== undefined
        ? resolveModulePath(inside, deps.files, readPackageJson)
        : undefined;
    }
    return specifier && !specifier.includes(':') ? resolveBare(dir, specifier) : undefined;
  };

  return {
    workspacePackages,
    resolve(fromFile, specifier) {
      try {
        const other = languages(fromFile, specifier);
        if (other !== null) return other;
      } catch {
        return undefined; // an unreadable config leaves the import external
      }
      const slash = fromFile.lastIndexOf('/');
      const dir = slash < 0 ? '' : fromFile.slice(0, slash);
      const key = `${dir}\0${specifier}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached ?? undefined;
      let found: string | undefined;
      try {
        found = resolveUncached(dir, specifier);
      } catch {
        found = undefined; // an unreadable config or manifest leaves the specifier external
      }
      cache.set(key, found ?? null);
      return found;
    },
  };
}
