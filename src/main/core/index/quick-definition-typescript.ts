// The lines on which a TypeScript/JavaScript definition of NAME can stand, as the index finds
// them (extract-declarations.ts, extract-class-members.ts, definition-query.ts): a superset,
// never missing one. Each rule names the forms it covers; a form that can spread over lines
// is also matched on the line NAME ends up on (`function` / NAME, a destructuring pattern
// broken over lines), from what can stand before NAME on that line and what can follow it.
// A symbol named `Class.member` or `Ns.inner` is found by its last segment, so NAME is always
// the word itself. Uses rarely look like these: `NAME.x`, `new NAME(`, `: NAME;`,
// `x = NAME(`, `<NAME>` match none of them, and a whole-line import is dropped apart
// (quick-definition-filter.ts).
import {
  AFTER,
  ANY,
  BEFORE,
  END,
  GAP,
  GAP1,
  ID_CHAR,
  NOT_EQUALITY,
  STRING,
  alt,
  literal,
  seq,
} from './quick-definition-pieces';

const KEYWORDS = [
  'function',
  'class',
  'interface',
  'enum',
  'namespace',
  'module',
  'const',
  'let',
  'var',
];

/** Member and parameter-property modifiers. */
const MODIFIERS = [
  'public',
  'private',
  'protected',
  'readonly',
  'override',
  'static',
  'abstract',
  'declare',
  'async',
  'get',
  'set',
  'accessor',
];

export function typescriptRules(word: string): string[] {
  const N = literal(word);
  const name = seq(N, AFTER);
  // A member named by a string (`'NAME'() {}`, `'a.NAME': T`: the index keeps the text, and
  // its last `.` segment is NAME), or `declare module 'x.NAME'`: a quote or a dot before, a
  // quote after.
  const quoted = seq(alt('[\'"]', '\\.'), N, '[\'"]', GAP, alt('[(<:=;?!{}]', END));
  // What follows a class member's name: `(` `<` `:` `=` `;` `?` `!`, a `}` closing a
  // one-line class, or nothing more on the line.
  const member = seq(N, GAP, alt('[(<:=;?!}]', END));
  // A binding in a destructuring pattern (`{ NAME }`, `[a, NAME]`, `{ k: NAME = 1 }`,
  // `...NAME`): what may follow it there.
  const binding = seq(N, GAP, alt('[,}\\]]', NOT_EQUALITY, END));
  return [
    // function NAME, class NAME, interface, enum, namespace/module NAME, const/let/var NAME (and `const enum`, `declare`, `export`, `export default`, `abstract`, `async`
    // before them change nothing).
    seq(BEFORE, alt(...KEYWORDS), GAP1, name),
    // function* NAME, and generator methods `*NAME(`.
    seq('\\*', GAP, N, GAP, '[(<]'),
    // type NAME = … / type NAME<T> = …
    seq(BEFORE, 'type', GAP1, N, GAP, alt('[=<]', END)),
    // namespace A.B.NAME { … }
    seq(BEFORE, alt('namespace', 'module'), GAP1, '(?:', ID_CHAR, '+', GAP, '\\.', GAP, ')+', name),
    // export import NAME = Ns.Member
    seq(BEFORE, 'import', GAP1, N, GAP, alt('=', END)),
    // export { local as NAME }, export * as NAME from './x', and the string names of
    // ES2022 (`as "NAME"`, `as "a.NAME"`).
    seq(
      BEFORE,
      'as',
      alt(seq(GAP1, N), seq(GAP, '[\'"](?:[^\'"\\n]*\\.)?', N, '[\'"]')),
      GAP,
      alt('[,}]', END, seq('from', AFTER)),
    ),
    // Members and parameter properties after a modifier: `static NAME`, `get NAME()`,
    // `constructor(private readonly NAME: T)`, `async *NAME()`, `private 'NAME'()`; not the
    // type operator in `readonly NAME[]`.
    seq(
      BEFORE,
      alt(...MODIFIERS),
      GAP1,
      '(?:\\*',
      GAP,
      ')?',
      alt(seq(N, GAP, alt('[(<:=;,)?!}]', END)), quoted),
    ),
    // using NAME = … / await using NAME = … (`using` is a word of comments too).
    seq(BEFORE, 'using', GAP1, N, GAP, alt('[=:]', END)),
    // NAME first on its line (after a comment that ends there): a class member, a name
    // after a keyword ending the line above, a destructuring pattern or a declaration list
    // broken over lines; `extends`/`implements` after a class's or interface's name.
    seq(
      alt('^', '\\*/'),
      GAP,
      '(?:\\.\\.\\.',
      GAP,
      ')?',
      N,
      GAP,
      alt('[(<{=:;,?!}\\]]', END, seq(alt('extends', 'implements', 'from'), AFTER)),
    ),
    // The last segment of a qualified namespace name broken over lines: `A.` / `NAME {`,
    // or `A` / `.NAME {`.
    seq('^', GAP, '(?:', ID_CHAR, '*', GAP, '\\.', GAP, ')+', N, GAP, alt('\\{', END)),
    // A string-named member, anywhere.
    quoted,
    // A member after a decorator (`@observable NAME`, `@inject(T) NAME`), or in a one-line
    // class body after `{`, `;` or `}`.
    seq(alt(seq('@(?:', ID_CHAR, '|\\.)+'), '[){;}]'), GAP, member),
    // Destructuring: `{ NAME }`, `[a, NAME]`, `{ ...NAME }`, `{ key: NAME }` (the key an
    // identifier, a string or a computed `[…]`, first on its line in a pattern broken over
    // lines), on a `const` line or on any line of a pattern broken over lines.
    seq(alt('[{\\[,]', '\\.\\.\\.'), GAP, binding),
    seq(
      alt('^', '[{,]'),
      GAP,
      alt(seq(ID_CHAR, '+'), STRING, seq('\\[', ANY, '*\\]')),
      GAP,
      ':',
      GAP,
      binding,
    ),
    // A later declarator: `let a = 1, NAME: T;`, `let a, NAME!: T`.
    seq(',', GAP, N, GAP, '[;:!]'),
  ];
}
