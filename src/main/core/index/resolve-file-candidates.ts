// TypeScript's rules for turning a module path (already joined to a folder, no specifier
// syntax left) into one of the project's files: `./a.js` → a.ts / a.tsx / a.d.ts before
// a.js, `.mjs` → .mts, `.cjs` → .cts, extensionless → TS extensions, then the folder's
// package.json and index file; JavaScript extensions only in a second pass, as tsc does.
import path from 'node:path';

export interface FileSet {
  has(relative: string): boolean;
}

/** Reads a package.json inside the project (relative path); undefined if absent or invalid. */
export type PackageJsonReader = (relative: string) => Record<string, unknown> | undefined;

const TS_EXTENSIONS = ['.ts', '.tsx', '.d.ts'];
const JS_EXTENSIONS = ['.js', '.jsx'];

/** Explicit JS-family extensions and what TypeScript tries for each, in order. */
const REWRITES: readonly (readonly [string, readonly string[]])[] = [
  ['.d.ts', ['.d.ts']],
  ['.d.mts', ['.d.mts']],
  ['.d.cts', ['.d.cts']],
  ['.js', ['.ts', '.tsx', '.d.ts', '.js', '.jsx']],
  ['.jsx', ['.tsx', '.d.ts', '.jsx']],
  ['.mjs', ['.mts', '.d.mts', '.mjs']],
  ['.cjs', ['.cts', '.d.cts', '.cjs']],
  ['.ts', ['.ts']],
  ['.tsx', ['.tsx']],
  ['.mts', ['.mts']],
  ['.cts', ['.cts']],
];

/** Normalises a joined path; undefined when it leaves the project root. */
export function normalizeInside(joined: string): string | undefined {
  const normalized = path.posix.normalize(joined).replace(/^\.\//, '').replace(/\/$/, '');
  if (normalized === '..' || normalized.startsWith('../') || path.posix.isAbsolute(normalized))
    return undefined;
  return normalized === '.' ? '' : normalized;
}

export function resolveModulePath(
  target: string,
  files: FileSet,
  readPackageJson: PackageJsonReader,
): string | undefined {
  const lower = target.toLowerCase();
  for (const [ext, tries] of REWRITES) {
    if (!lower.endsWith(ext)) continue;
    const stem = target.slice(0, target.length - ext.length);
    for (const candidate of tries) if (files.has(stem + candidate)) return stem + candidate;
    break;
  }
  return (
    resolvePass(target, files, readPackageJson, TS_EXTENSIONS) ??
    resolvePass(target, files, readPackageJson, JS_EXTENSIONS)
  );
}

function resolvePass(
  target: string,
  files: FileSet,
  readPackageJson: PackageJsonReader,
  extensions: readonly string[],
): string | undefined {
  for (const ext of extensions) if (files.has(target + ext)) return target + ext;
  const dir = target;
  const pkg = readPackageJson(dir ? `${dir}/package.json` : 'package.json');
  if (pkg) {
    for (const field of ['types', 'typings', 'main']) {
      const value = pkg[field];
      if (typeof value !== 'string' || !value) continue;
      const inner = normalizeInside(dir ? `${dir}/${value}` : value);
      if (inner === undefined || inner === dir) continue;
      if (files.has(inner)) return inner;
      const lower = inner.toLowerCase();
      const rewrite = REWRITES.find(([ext]) => lower.endsWith(ext));
      if (rewrite) {
        const stem = inner.slice(0, inner.length - rewrite[0].length);
        for (const candidate of rewrite[1])
          if (files.has(stem + candidate)) return stem + candidate;
      }
      for (const ext of extensions) if (files.has(inner + ext)) return inner + ext;
    }
  }
  const base = dir ? `${dir}/index` : 'index';
  for (const ext of extensions) if (files.has(base + ext)) return base + ext;
  return undefined;
}
