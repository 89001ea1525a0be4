// The pieces the definition-line patterns are built from (regular-expression source, matched
// on one line of a file as ripgrep printed it, with the `u` flag):
// - a boundary is any character that is not an ASCII identifier character, so a non-ASCII
//   letter counts as one: more lines match, never fewer;
// - whitespace adds U+0085 to `\s` (the TypeScript scanner skips it);
// - a character class that steps over text matches anything but a line break, U+FFFD (a
//   byte that is not UTF-8) included.

/** The parts one after another. */
export function seq(...parts: string[]): string {
  return parts.join('');
}

/** One of the parts, as a non-capturing group. */
export function alt(...parts: string[]): string {
  return `(?:${parts.join('|')})`;
}

/** Not an ASCII identifier character (nor `$`). */
export const NOT_ID = '[^A-Za-z0-9_$]';
/** Where an identifier or keyword may start. */
export const BEFORE = alt('^', NOT_ID);
/** Where one ends. */
export const AFTER = alt(NOT_ID, '$');
/** An identifier character: ASCII ones, `$`, and anything not ASCII. */
export const ID_CHAR = '[A-Za-z0-9_$\\u0080-\\u{10FFFF}]';
/** Any character of the line. */
export const ANY = '[^\\n]';
const WS = '[\\s\\x85]';
// Linear: a run of stars either closes the comment or is followed by another character.
const BLOCK_COMMENT = '\\/\\*(?:[^*]|\\*+[^*/])*\\*+\\/';
/** Whitespace and block comments (C-like languages), maybe none. */
export const GAP = seq(alt(WS, BLOCK_COMMENT), '*');
/** At least one of them: what separates a keyword from a name. */
export const GAP1 = seq(alt(WS, BLOCK_COMMENT), '+');
/** Whitespace only (Python), maybe none / at least one. */
export const SPACE = `${WS}*`;
export const SPACE1 = `${WS}+`;
/** The end of the line's code: the line's end, or a comment starting (C-like languages). */
export const END = alt('$', '\\/\\/', '\\/\\*');
/** `=` that is not `==` or `=>` (an assignment or a default value). */
export const NOT_EQUALITY = '=(?:[^=>]|$)';
/** A one-line string literal in single or double quotes. */
export const STRING = alt("'(?:[^'\\\\\\n]|\\\\.)*'", '"(?:[^"\\\\\\n]|\\\\.)*"');

/** Identifiers the patterns can take: letters, digits, `_` and `$`. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

export function isPatternIdentifier(word: string): boolean {
  return IDENTIFIER.test(word);
}

/** The name itself, `$` escaped (the only identifier character special in a pattern). */
export function literal(word: string): string {
  return word.replace(/\$/g, '\\$');
}

/** One expression matching a line that any of the rules matches. */
export function compileRules(rules: readonly string[]): RegExp {
  return new RegExp(rules.join('|'), 'u');
}
