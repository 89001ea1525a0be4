// The records the extractor produces and the index stores. Shared by the parse worker (which
// builds them) and the main thread (which resolves and persists them), so they are plain
// data: structured-clone safe, no class instances.
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { ALL_TREE_SITTER_EXTENSIONS } from './languages/language-extensions';

export interface ExtractedSymbol {
  /** Qualified name: `foo`, `Class.member`, `Namespace.inner`; `default` for a default export. */
  readonly name: string;
  readonly kind: SymbolKind;
  /** 1-based position of the declaration's name (of the statement for an anonymous default). */
  readonly line: number;
  readonly column: number;
  readonly exported: boolean;
  /** One line, whitespace collapsed, at most SIGNATURE_MAX characters. */
  readonly signature: string;
}

/**
 * How a module reference appears in the source:
 * - `import`: `import a, { b as c }, * as ns from 'x'` (one row per binding)
 * - `side-effect`: `import 'x'`
 * - `dynamic`: `import('x')` and `import('x').T` in types
 * - `require`: `require('x')`
 * - `import-equals`: `import x = require('x')`
 * - `reexport`: `export { a as b } from 'x'`
 * - `reexport-all`: `export * from 'x'`
 * - `reexport-namespace`: `export * as ns from 'x'`
 */
export type ModuleRefKind =
  | 'import'
  | 'side-effect'
  | 'dynamic'
  | 'require'
  | 'import-equals'
  | 'reexport'
  | 'reexport-all'
  | 'reexport-namespace'
  /** Python `from m import x` where x may be submodule m.x: resolves only when it is one. */
  | 'submodule';

export interface ExtractedImport {
  readonly specifier: string;
  readonly kind: ModuleRefKind;
  readonly line: number;
  readonly column: number;
  readonly typeOnly: boolean;
  /** Name taken from the module: `default`, a named export, or `*` for the whole module. */
  readonly imported: string;
  /** Local binding it creates (null for side-effect imports and re-exports). */
  readonly local: string | null;
  /** Name it is exported under again (re-exports only). */
  readonly exportedAs: string | null;
}

/** A name this module exports from its own scope: `export { a as b }`, `export default x`. */
export interface ExtractedExport {
  readonly exported: string;
  /** Local binding behind it; null for an anonymous default export. */
  readonly local: string | null;
  readonly line: number;
}

export interface FileExtraction {
  readonly symbols: ExtractedSymbol[];
  readonly imports: ExtractedImport[];
  readonly exports: ExtractedExport[];
}

/** Outcome of indexing one file in a worker. */
export type ParseOutcome =
  | { readonly status: 'ok'; readonly extraction: FileExtraction }
  | { readonly status: 'parse-error'; readonly error: string }
  | { readonly status: 'too-large'; readonly error: string }
  | { readonly status: 'unreadable'; readonly error: string };

export interface ParsedFile {
  /** Relative to the project root, `/` separators. */
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
  readonly outcome: ParseOutcome;
}

/** File extensions the index reads. */
export const INDEXED_EXTENSIONS: readonly string[] = [
  ...['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'],
  ...ALL_TREE_SITTER_EXTENSIONS,
];

export const SIGNATURE_MAX = 160;
