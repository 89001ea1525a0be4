// Exact go-to-definition for a name as used in one file: follows that file's import of the
// name to the module it comes from, and from there through re-exports (`export { x } from`,
// `export *`, import-then-export, `export default x`) to the declaration, as the language
// service does, using only the index.
import type { IndexStore, SymbolRow } from './index-store';
import { isPackageDirTarget } from './languages/language-extensions';

const MAX_DEPTH = 24;

export function definitionThroughImports(
  store: IndexStore,
  fromFile: string,
  name: string,
): SymbolRow[] {
  return throughBinding(store, fromFile, name, 0, new Set());
}

function throughBinding(
  store: IndexStore,
  file: string,
  name: string,
  depth: number,
  seen: Set<string>,
): SymbolRow[] {
  // A local binding may be dotted (Python's `import a.b.c` binds `a.b.c`). Several rows may
  // bind one name (Python's `from m import x`: name x of m, or submodule m.x): first found wins.
  let importSite: SymbolRow | undefined;
  for (const row of store.importsOfFile(file)) {
    const local = row.local;
    if (!local || !row.target) continue;
    if (name !== local && !name.startsWith(`${local}.`)) continue;
    const rest = name === local ? [] : name.slice(local.length + 1).split('.');
    if (row.imported === '*') {
      // `ns.member` through `import * as ns`; the namespace itself is a module, not a symbol.
      const [member, ...deeper] = rest;
      if (!member) return [moduleRow(row.target)];
      const found = exportedDefinition(store, row.target, member, depth + 1, seen);
      if (found.length) return deeper.length ? qualify(store, found, deeper) : found;
      continue;
    }
    const found = exportedDefinition(store, row.target, row.imported, depth + 1, seen);
    if (found.length) return rest.length ? qualify(store, found, rest) : found;
    // Like the language service, an import that leads nowhere is its own definition.
    if (depth === 0) importSite ??= importSiteRow(file, row.line, row.column, local);
  }
  return importSite ? [importSite] : [];
}

function importSiteRow(path: string, line: number, column: number, name: string): SymbolRow {
  return { path, name, kind: 'variable', line, column, exported: 0, signature: `import ${name}` };
}

/** A module as a definition: go-to-definition on a namespace lands at the file's start. */
function moduleRow(path: string): SymbolRow {
  return {
    path,
    name: path,
    kind: 'module',
    line: 1,
    column: 1,
    exported: 1,
    signature: `module ${path}`,
  };
}

/** `Class.member` after the class itself was found. */
function qualify(store: IndexStore, found: SymbolRow[], rest: string[]): SymbolRow[] {
  const out: SymbolRow[] = [];
  for (const row of found) out.push(...store.symbolInFile(row.path, [row.name, ...rest].join('.')));
  return out;
}

export function exportedDefinition(
  store: IndexStore,
  file: string,
  exportName: string,
  depth: number,
  seen: Set<string>,
): SymbolRow[] {
  const key = `${file}\0${exportName}`;
  if (depth > MAX_DEPTH || seen.has(key)) return [];
  seen.add(key);
  if (isPackageDirTarget(file)) {
    // A Go package or a Java wildcard import: the name is declared in one of its files.
    for (const member of store.filesInPackageDir(file)) {
      const found = exportedDefinition(store, member, exportName, depth + 1, seen);
      if (found.length) return found;
    }
    return [];
  }
  for (const e of store.exportsOfFile(file)) {
    if (e.exported !== exportName) continue;
    if (e.local) {
      const local = store.symbolInFile(file, e.local);
      if (local.length) return local;
      const imported = throughBinding(store, file, e.local, depth + 1, seen);
      if (imported.length) return imported;
    }
    if (exportName === 'default') {
      const anonymous = store.symbolInFile(file, 'default');
      if (anonymous.length) return anonymous;
    }
  }
  const refs = store.importsOfFile(file);
  // `export * as ns from './x'`: like the language service, ns is defined by module x itself.
  const namespace = refs.find(
    (r) => r.kind === 'reexport-namespace' && r.exportedAs === exportName && r.target,
  );
  if (namespace?.target) return [moduleRow(namespace.target)];
  if (exportName !== 'default') {
    // Declarations inside `declare module` / `export declare` forms without an exports row.
    const direct = store.symbolInFile(file, exportName).filter((row) => row.exported === 1);
    if (direct.length) return direct;
  }
  for (const r of refs) {
    if (r.kind === 'reexport' && r.exportedAs === exportName && r.target) {
      const found = exportedDefinition(store, r.target, r.imported, depth + 1, seen);
      if (found.length) return found;
    }
  }
  // `export = Ns`: named imports are members of Ns, the default import (interop) is Ns itself.
  const exportEquals = store.exportsOfFile(file).find((e) => e.exported === 'export=' && e.local);
  if (exportEquals?.local) {
    const target =
      exportName === 'default' ? exportEquals.local : `${exportEquals.local}.${exportName}`;
    const members = store.symbolInFile(file, target);
    if (members.length) return members;
  }
  if (exportName === 'default') return [];
  for (const r of refs) {
    if (r.kind === 'reexport-all' && r.target) {
      const found = exportedDefinition(store, r.target, exportName, depth + 1, seen);
      if (found.length) return found;
    }
  }
  return [];
}
