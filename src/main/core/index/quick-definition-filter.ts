// Which lines of which files may define NAME, for the quick find_definition. Every line on
// which a definition of NAME stands holds NAME as a whole word, so ripgrep prints the lines
// holding the word and each is judged by the definition-line pattern of its file's language
// (quick-definition-typescript.ts, quick-definition-languages.ts). Judging the printed lines
// here costs a fraction of what the same patterns cost inside ripgrep (twice its time for the
// word alone, measured on a 2,800-file monorepo), and keeps each language's patterns to its
// own files. In TypeScript/JavaScript, a line that is a whole import declaration
// (`import { NAME } from '…'`), a re-export or a local export list, or a class header naming
// NAME in its heritage defines nothing, and an array literal in an expression holds no
// binding: what makes most of the files that mention a frequent name is dropped. Names the patterns cannot take (not an identifier, or `default`,
// which `export default`/`export =` define without writing it) go by the word alone.
import type { TreeSitterLanguageId } from './languages/language-extensions';
import { treeSitterLanguageOf } from './languages/language-extensions';
import { compileRules, isPatternIdentifier } from './quick-definition-pieces';
import { typescriptRules } from './quick-definition-typescript';
import { goRules, javaRules, pythonRules, rustRules } from './quick-definition-languages';

export interface DefinitionLineFilter {
  /** Whether a line holding the word (without its newline) may define it in `path`'s language. */
  keepLine(path: string, line: string): boolean;
}

type LanguageId = TreeSitterLanguageId | 'typescript';

const RULES: Record<LanguageId, (word: string) => string[]> = {
  typescript: typescriptRules,
  python: pythonRules,
  go: goRules,
  rust: rustRules,
  java: javaRules,
};

/**
 * Longer lines are kept unjudged (generated or minified code): a pattern's run time on one
 * line grows faster than the line, and keeping a line only costs a file's parse.
 */
const MAX_JUDGED_LINE = 2000;

// Whole-line declarations that bind nothing in this module: named, namespace and default
// imports, and `export { … } from '…'`. Braces hold only names, commas and spaces, and the
// line holds no backquote, so it cannot end or start a string or comment another line opened
// (a line inside one is no code, and defines nothing either).
const SPECIFIER = String.raw`(['"])[^'"\u0060\n]*\1\s*;?\s*(?:\/\/.*)?$`;
const NAMES = String.raw`\{[\s\w$,]*\}`;
const IMPORT_LINE = new RegExp(
  String.raw`^\s*import\s+(?:type\s+)?(?:(?:[\w$]+\s*,\s*)?(?:${NAMES}|\*\s*as\s+[\w$]+)|[\w$]+)\s*from\s*${SPECIFIER}`,
);
const REEXPORT_LINE = new RegExp(
  String.raw`^\s*export\s+(?:type\s+)?${NAMES}\s*from\s*${SPECIFIER}`,
);

// `export { a, b };` without `as`: exports locals declared elsewhere, defines nothing here.
const LOCAL_EXPORT_LINE = /^\s*export\s+(?:type\s+)?\{([\s\w$,]*)\}\s*;?\s*(?:\/\/.*)?$/;

export function isWholeImportLine(line: string): boolean {
  if (IMPORT_LINE.test(line) || REEXPORT_LINE.test(line)) return true;
  const local = LOCAL_EXPORT_LINE.exec(line);
  return local !== null && !/\bas\b/.test(local[1] ?? '');
}

// A class or interface header, or a line going on with its heritage: it defines the one name
// after `class`/`interface` and nothing else (no brace but the body's, at the end; no `=`,
// quote or `;`, so no member, default or string hides in it). `extends` and `implements` are
// reserved words, so a line starting with one is a heritage (or a type's) and binds nothing.
const HEADER = String.raw`[^{}=;'"\u0060]*\{?\s*(?:\/\/.*)?$`;
const HERITAGE_LINE = new RegExp(
  String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:class|interface)\s+([\w$]+)[^{}=;'"\u0060]*\b(?:extends|implements)\s${HEADER}`,
);
const HERITAGE_GOES_ON = new RegExp(String.raw`^\s*(?:extends|implements)\s${HEADER}`);

/** A line that names `word` only in a class's or interface's heritage. */
export function isForeignHeritageLine(line: string, word: string): boolean {
  if (HERITAGE_GOES_ON.test(line)) return true;
  const header = HERITAGE_LINE.exec(line);
  return header !== null && header[1] !== word;
}

// An array literal in an expression holds no binding: after `=` (initializers, defaults,
// comparisons), `(`, `of`, `in`, `return`, `yield`, `await`, or followed by `.`, which never
// follows a destructuring pattern. Only brackets without nested brackets, braces, parentheses,
// quotes or slashes are taken out, so none can end inside a string or comment.
const ARRAY = String.raw`\[[^[\]{}()'"\u0060/]*\]`;
const ARRAY_AFTER = new RegExp(
  String.raw`([=(]|(?:^|[^\w$.])(?:of|in|return|yield|await))(\s*)${ARRAY}`,
  'g',
);
const ARRAY_BEFORE_DOT = new RegExp(String.raw`${ARRAY}(?=\s*\.(?!\.))`, 'g');

/** The line with its expression array literals emptied (`[]`). */
export function withoutExpressionArrays(line: string): string {
  return line.replace(ARRAY_AFTER, '$1$2[]').replace(ARRAY_BEFORE_DOT, '[]');
}

/** The filter for `word` (a name's last segment), or undefined to go by the word alone. */
export function definitionLineFilter(word: string): DefinitionLineFilter | undefined {
  if (word === 'default' || !isPatternIdentifier(word)) return undefined;
  const patterns = new Map<LanguageId, RegExp>();
  const patternOf = (language: LanguageId): RegExp => {
    let pattern = patterns.get(language);
    if (!pattern) {
      pattern = compileRules(RULES[language](word));
      patterns.set(language, pattern);
    }
    return pattern;
  };
  return {
    keepLine(path, line) {
      if (line.length > MAX_JUDGED_LINE) return true;
      const language: LanguageId = treeSitterLanguageOf(path) ?? 'typescript';
      if (language !== 'typescript') return patternOf(language).test(line);
      if (isWholeImportLine(line) || isForeignHeritageLine(line, word)) return false;
      return patternOf(language).test(withoutExpressionArrays(line));
    },
  };
}
