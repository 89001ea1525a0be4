// Packages of a monorepo (package.json `workspaces`, or pnpm-workspace.yaml `packages:`),
// by name, so `import { x } from '@acme/ui'` resolves to the package's source instead of
// an external module. Entry order: `source`, `exports`, `types`/`typings`, `module`, `main`,
// then index; a built path (dist/, lib/, build/…) that is not in the project maps to src/.
import picomatch from 'picomatch';
import type { FileSet, PackageJsonReader } from './resolve-file-candidates';
import { normalizeInside, resolveModulePath } from './resolve-file-candidates';

export interface WorkspacePackage {
  readonly name: string;
  /** Folder relative to the root. */
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}

const CONDITIONS = new Set([
  'source',
  'types',
  'typings',
  'import',
  'module',
  'require',
  'node',
  'default',
  'development',
]);
const BUILD_FOLDERS = /^(dist|lib|build|out|esm|cjs|types)\//;

export function workspacePatterns(
  rootManifest: Record<string, unknown> | undefined,
  pnpmYaml: string | undefined,
): string[] {
  const patterns: string[] = [];
  const workspaces = rootManifest?.workspaces;
  const list = Array.isArray(workspaces)
    ? workspaces
    : workspaces && typeof workspaces === 'object'
      ? (workspaces as { packages?: unknown }).packages
      : undefined;
  if (Array.isArray(list)) for (const p of list) if (typeof p === 'string') patterns.push(p);
  if (pnpmYaml) {
    let inPackages = false;
    for (const raw of pnpmYaml.split(/\r?\n/)) {
      if (/^packages\s*:/.test(raw)) {
        inPackages = true;
        continue;
      }
      if (inPackages && /^\S/.test(raw)) inPackages = false;
      const item = inPackages ? /^\s*-\s*['"]?([^'"#]+?)['"]?\s*(#.*)?$/.exec(raw) : null;
      if (item?.[1]) patterns.push(item[1]);
    }
  }
  return patterns.map((p) => p.replace(/^\.\//, '').replace(/\/$/, ''));
}

/** Finds workspace packages among the folders that hold project files. */
export function findWorkspacePackages(
  patterns: readonly string[],
  folders: Iterable<string>,
  readPackageJson: PackageJsonReader,
): Map<string, WorkspacePackage> {
  const packages = new Map<string, WorkspacePackage>();
  const positive = patterns.filter((p) => !p.startsWith('!'));
  const negative = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  if (!positive.length) return packages;
  const isMatch = picomatch(positive);
  const isExcluded = negative.length ? picomatch(negative) : () => false;
  for (const dir of folders) {
    if (!dir || !isMatch(dir) || isExcluded(dir)) continue;
    const manifest = readPackageJson(`${dir}/package.json`);
    const name = manifest?.name;
    if (manifest && typeof name === 'string' && name && !packages.has(name))
      packages.set(name, { name, dir, manifest });
  }
  return packages;
}

/** Splits `@scope/pkg/sub/path` into the package name and `./sub/path`. */
export function splitPackageSpecifier(
  specifier: string,
): { name: string; subpath: string } | undefined {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < count || parts.slice(0, count).some((p) => !p)) return undefined;
  const rest = parts.slice(count).join('/');
  return { name: parts.slice(0, count).join('/'), subpath: rest ? `./${rest}` : '.' };
}

function conditionTarget(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = conditionTarget(item);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!CONDITIONS.has(key)) continue;
      const found = conditionTarget(inner);
      if (found) return found;
    }
  }
  return undefined;
}

function exportsTarget(exportsField: unknown, subpath: string): string | undefined {
  if (exportsField === undefined || exportsField === null) return undefined;
  const isSubpathMap =
    typeof exportsField === 'object' &&
    !Array.isArray(exportsField) &&
    Object.keys(exportsField).some((k) => k.startsWith('.'));
  if (!isSubpathMap) return subpath === '.' ? conditionTarget(exportsField) : undefined;
  const map = exportsField as Record<string, unknown>;
  if (subpath in map) return conditionTarget(map[subpath]);
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (
      subpath.startsWith(prefix) &&
      subpath.endsWith(suffix) &&
      subpath.length >= prefix.length + suffix.length
    ) {
      const target = conditionTarget(value);
      if (target)
        return target.replace('*', subpath.slice(prefix.length, subpath.length - suffix.length));
    }
  }
  return undefined;
}

/** Resolves a path inside a package, mapping a missing build output to its source. */
function resolveInsidePackage(
  pkg: WorkspacePackage,
  target: string,
  files: FileSet,
  readPackageJson: PackageJsonReader,
): string | undefined {
  const inner = normalizeInside(`${pkg.dir}/${target}`);
  if (inner === undefined || !inner.startsWith(pkg.dir)) return undefined;
  const direct = resolveModulePath(inner, files, readPackageJson);
  if (direct) return direct;
  const relativeToPkg = inner.slice(pkg.dir.length + 1);
  if (BUILD_FOLDERS.test(relativeToPkg)) {
    const source = `${pkg.dir}/${relativeToPkg.replace(BUILD_FOLDERS, 'src/')}`.replace(
      /(\.d)?\.(m|c)?[jt]sx?$/,
      '',
    );
    return resolveModulePath(source, files, readPackageJson);
  }
  return undefined;
}

export function resolveWorkspaceImport(
  pkg: WorkspacePackage,
  subpath: string,
  files: FileSet,
  readPackageJson: PackageJsonReader,
): string | undefined {
  const manifest = pkg.manifest;
  const candidates: string[] = [];
  if (subpath === '.') {
    if (typeof manifest.source === 'string') candidates.push(manifest.source);
    const fromExports = exportsTarget(manifest.exports, '.');
    if (fromExports) candidates.push(fromExports);
    for (const field of ['types', 'typings', 'module', 'main']) {
      const value = manifest[field];
      if (typeof value === 'string' && value) candidates.push(value);
    }
    candidates.push('src/index', 'index');
  } else {
    const fromExports = exportsTarget(manifest.exports, subpath);
    if (fromExports) candidates.push(fromExports);
    candidates.push(subpath, `src/${subpath.slice(2)}`);
  }
  for (const candidate of candidates) {
    const found = resolveInsidePackage(pkg, candidate, files, readPackageJson);
    if (found) return found;
  }
  return undefined;
}
