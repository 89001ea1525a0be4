// The tree-sitter languages the index knows, by id. Adding one: a folder with its query,
// its LanguageSpec and its resolver, an entry here and in ./module-resolvers.ts, its file
// extensions in ./language-extensions.ts (docs/ARCHITECTURE.md, "Adding a language").
import type { ParseOutcome } from '../index-types';
import { treeSitterLanguageOf, type TreeSitterLanguageId } from './language-extensions';
import type { LanguageSpec } from './language-spec';
import { extractWithQuery } from './query-extractor';
import { pythonLanguage } from './python/python-language';
import { goLanguage } from './go/go-language';
import { rustLanguage } from './rust/rust-language';
import { javaLanguage } from './java/java-language';

export const LANGUAGE_SPECS: Readonly<Record<TreeSitterLanguageId, LanguageSpec>> = {
  python: pythonLanguage,
  go: goLanguage,
  rust: rustLanguage,
  java: javaLanguage,
};

/** The extraction of a tree-sitter language's file; undefined when the path is not one. */
export function extractTreeSitterFile(path: string, text: string): ParseOutcome | undefined {
  const id = treeSitterLanguageOf(path);
  const spec = id ? LANGUAGE_SPECS[id] : undefined;
  return spec ? extractWithQuery(spec, text) : undefined;
}
