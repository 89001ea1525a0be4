// find_importers: who imports a file, or one exported symbol of it (`file#symbol`), through
// re-export chains. A barrel that re-exports the target (`export { x } from`, `export *`,
// `export * as ns`, or import-then-`export { x }`) is itself a hit, and its importers of
// the re-exported names are hits too, with the chain of barrels in `via` (nearest first).
import type { Importer } from '../../../shared/contract/symbol-service';
import type { ImportRow, IndexStore } from './index-store';

/** null = every name the file exports (a whole-file query). */
type Names = ReadonlySet<string> | null;

const MAX_DEPTH = 32;
const MAX_HITS = 20_000;

export interface ImporterTarget {
  readonly path: string;
  readonly symbol?: string;
}

/** `src/a.ts#foo` → { path, symbol }; a `#` inside the path part is kept when no symbol follows. */
export function parseImporterTarget(target: string): ImporterTarget {
  const hash = target.lastIndexOf('#');
  if (hash > 0 && hash < target.length - 1)
    return { path: target.slice(0, hash), symbol: target.slice(hash + 1) };
  return { path: hash === target.length - 1 ? target.slice(0, -1) : target };
}

/** Names under which `symbol` (a local name of `path`) leaves the module. */
export function exportNamesOf(store: IndexStore, path: string, symbol: string): Set<string> {
  const head = symbol.split('.')[0] as string;
  if (head === 'default') return new Set(['default']);
  const names = new Set<string>();
  for (const row of store.exportsOfFile(path)) if (row.local === head) names.add(row.exported);
  if (!names.size) names.add(head);
  return names;
}

type Lookups = Pick<IndexStore, 'exportsOfFile' | 'importsOfFile' | 'importsOfTarget'>;

/**
 * What a traversal looked at, for a caller that holds only some files (a quick answer, before
 * the first complete build): `walked` files had their importers looked up, `consulted` files
 * their own imports or exports read.
 */
export interface ImportersTraversalObserver {
  walked(path: string): void;
  consulted(path: string): void;
}

/** Per-query memo: a traversal asks for the same files' rows many times. */
function memoised(store: IndexStore, observer?: ImportersTraversalObserver): Lookups {
  const memo = <T>(fn: (path: string) => T, seen?: (path: string) => void) => {
    const cache = new Map<string, T>();
    return (path: string): T => {
      let value = cache.get(path);
      if (value === undefined) {
        seen?.(path);
        value = fn(path);
        cache.set(path, value);
      }
      return value;
    };
  };
  const consulted = observer ? (path: string) => observer.consulted(path) : undefined;
  return {
    exportsOfFile: memo(store.exportsOfFile, consulted),
    importsOfFile: memo(store.importsOfFile, consulted),
    importsOfTarget: memo(store.importsOfTarget, observer && ((path) => observer.walked(path))),
  };
}

/** Every name a module exports, following its own `export *` a few levels. */
function allExportNames(
  store: Lookups,
  path: string,
  memo: Map<string, Set<string>>,
  depth = 0,
  seen = new Set<string>(),
): Set<string> {
  const cached = memo.get(path);
  if (cached) return cached;
  const names = new Set<string>();
  if (seen.has(path) || depth > 8) return names;
  seen.add(path);
  for (const row of store.exportsOfFile(path)) names.add(row.exported);
  for (const row of store.importsOfFile(path)) {
    if ((row.kind === 'reexport' || row.kind === 'reexport-namespace') && row.exportedAs)
      names.add(row.exportedAs);
    else if (row.kind === 'reexport-all' && row.target) {
      for (const name of allExportNames(store, row.target, memo, depth + 1, seen))
        if (name !== 'default') names.add(name);
    }
  }
  if (depth === 0) memo.set(path, names);
  return names;
}

/** `export *` never passes `default`; one Set object per input so identity dedup holds. */
function withoutDefault(
  names: ReadonlySet<string>,
  memo: WeakMap<ReadonlySet<string>, ReadonlySet<string>>,
): ReadonlySet<string> {
  if (!names.has('default')) return names;
  let copy = memo.get(names);
  if (!copy) {
    const fresh = new Set(names);
    fresh.delete('default');
    memo.set(names, fresh);
    copy = fresh;
  }
  return copy;
}

