// A Go file as the compiler reads it, for "does this edit change what runs?": its tokens, each
// marked when a line break comes before it (a line break can end a statement), with comments,
// blank lines and spacing inside a line dropped. Operators are cut longest first, so `& ^` and
// `&^` stay apart. The comments the toolchain acts on are kept verbatim: directives (`//go:`,
// `// +build`, `//export`, `//line`) and an example's `// Output:`, which `go test` compares;
// a cgo file (`import "C"`, whose preamble is a comment) is not read this way. A text this
// reader cannot follow (an unclosed string or comment) has no tokens, and the caller runs the
// tests. Nothing here runs the code.

const NAME = /^[\p{L}_][\p{L}\p{Nd}_]*/u;
const NUMBER =
  /^(?:0[xX][\da-fA-F_]*(?:\.[\da-fA-F_]*)?(?:[pP][+-]?\d[\d_]*)?|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)i?/u;
const OPERATORS = [
  '<<=',
  '>>=',
  '&^=',
  '...',
  '&&',
  '||',
  '<-',
  '++',
  '--',
  '==',
  '!=',
  '<=',
  '>=',
  ':=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '>>',
  '&^',
];
const ACTING_COMMENT = /^\/\/(?:go:|\s*\+build|export\s|line\s)|output:/iu;

/** Where a quoted literal starting at `at` ends, or -1 when it is not closed. */
function literalEnd(text: string, at: number): number {
  const quote = text[at] as string;
  let i = at + 1;
  while (i < text.length) {
    const c = text[i];
    if (quote !== '`' && c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote !== '`' && c === '\n') return -1;
    else i++;
  }
  return -1;
}

/** The file's code tokens, NUL-separated; null when the text cannot be read this way. */
export function goCodeTokens(source: string): string | null {
  const text = source.replace(/\r\n?/gu, '\n');
  if (/^\s*(?:import\s+)?"C"\s*$/mu.test(text)) return null;
  const out: string[] = [];
  let lineBreak = false;
  let i = 0;
  const push = (token: string): void => {
    out.push(lineBreak && out.length ? `\n${token}` : token);
    lineBreak = false;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\n') {
      lineBreak = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (text.startsWith('//', i) || text.startsWith('/*', i)) {
      const line = text.startsWith('//', i);
      const end = line ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      if (!line && end < 0) return null;
      const stop = end < 0 ? text.length : line ? end : end + 2;
      const comment = text.slice(i, stop);
      if (ACTING_COMMENT.test(comment)) out.push(comment);
      // A block comment across lines ends a line, as a line break does.
      if (!line && comment.includes('\n')) lineBreak = true;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const end = literalEnd(text, i);
      if (end < 0) return null;
      push(text.slice(i, end));
      i = end;
      continue;
    }
    const head = text.slice(i, i + 200);
    const number = /^[\d.]/u.test(c) ? NUMBER.exec(head) : null;
    if (number && number[0] !== '.' && number[0] !== '') {
      push(number[0]);
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(head);
    if (name) {
      push(name[0]);
      i += name[0].length;
      continue;
    }
    const operator = OPERATORS.find((o) => text.startsWith(o, i)) ?? c;
    push(operator);
    i += operator.length;
  }
  return out.join('\0');
}
