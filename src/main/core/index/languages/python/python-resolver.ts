// Python module resolution as pyright does it for project files: relative imports from the
// importing file's package; absolute imports from the import roots — the project root, `src`
// (src-layout), the roots a pyproject.toml names (`[tool.pyright] extraPaths`, setuptools
// `where` / `package-dir`, poetry `from`), each pyproject's own folder — and last the
// importing file's own folder (pyright's local-import fallback). A module is, in pyright's
// order, `name/__init__.pyi`, `name/__init__.py`, `name.pyi`, `name.py` (a stub beside its
// source wins); anything else is external.
import {
  dirOf,
  joinPath,
  type LanguageResolve,
  type LanguageResolverDeps,
} from '../language-resolver';
import { parseTomlManifest, stringsIn, tableAt } from '../toml-manifest';

/**
 * Source roots a pyproject.toml declares, relative to its folder: `[tool.pyright] extraPaths`
 * (and each execution environment's), setuptools `packages.find.where` and `package-dir`'s
 * root entry (""), poetry `packages[].from`. Read as TOML; an invalid file declares none.
 */
export function pyprojectRoots(text: string): string[] {
  const manifest = parseTomlManifest(text);
  const roots: string[] = [];
  const pyright = tableAt(manifest, 'tool', 'pyright');
  roots.push(...stringsIn(pyright?.extraPaths));
  const environments = pyright?.executionEnvironments;
  if (Array.isArray(environments))
    for (const env of environments)
      if (env && typeof env === 'object')
        roots.push(...stringsIn((env as Record<string, unknown>).extraPaths));
  const setuptools = tableAt(manifest, 'tool', 'setuptools');
  if (setuptools) {
    roots.push(...stringsIn(tableAt(setuptools, 'packages', 'find')?.where));
    roots.push(...stringsIn(tableAt(setuptools, 'package-dir')?.['']));
  }
  const poetryPackages = tableAt(manifest, 'tool', 'poetry')?.packages;
  if (Array.isArray(poetryPackages))
    for (const pkg of poetryPackages)
      if (pkg && typeof pkg === 'object')
        roots.push(...stringsIn((pkg as Record<string, unknown>).from));
  return roots.map((r) => r.replace(/^\.\/?/, '').replace(/\/+$/, ''));
}

export function createPythonResolver(deps: LanguageResolverDeps): LanguageResolve {
  let roots: string[] | undefined;
  const importRoots = (): string[] => {
    if (roots) return roots;
    const found = new Set<string>(['']);
    if (deps.folders.has('src')) found.add('src');
    for (const folder of ['', ...deps.folders]) {
      const text = deps.readText(joinPath(folder, 'pyproject.toml'));
      if (text === undefined) continue;
      found.add(folder);
      if (deps.folders.has(joinPath(folder, 'src'))) found.add(joinPath(folder, 'src'));
      for (const root of pyprojectRoots(text)) found.add(joinPath(folder, root));
    }
    return (roots = [...found]);
  };

  const moduleFile = (base: string): string | undefined => {
    for (const candidate of [
      `${base}/__init__.pyi`,
      `${base}/__init__.py`,
      `${base}.pyi`,
      `${base}.py`,
    ])
      if (deps.files.has(candidate.replace(/^\//, ''))) return candidate.replace(/^\//, '');
    return undefined;
  };

  return (fromFile, specifier) => {
    const dots = /^\.*/.exec(specifier)?.[0].length ?? 0;
    const rest = specifier.slice(dots).split('.').filter(Boolean).join('/');
    if (dots > 0) {
      let base = dirOf(fromFile);
      for (let i = 1; i < dots; i++) {
        if (!base) return undefined; // above the project root
        base = dirOf(base);
      }
      if (!rest) {
        // `from . import x` inside pkg/__init__.py names the module itself, not its stub twin
        // (pyright then finds x as the submodule, as Python does).
        const own = moduleFile(joinPath(base, '__init__'));
        return own !== undefined && own.replace(/i$/, '') === fromFile.replace(/i$/, '')
          ? fromFile
          : own;
      }
      return moduleFile(joinPath(base, rest));
    }
    if (!rest) return undefined;
    for (const root of importRoots()) {
      const found = moduleFile(joinPath(root, rest));
      if (found) return found;
    }
    // pyright also tries the importing file's folder (scripts importing their neighbours).
    const local = moduleFile(joinPath(dirOf(fromFile), rest));
    return local;
  };
}
