// What a language's module resolver gets: the indexed files and a reader for config files.
// A resolver maps (importing file, specifier) to a project file, to `dir/` for a whole
// package directory (Go packages, Java wildcard imports), or to undefined (external).
export interface LanguageResolverDeps {
  /** Every indexed code file, project-relative with `/` separators. */
  readonly files: { has(relative: string): boolean } & Iterable<string>;
  /** Every folder (relative) that holds an indexed file, and their ancestors. */
  readonly folders: ReadonlySet<string>;
  /** A project file's text (relative path), undefined when absent or unreadable. */
  readonly readText: (relative: string) => string | undefined;
}

export type LanguageResolve = (fromFile: string, specifier: string) => string | undefined;

export function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

export function joinPath(dir: string, rest: string): string {
  return dir ? (rest ? `${dir}/${rest}` : dir) : rest;
}

/** Folder and its ancestors up to the root (''), nearest first. */
export function* upwards(dir: string): Generator<string> {
  let current = dir;
  for (;;) {
    yield current;
    if (!current) return;
    current = dirOf(current);
  }
}