/** A file's exported names by the local name they export, read once per file. */
function localExportsOf(
  store: ReturnType<typeof memoised>,
): (path: string) => Map<string, string[]> {
  const localExports = new Map<string, Map<string, string[]>>();
  return (path) => {
    let byLocal = localExports.get(path);
    if (!byLocal) {
      byLocal = new Map();
      for (const e of store.exportsOfFile(path)) {
        if (!e.local) continue;
        const list = byLocal.get(e.local);
        if (list) list.push(e.exported);
        else byLocal.set(e.local, [e.exported]);
      }
      localExports.set(path, byLocal);
    }
    return byLocal;
  };
}

export function findImporters(
  index: IndexStore,
  target: ImporterTarget,
  observer?: ImportersTraversalObserver,
): Importer[] {
  const store = memoised(index, observer);
  const exportNamesMemo = new Map<string, Set<string>>();
  const noDefaultMemo = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();
  const hits = new Map<string, Importer>();
  const exportsByLocal = localExportsOf(store);

  const hit = (row: ImportRow, via: readonly string[]): void => {
    const key = `${row.path}\0${row.line}\0${row.specifier}`;
    const existing = hits.get(key);
    if (existing && existing.via.length <= via.length) return;
    if (!existing && hits.size >= MAX_HITS) return;
    hits.set(key, {
      path: row.path,
      line: row.line,
      specifier: row.specifier,
      typeOnly: row.typeOnly === 1,
      via: [...via],
    });
  };

  // Small name sets are deduplicated per name; large ones (a whole file's exports passed
  // through `export *`) travel as one shared Set and are deduplicated by identity.
  const visitedNames = new Set<string>();
  const visitedSets = new Map<string, Set<Names>>();
  const walk = (file: string, names: Names, via: readonly string[], depth: number): void => {
    if (depth > MAX_DEPTH) return;
    let wanted: Names = names;
    const sets = visitedSets.get(file) ?? new Set<Names>();
    visitedSets.set(file, sets);
    if (sets.has(null) || (names !== null && sets.has(names))) return;
    if (names === null || names.size > 8) sets.add(names);
    else {
      const fresh = [...names].filter((n) => !visitedNames.has(`${file}\0${n}`));
      if (!fresh.length) return;
      for (const n of fresh) visitedNames.add(`${file}\0${n}`);
      wanted = fresh.length === names.size ? names : new Set(fresh);
    }
    // Names re-exported by each barrel, walked once per barrel after this file's rows: a
    // barrel of 500 `export { x } from` lines is one walk, not 500.
    const barrels = new Map<string, { names: Set<string>; via: string[] }>();
    const passOn = (barrel: string, names: readonly string[], next: string[]): void => {
      let entry = barrels.get(barrel);
      if (!entry) barrels.set(barrel, (entry = { names: new Set(), via: next }));
      for (const name of names) entry.names.add(name);
    };
    for (const row of store.importsOfTarget(file)) {
      const next = [row.path, ...via];
      switch (row.kind) {
        case 'reexport':
          if (wanted === null || wanted.has(row.imported)) {
            hit(row, via);
            if (row.exportedAs) passOn(row.path, [row.exportedAs], next);
          }
          break;
        case 'reexport-all': {
          const passed = withoutDefault(
            wanted === null ? allExportNames(store, file, exportNamesMemo) : wanted,
            noDefaultMemo,
          );
          if (wanted === null || passed.size) {
            hit(row, via);
            if (passed.size) walk(row.path, passed, next, depth + 1);
          }
          break;
        }
        case 'reexport-namespace':
          hit(row, via);
          if (row.exportedAs) passOn(row.path, [row.exportedAs], next);
          break;
        case 'side-effect':
          if (wanted === null) hit(row, via);
          break;
        case 'import':
        case 'import-equals':
        case 'require':
        case 'dynamic': {
          const matches = wanted === null || row.imported === '*' || wanted.has(row.imported);
          if (!matches) break;
          hit(row, via);
          // `import { x } from './a'; export { x }` makes this file a barrel for x.
          const exported = row.local ? exportsByLocal(row.path).get(row.local) : undefined;
          if (exported) passOn(row.path, exported, next);
          break;
        }
        default:
          hit(row, via);
      }
    }
    for (const [barrel, entry] of barrels) walk(barrel, entry.names, entry.via, depth + 1);
  };

  observer?.consulted(target.path);
  walk(
    target.path,
    target.symbol === undefined ? null : exportNamesOf(index, target.path, target.symbol),
    [],
    0,
  );
  return [...hits.values()].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line,
  );
}
