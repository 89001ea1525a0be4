// Rust paths within a crate. A crate is a folder with Cargo.toml; its root module is
// src/lib.rs or src/main.rs (with no Cargo.toml above, the nearest folder holding a lib.rs or
// main.rs is the crate's source folder).
// A file's module path follows the file layout: src/a/b.rs and src/a/b/mod.rs are a::b, and
// their child modules live in src/a/b/. A `use` path starts at `crate::`, `self::`,
// `super::`, or (2018 uniform paths) a child module of the current module, then the crate
// root (2015 paths); it resolves when it names a module file exactly. Other crates and items
// inside inline `mod x { }` blocks are external, but a path starting with the name of a
// library crate in the project (its Cargo.toml `name`, `-` read as `_`) resolves into it.
import {
  dirOf,
  joinPath,
  upwards,
  type LanguageResolve,
  type LanguageResolverDeps,
} from '../language-resolver';
import { parseTomlManifest, tableAt } from '../toml-manifest';

interface ModuleLocation {
  /** The crate's source folder (…/src) where module paths start. */
  readonly src: string;
  /** The file's module path inside its crate. */
  readonly path: string[];
}

/**
 * The name other crates `use` a library crate by: `[lib] name` when set, else `[package]
 * name` (the caller reads `-` as `_`); undefined for a manifest without a package (a virtual
 * workspace) or one that is not valid TOML.
 */
export function cargoPackageName(cargoToml: string): string | undefined {
  const manifest = parseTomlManifest(cargoToml);
  const lib = tableAt(manifest, 'lib')?.name;
  if (typeof lib === 'string' && lib) return lib;
  const name = tableAt(manifest, 'package')?.name;
  return typeof name === 'string' && name ? name : undefined;
}

export function createRustResolver(deps: LanguageResolverDeps): LanguageResolve {
  const crates = new Map<string, string | null>();
  /** Library crates by the name other crates (and the package's own binaries) use. */
  let libraries: Map<string, string> | undefined;
  const libraryByName = (name: string): string | undefined => {
    if (!libraries) {
      libraries = new Map();
      for (const folder of ['', ...deps.folders]) {
        const text = deps.readText(joinPath(folder, 'Cargo.toml'));
        const crateName = text === undefined ? undefined : cargoPackageName(text);
        const lib = joinPath(folder, 'src/lib.rs');
        if (crateName && deps.files.has(lib)) libraries.set(crateName.replace(/-/g, '_'), lib);
      }
    }
    return libraries.get(name);
  };
  const crateOf = (dir: string): string | null => {
    for (const folder of upwards(dir)) {
      const known = crates.get(folder);
      if (known !== undefined) return known;
      if (deps.readText(joinPath(folder, 'Cargo.toml')) !== undefined) {
        crates.set(folder, folder);
        return folder;
      }
    }
    return null;
  };

  /** Without a Cargo.toml: the nearest folder holding a lib.rs or main.rs, else the file's own. */
  const rootFolderOf = (file: string): string => {
    for (const folder of upwards(dirOf(file)))
      if (deps.files.has(joinPath(folder, 'lib.rs')) || deps.files.has(joinPath(folder, 'main.rs')))
        return folder;
    return dirOf(file);
  };

  const locate = (file: string): ModuleLocation => {
    const crate = crateOf(dirOf(file));
    const src = crate === null ? rootFolderOf(file) : joinPath(crate, 'src');
    const inside = src
      ? file.startsWith(`${src}/`)
        ? file.slice(src.length + 1)
        : undefined
      : file;
    if (inside === undefined || inside.startsWith('bin/')) return { src: dirOf(file), path: [] };
    const parts = inside.replace(/\.rs$/, '').split('/');
    const last = parts[parts.length - 1];
    if (parts.length === 1 && (last === 'lib' || last === 'main')) return { src, path: [] };
    if (last === 'mod') parts.pop();
    return { src, path: parts };
  };

  const moduleFile = (src: string, path: readonly string[]): string | undefined => {
    if (!path.length) {
      for (const root of ['lib.rs', 'main.rs'])
        if (deps.files.has(joinPath(src, root))) return joinPath(src, root);
      return undefined;
    }
    const base = joinPath(src, path.join('/'));
    if (deps.files.has(`${base}.rs`)) return `${base}.rs`;
    if (deps.files.has(`${base}/mod.rs`)) return `${base}/mod.rs`;
    return undefined;
  };

  return (fromFile, specifier) => {
    const segments = specifier.split('::').filter(Boolean);
    if (!segments.length) return undefined;
    const here = locate(fromFile);
    const [first, ...rest] = segments;
    if (first === 'crate') return moduleFile(here.src, rest);
    if (first === 'self' || first === 'super') {
      const path = [...here.path];
      let index = 0;
      if (segments[0] === 'self') index = 1;
      while (segments[index] === 'super') {
        if (!path.length) return undefined;
        path.pop();
        index++;
      }
      return moduleFile(here.src, [...path, ...segments.slice(index)]);
    }
    const local =
      moduleFile(here.src, [...here.path, ...segments]) ?? moduleFile(here.src, segments);
    if (local) return local;
    // Another crate of the project (a workspace member, or a binary using its own library).
    const library = first === undefined ? undefined : libraryByName(first);
    return library ? moduleFile(dirOf(library), rest) : undefined;
  };
}
