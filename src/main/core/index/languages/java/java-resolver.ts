// Java names to files: `a.b.C` is a file a/b/C.java under any source root (src/main/java,
// src, the project root…: matched as a path suffix, the candidate sharing the longest
// folder prefix with the importing file first); `a.b.Outer.Inner` falls back to
// a/b/Outer.java; `a.b.*` is the package directory a/b (`dir/`). The JDK and libraries are
// external.
import { packageDirTarget } from '../language-extensions';
import { dirOf, type LanguageResolve, type LanguageResolverDeps } from '../language-resolver';

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

export function createJavaResolver(deps: LanguageResolverDeps): LanguageResolve {
  let byName: Map<string, string[]> | undefined;
  let dirsByName: Map<string, string[]> | undefined;
  const load = (): void => {
    byName = new Map();
    dirsByName = new Map();
    const dirs = new Set<string>();
    for (const file of deps.files) {
      if (!file.endsWith('.java')) continue;
      const base = file.slice(file.lastIndexOf('/') + 1);
      byName.set(base, [...(byName.get(base) ?? []), file]);
      dirs.add(dirOf(file));
    }
    for (const dir of dirs) {
      const base = dir.slice(dir.lastIndexOf('/') + 1);
      dirsByName.set(base, [...(dirsByName.get(base) ?? []), dir]);
    }
  };
  const nearest = (fromFile: string, candidates: readonly string[]): string | undefined =>
    [...candidates].sort(
      (a, b) => sharedPrefix(b, fromFile) - sharedPrefix(a, fromFile) || a.localeCompare(b),
    )[0];
  const bySuffix = (map: Map<string, string[]>, relative: string): string[] => {
    const base = relative.slice(relative.lastIndexOf('/') + 1);
    return (map.get(base) ?? []).filter((p) => p === relative || p.endsWith(`/${relative}`));
  };

  return (fromFile, specifier) => {
    if (!byName || !dirsByName) load();
    const segments = specifier.split('.').filter(Boolean);
    if (segments[segments.length - 1] === '*') {
      const dir = nearest(
        fromFile,
        bySuffix(dirsByName ?? new Map(), segments.slice(0, -1).join('/')),
      );
      return dir === undefined ? undefined : packageDirTarget(dir);
    }
    // a.b.Outer.Inner: the outermost class that is a file.
    for (let end = segments.length; end > 1; end--) {
      const file = nearest(
        fromFile,
        bySuffix(byName ?? new Map(), `${segments.slice(0, end).join('/')}.java`),
      );
      if (file) return file;
    }
    return undefined;
  };
}
