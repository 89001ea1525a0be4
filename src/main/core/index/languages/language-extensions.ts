// Which files the tree-sitter languages own, kept free of any parser import so the scan and
// the index types can read it cheaply. One entry per language folder beside this file.
export type TreeSitterLanguageId = 'python' | 'go' | 'rust' | 'java';

export const TREE_SITTER_EXTENSIONS: Readonly<Record<TreeSitterLanguageId, readonly string[]>> = {
  python: ['py', 'pyi'],
  go: ['go'],
  rust: ['rs'],
  java: ['java'],
};

/** Files whose change can move where these languages' imports resolve (re-resolve all). */
export const TREE_SITTER_CONFIG_FILES = ['pyproject.toml', 'go.mod', 'Cargo.toml'] as const;

const BY_EXTENSION = new Map<string, TreeSitterLanguageId>(
  Object.entries(TREE_SITTER_EXTENSIONS).flatMap(([id, exts]) =>
    exts.map((ext) => [ext, id as TreeSitterLanguageId] as const),
  ),
);

export const ALL_TREE_SITTER_EXTENSIONS: readonly string[] = [...BY_EXTENSION.keys()];

/** The tree-sitter language of a path, or undefined for TS/JS and anything else. */
export function treeSitterLanguageOf(path: string): TreeSitterLanguageId | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return BY_EXTENSION.get(path.slice(dot + 1).toLowerCase());
}

/**
 * Languages whose imports name a package directory (Go packages, Java wildcard imports):
 * such an import's target is stored as `dir/`, meaning every file of the language there.
 */
export function isPackageDirTarget(target: string): boolean {
  return target.endsWith('/');
}

/** The `dir/` target naming a package directory (`./` for the project root). */
export function packageDirTarget(dir: string): string {
  return dir ? `${dir}/` : './';
}

/** The package-directory target a Go or Java file belongs to; undefined for other files. */
export function packageDirOf(path: string): string | undefined {
  const language = treeSitterLanguageOf(path);
  if (language !== 'go' && language !== 'java') return undefined;
  const slash = path.lastIndexOf('/');
  return packageDirTarget(slash < 0 ? '' : path.slice(0, slash));
}

/** Whether a file lies directly in a package-directory target and shares its language. */
export function isInPackageDir(path: string, target: string): boolean {
  return packageDirOf(path) === target;
}

/**
 * Other import targets that stand for the same module as `path`: a Go or Java file's package
 * directory (`dir/`), a Python module's stub or source twin (`x.pyi` ↔ `x.py`).
 */
export function sameModuleTargets(path: string): string[] {
  const dir = packageDirOf(path);
  if (dir !== undefined) return [dir];
  if (path.endsWith('.py')) return [`${path}i`];
  if (path.endsWith('.pyi')) return [path.slice(0, -1)];
  return [];
}
