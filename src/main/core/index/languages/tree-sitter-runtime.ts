// Loads web-tree-sitter and the grammar WASM files from `@vscode/tree-sitter-wasm` (what VS
// Code ships). Both packages stay external to every bundle and are found from node_modules
// at run time, so the CLI, the app and the parse workers load the same files.
// Loading is async (WASM compilation); parsing after that is synchronous, which is what
// the parse job needs. Each thread loads only the grammars its files need, once, and
// web-tree-sitter itself only with the first of them: a TypeScript-only run (the first
// `sluice def` in a TS project, which is timed against rg + node) never loads it.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as WebTreeSitter from 'web-tree-sitter';
import type { Language, Parser, Query } from 'web-tree-sitter';
import { treeSitterLanguageOf, type TreeSitterLanguageId } from './language-extensions';

const GRAMMAR_FILES: Record<TreeSitterLanguageId, string> = {
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
};

export interface LoadedGrammar {
  readonly parser: Parser;
  readonly language: Language;
  /** Compiled queries by source text (a query compiles once per thread). */
  readonly queries: Map<string, Query>;
  /** Compiles a query for this language (web-tree-sitter's Query). */
  readonly newQuery: (source: string) => Query;
}

let init: Promise<typeof WebTreeSitter> | undefined;
const loading = new Map<TreeSitterLanguageId, Promise<void>>();
const loaded = new Map<TreeSitterLanguageId, LoadedGrammar>();
const failed = new Map<TreeSitterLanguageId, string>();

export function grammarDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@vscode/tree-sitter-wasm'));
}

async function load(id: TreeSitterLanguageId): Promise<void> {
  try {
    init ??= import('web-tree-sitter').then(async (api) => {
      await api.Parser.init();
      return api;
    });
    const api = await init;
    const language = await api.Language.load(path.join(grammarDirectory(), GRAMMAR_FILES[id]));
    const parser = new api.Parser();
    parser.setLanguage(language);
    loaded.set(id, {
      parser,
      language,
      queries: new Map(),
      newQuery: (source) => new api.Query(language, source),
    });
  } catch (error) {
    failed.set(id, error instanceof Error ? error.message : String(error));
  }
}

/** Loads the grammars these paths need; never rejects (a failure is reported per file). */
export async function prepareGrammarsFor(paths: Iterable<string>): Promise<void> {
  const wanted = new Set<TreeSitterLanguageId>();
  for (const p of paths) {
    const id = treeSitterLanguageOf(p);
    if (id && !loaded.has(id) && !failed.has(id)) wanted.add(id);
  }
  await Promise.all(
    [...wanted].map((id) => {
      let pending = loading.get(id);
      if (!pending) loading.set(id, (pending = load(id)));
      return pending;
    }),
  );
}

/** The loaded grammar, or the reason it is not available (not prepared, or failed to load). */
export function grammarFor(id: TreeSitterLanguageId): LoadedGrammar | string {
  return (
    loaded.get(id) ??
    `the ${id} grammar could not be loaded: ${failed.get(id) ?? 'it was not prepared on this thread'}`
  );
}

export function compiledQuery(grammar: LoadedGrammar, source: string): Query {
  let query = grammar.queries.get(source);
  if (!query) {
    query = grammar.newQuery(source);
    grammar.queries.set(source, query);
  }
  return query;
}
