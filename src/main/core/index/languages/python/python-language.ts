// Python: definitions through the query, and imports as the index's generic module
// references, mapped so the shared queries (definition through imports, importers through
// re-export chains) follow Python's rules:
// - `import a.b.c [as d]`: the module a.b.c, bound as `a.b.c` (or `d`).
// - `from m import x [as y]`: name x of module m, and a `submodule` candidate `m.x` (x may be
//   a submodule rather than a name; that row resolves only when the file exists).
// - `from m import *` at module level: every name of m becomes one of this module's names
//   (a `reexport-all`, like TypeScript's `export *`).
// - every module-level binding (definitions and imported names) is importable from the
//   module, so each is listed as an export: `__init__.py` re-exports come out of that.
import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../../../../../shared/contract/symbol-service';
import type { ExtractedExport, ExtractedImport, ExtractedSymbol } from '../../index-types';
import { importRow, nodeText, type LanguageSpec } from '../language-spec';
import { PYTHON_QUERY } from './python-query';

const SCOPES = new Set(['function_definition', 'class_definition', 'lambda']);

function isModuleLevel(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) if (SCOPES.has(up.type)) return false;
  return true;
}

function isPublicName(name: string): boolean {
  return !name.startsWith('_') || (name.startsWith('__') && name.endsWith('__'));
}

/** `from m import x` may import submodule m.x: `.` + `x` = `.x`, `..a` + `x` = `..a.x`. */
export function submoduleSpecifier(from: string, name: string): string {
  return from.endsWith('.') ? `${from}${name}` : `${from}.${name}`;
}

/** The names an import statement lists (`x` or `x as y`), each with its alias or null. */
function importedNames(statement: Node): { name: Node; alias: Node | null }[] {
  const names: { name: Node; alias: Node | null }[] = [];
  for (const child of statement.childrenForFieldName('name')) {
    if (!child) continue;
    const aliased = child.type === 'aliased_import';
    const name = aliased ? child.childForFieldName('name') : child;
    if (name) names.push({ name, alias: aliased ? child.childForFieldName('alias') : null });
  }
  return names;
}

function extractPythonImports(
  _root: Node,
  symbols: readonly ExtractedSymbol[],
  statements: readonly Node[],
): { imports: ExtractedImport[]; exports: ExtractedExport[] } {
  const imports: ExtractedImport[] = [];
  const exportedNames = new Map<string, ExtractedExport>();
  const addExport = (name: string, line: number): void => {
    if (!exportedNames.has(name)) exportedNames.set(name, { exported: name, local: name, line });
  };
  for (const s of symbols) if (!s.name.includes('.')) addExport(s.name, s.line);
  for (const statement of statements) {
    const topLevel = isModuleLevel(statement);
    if (statement.type === 'import_statement') {
      for (const { name: dotted, alias } of importedNames(statement)) {
        const specifier = nodeText(dotted);
        const local = alias ? nodeText(alias) : specifier;
        imports.push(importRow(dotted, specifier, 'import', '*', local));
        if (topLevel)
          addExport(
            alias ? local : (specifier.split('.')[0] as string),
            dotted.startPosition.row + 1,
          );
      }
      continue;
    }
    const moduleName = statement.childForFieldName('module_name');
    if (!moduleName) continue;
    const from = nodeText(moduleName);
    if (from === '__future__') continue; // compiler directives, not a module the project has
    if (statement.namedChildren.some((child) => child?.type === 'wildcard_import')) {
      imports.push(importRow(moduleName, from, topLevel ? 'reexport-all' : 'import', '*', null));
      continue;
    }
    for (const { name: target, alias } of importedNames(statement)) {
      const imported = nodeText(target);
      const local = alias ? nodeText(alias) : imported;
      imports.push(importRow(target, from, 'import', imported, local));
      imports.push(importRow(target, submoduleSpecifier(from, imported), 'submodule', '*', local));
      if (topLevel) addExport(local, target.startPosition.row + 1);
    }
  }
  return { imports, exports: [...exportedNames.values()] };
}

function refinePythonKind(
  kind: SymbolKind,
  node: Node,
  name: string,
  inContainer: boolean,
): SymbolKind {
  if (kind !== 'variable' && kind !== 'property') return kind;
  const annotation = nodeText(node.childForFieldName('type'));
  if (annotation === 'TypeAlias' || annotation.endsWith('.TypeAlias')) return 'type';
  if (!inContainer && /^[A-Z][A-Z0-9_]*$/.test(name)) return 'constant';
  return kind;
}

export const pythonLanguage: LanguageSpec = {
  id: 'python',
  query: PYTHON_QUERY,
  isExported: (_node, name) => isPublicName(name),
  refineKind: refinePythonKind,
  extractImports: extractPythonImports,
};
