// find_definition: exact name (`foo`, `Class.member`), then the last segment alone (`member`
// finds `Class.member`), then a local exported under that name (`export { a as name }`),
// exported definitions first; fuzzy suggestions when nothing matches.
import type { SymbolDefinition, SymbolKind } from '../../../shared/contract/symbol-service';
import type { IndexStore, SymbolRow } from './index-store';
import { fuzzyRank } from './fuzzy-match';
import { treeSitterLanguageOf } from './languages/language-extensions';

export interface DefinitionResult {
  readonly definitions: SymbolDefinition[];
  readonly suggestions: string[];
  /**
   * No definition, found by a quick search: how many project files use the name (it is
   * defined outside the project, or nowhere), instead of similar names.
   */
  readonly usedIn?: number;
}

// Declarations before values: a class/function named X is what "definition of X" means
// more often than a variable of that name.
const KIND_RANK: Record<SymbolKind, number> = {
  class: 0,
  function: 0,
  interface: 1,
  type: 1,
  enum: 1,
  struct: 0,
  trait: 1,
  macro: 2,
  constant: 3,
  namespace: 2,
  module: 2,
  variable: 3,
  method: 3,
  property: 4,
  default: 5,
};

export function toDefinition(row: SymbolRow): SymbolDefinition {
  return {
    path: row.path,
    line: row.line,
    column: row.column,
    kind: row.kind,
    name: row.name,
    exported: row.exported === 1,
    signature: row.signature,
  };
}

function isPythonFile(path: string): boolean {
  return treeSitterLanguageOf(path) === 'python';
}

function isDeclarationFile(path: string): boolean {
  return /\.d\.[mc]?ts$/.test(path);
}

export function rankDefinitions(rows: readonly SymbolRow[]): SymbolDefinition[] {
  return [...rows]
    .sort(
      (a, b) =>
        b.exported - a.exported ||
        Number(isDeclarationFile(a.path)) - Number(isDeclarationFile(b.path)) ||
        KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
        a.path.length - b.path.length ||
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
        // Python rebinds: of two definitions in one module the later one is the name's value.
        (isPythonFile(a.path) ? b.line - a.line : a.line - b.line),
    )
    .map(toDefinition);
}

export function findDefinitions(
  store: IndexStore,
  allNames: () => readonly string[],
  name: string,
  kind?: SymbolKind,
  suggestionLimit = 10,
): DefinitionResult {
  const query = name.trim();
  const byKind = (rows: SymbolRow[]): SymbolRow[] =>
    kind ? rows.filter((r) => r.kind === kind) : rows;
  let rows = byKind(store.symbolsByName(query));
  if (!rows.length && !query.includes('.')) rows = byKind(store.symbolsByShortName(query));
  // `export { FileSpecification as F }`: F is declared nowhere under its own name.
  if (!rows.length) {
    rows = byKind(
      store
        .localsExportedAs(query)
        .flatMap((e) => store.symbolInFile(e.path, e.local))
        .map((row) => ({ ...row, exported: 1 })),
    );
  }
  if (rows.length) return { definitions: rankDefinitions(rows), suggestions: [] };
  return { definitions: [], suggestions: fuzzyRank(query, allNames(), suggestionLimit) };
}
