// Module resolution for the tree-sitter languages, dispatched by the importing file's
// language. Each resolver is built on first use and lives as long as the ModuleResolver
// that holds it (rebuilt whenever the file set or a config file changes).
import { treeSitterLanguageOf, type TreeSitterLanguageId } from './language-extensions';
import type { LanguageResolve, LanguageResolverDeps } from './language-resolver';
import { createPythonResolver } from './python/python-resolver';
import { createGoResolver } from './go/go-resolver';
import { createRustResolver } from './rust/rust-resolver';
import { createJavaResolver } from './java/java-resolver';

const FACTORIES: Record<TreeSitterLanguageId, (deps: LanguageResolverDeps) => LanguageResolve> = {
  python: createPythonResolver,
  go: createGoResolver,
  rust: createRustResolver,
  java: createJavaResolver,
};

/** Resolve for tree-sitter files; `null` means "not one of these languages" (TS/JS resolves). */
export function createLanguageResolvers(
  deps: LanguageResolverDeps,
): (fromFile: string, specifier: string) => string | undefined | null {
  const built = new Map<TreeSitterLanguageId, LanguageResolve>();
  return (fromFile, specifier) => {
    const id = treeSitterLanguageOf(fromFile);
    if (!id) return null;
    const factory = FACTORIES[id];
    let resolve = built.get(id);
    if (!resolve) built.set(id, (resolve = factory(deps)));
    return resolve(fromFile, specifier);
  };
}
