// The lines on which a Python, Go, Rust or Java definition of NAME can stand, as each
// language's definitions query captures them (languages/<lang>/<lang>-query.ts): a superset,
// never missing one. As for TypeScript (quick-definition-typescript.ts), a form that can
// spread over lines is also matched on the line NAME ends up on.
import {
  AFTER,
  ANY,
  BEFORE,
  END,
  GAP,
  GAP1,
  ID_CHAR,
  NOT_EQUALITY,
  SPACE,
  SPACE1,
  alt,
  literal,
  seq,
} from './quick-definition-pieces';

/**
 * Python: `def`/`class`/`type` NAME, and an assignment to the plain name (`NAME = …`,
 * `NAME: T = …`, `NAME: T`) at a statement's start or in a chain (`a = NAME = 1`).
 */
export function pythonRules(word: string): string[] {
  const N = literal(word);
  return [
    seq(BEFORE, alt('def', 'class', 'type'), SPACE1, N, AFTER),
    // At a line's start, after `;`, after the `:` of a one-line `if …:` or `class …:`, or
    // after another target's `=`; a backslash continues the statement on the next line.
    seq(alt('^', '[;:=]'), SPACE, N, SPACE, alt(NOT_EQUALITY, ':', '\\\\')),
    // `def \` or `class \` ending the line above: `NAME(` or `NAME[` starts this one.
    seq('^', SPACE, N, SPACE, '[(\\[]'),
  ];
}

/** What can follow a Go name where it is declared: a type, `=`, `,`, `(`, `[`, or nothing. */
function goFollower(): string {
  return alt(seq(GAP, alt('[*\\[(,=<{]', END)), seq(GAP1, ID_CHAR));
}

/**
 * Go: `func`, methods (`func (r T) NAME`), `type`, `var`, `const` (grouped ones one per
 * line, `a, NAME int`), struct fields and interface methods.
 */
export function goRules(word: string): string[] {
  const N = literal(word);
  return [
    seq(BEFORE, alt('func', 'type', 'var', 'const'), GAP1, N, AFTER),
    seq(BEFORE, 'func', GAP, '\\(', ANY, '*?\\)', GAP, N, AFTER),
    // First on its line (a group's member, a field, an interface method, a name after a
    // keyword ending the line above), or after `,` `{` `(` `;` in one-line lists.
    seq(alt('^', '\\*/', '[,{(;]'), GAP, N, goFollower()),
  ];
}

/** What can follow a Rust item's, variant's or field's name. */
function rustFollower(): string {
  return seq(GAP, alt('[,({=}<;]', seq(':', alt('[^:]', '$')), END, seq('where', AFTER)));
}

/**
 * Rust: `fn`, `struct`, `union`, `enum`, `trait`, `type`, `const`, `static` (`static mut`),
 * `mod NAME {`, `macro_rules! NAME`; enum variants and struct fields.
 */
export function rustRules(word: string): string[] {
  const N = literal(word);
  return [
    seq(
      BEFORE,
      alt('fn', 'struct', 'union', 'enum', 'trait', 'type', 'const', 'static', 'mut', 'mod'),
      GAP1,
      N,
      AFTER,
    ),
    seq(BEFORE, 'macro_rules', GAP, '!', GAP, N, AFTER),
    // First on its line, after `{` or `,` (variants, fields), after `pub`, `pub(crate)` or
    // an attribute `#[…]`.
    seq(alt('^', '\\*/', '[{,)\\]]', seq(BEFORE, 'pub', GAP1)), GAP, N, rustFollower()),
  ];
}

/**
 * Java: `class`, `interface`, `@interface`, `enum`, `record`; methods, constructors and fields
 * after a type or modifier (`void NAME(`, `List<T> NAME;`, `int[] NAME`, `public NAME(`),
 * `int a, NAME;`, and enum constants.
 */
export function javaRules(word: string): string[] {
  const N = literal(word);
  const follower = seq(
    GAP,
    alt('[(;=,\\[{}<]', END, seq(alt('extends', 'implements', 'permits'), AFTER)),
  );
  return [
    // After a word (a type, a modifier, `class`, `interface`, `@interface`, `enum`, `record`),
    // `>` or `]`.
    seq(alt(seq(ID_CHAR, GAP1), seq('[>\\]]', GAP)), N, follower),
    // First on its line, or after `,` `{` (enum constants, `int a, NAME;`) or the `)` of an
    // annotation's arguments (`@Inject(x) NAME(`).
    seq(alt('^', '\\*/', '[,{)]'), GAP, N, follower),
  ];
}
