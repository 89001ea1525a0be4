// What one tree-sitter language contributes: a query naming its definitions, an import
// extractor, and (in ./module-resolvers.ts) a resolver. Adding a language is one folder with
// these three files and one line in ./languages.ts; see docs/ARCHITECTURE.md.
import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../../../../shared/contract/symbol-service';
import type { ExtractedExport, ExtractedImport, ExtractedSymbol } from '../index-types';
import type { TreeSitterLanguageId } from './language-extensions';

export interface LanguageSpec {
  readonly id: TreeSitterLanguageId;
  /**
   * Query captures: `@definition.<kind>` on a declaration node with `@name` on its name;
   * `@scope` with `@name` on a node that only qualifies what it holds (Rust `impl T`);
   * `@receiver` on a type name that qualifies the definition (Go methods). Definitions
   * inside a function are locals and skipped; one inside a class-like definition or scope
   * is `Container.member` (a function becomes a method, a variable a property).
   * `@import` marks a node the import extractor reads (a `use` or `import` statement): the
   * one query pass finds them, so the extractor need not walk the whole tree again.
   */
  readonly query: string;
  /** Public/exported by the language's rule (Go: capitalised, Rust/Java: `pub`/`public`). */
  isExported(node: Node, name: string, inContainer: boolean): boolean;
  /** Adjusts a captured kind (e.g. a Python UPPER_CASE module variable is a constant). */
  refineKind?(kind: SymbolKind, node: Node, name: string, inContainer: boolean): SymbolKind;
  /**
   * Module references, and the names the module makes importable beyond its symbols.
   * `imports` holds the nodes the query captured as `@import`, in source order.
   */
  extractImports(
    root: Node,
    symbols: readonly ExtractedSymbol[],
    imports: readonly Node[],
  ): { imports: ExtractedImport[]; exports: ExtractedExport[] };
}

/** Kinds whose members are qualified by the container's name. */
export const CONTAINER_KINDS: ReadonlySet<string> = new Set([
  'class',
  'struct',
  'interface',
  'trait',
  'enum',
  'module',
]);

export function nodeText(node: Node | null | undefined): string {
  return node?.text ?? '';
}

export function position(node: Node): { line: number; column: number } {
  return { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
}

/**
 * One import found at `at`. Only TypeScript has type-only imports; a re-export names what it is
 * exported as (`exportedAs`), every other row none.
 */
export function importRow(
  at: Node,
  specifier: string,
  kind: ExtractedImport['kind'],
  imported: string,
  local: string | null,
  exportedAs: string | null = null,
): ExtractedImport {
  return { specifier, kind, ...position(at), typeOnly: false, imported, local, exportedAs };
}
