// Go import paths: the module path from each go.mod in the project (nested modules too; the
// longest matching module path wins; read by go-mod.ts with x/mod's rules) plus the rest of
// the path is a package directory. It resolves to that directory (`dir/`: every .go file in
// it) when it holds Go files; the standard library and other modules are external.
import { packageDirTarget } from '../language-extensions';
import { goModulePath } from './go-mod';
import {
  dirOf,
  joinPath,
  type LanguageResolve,
  type LanguageResolverDeps,
} from '../language-resolver';

export function createGoResolver(deps: LanguageResolverDeps): LanguageResolve {
  let modules: { path: string; folder: string }[] | undefined;
  let goDirs: Set<string> | undefined;
  const load = (): void => {
    goDirs = new Set();
    for (const file of deps.files) if (file.endsWith('.go')) goDirs.add(dirOf(file));
    modules = [];
    for (const folder of ['', ...deps.folders]) {
      const text = deps.readText(joinPath(folder, 'go.mod'));
      const modulePath = text === undefined ? undefined : goModulePath(text);
      if (modulePath) modules.push({ path: modulePath, folder });
    }
    modules.sort((a, b) => b.path.length - a.path.length);
  };
  return (_fromFile, specifier) => {
    if (!modules || !goDirs) load();
    for (const mod of modules ?? []) {
      if (specifier !== mod.path && !specifier.startsWith(`${mod.path}/`)) continue;
      const dir = joinPath(mod.folder, specifier.slice(mod.path.length + 1));
      return goDirs?.has(dir) ? packageDirTarget(dir) : undefined;
    }
    return undefined;
  };
}
