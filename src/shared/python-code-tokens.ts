// A Python module as the interpreter reads it, for "does this edit change what runs?": the
// tokens of each logical line, each line opened by its indentation, with comments, blank lines,
// spacing inside a line and line joins (backslashes, lines inside brackets) dropped. Strings
// are kept whole, docstrings included: a doctest, or code that reads `__doc__`, sees them. The
// one comment that changes how the file is read, the encoding declaration of the first two
// lines, is kept. Operators are cut as the interpreter cuts them (longest first), so `* *` and
// `**` stay apart. Nothing here runs the code; a text this reader cannot follow (an unclosed
// string) has no tokens, and the caller runs the tests.

const STRING_START = /^(?:[rRbBuUfF]{1,2})?('''|"""|'|")/u;
const NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/u;
const NUMBER =
  /^(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?[jJ]?)/u;
const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '**',
  '//',
  '>>',
  '<<',
  '<=',
  '>=',
  '==',
  '!=',
  '->',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
  ':=',
  '<>',
];
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);
const ENCODING = /^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+/u;

/** The end of a string that starts at `at` (after its prefix and quote), or -1 if unclosed. */
function stringEnd(text: string, at: number, quote: string): number {
  let i = at;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (text.startsWith(quote, i)) return i + quote.length;
    // A one-quote string ends at the line's end: unclosed.
    if (quote.length === 1 && c === '\n') return -1;
    i++;
  }
  return -1;
}

export interface CodeTokenOptions {
  /** Comments kept as tokens (a type checker reads `# type:` ones); default none. */
  readonly keepComment?: (comment: string) => boolean;
}

/**
 * The module's code tokens, NUL-separated, logical lines apart; null when the text cannot be
 * read this way. Two texts with equal tokens run the same.
 */
export function pythonCodeTokens(source: string, options: CodeTokenOptions = {}): string | null {
  const text = source.replace(/\r\n?/gu, '\n');
  const out: string[] = [];
  /** The comment from `at` to its line's end, when kept; and where it ends. */
  const comment = (at: number): { kept: string | null; end: number } => {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    const words = text.slice(at, end).trimEnd();
    return { kept: options.keepComment?.(words) ? words : null, end };
  };
  const lines = text.split('\n', 2);
  for (const line of lines) if (ENCODING.test(line)) out.push(line.trim());
  let depth = 0;
  let lineStart = true;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (lineStart && depth === 0) {
      // A logical line starts: its indentation, unless the line is blank or only a comment.
      let j = i;
      while (text[j] === ' ' || text[j] === '\t' || text[j] === '\f') j++;
      const next = text[j];
      if (next === undefined) break;
      if (next === '\n') {
        i = j + 1;
        continue;
      }
      if (next === '#') {
        const { kept, end } = comment(j);
        if (kept) out.push(`\n${text.slice(i, j)}`, kept);
        i = end + 1;
        continue;
      }
      // A line joined to the next before any token: rare enough to leave to the tests.
      if (next === '\\') return null;
      out.push(`\n${text.slice(i, j)}`);
      lineStart = false;
      i = j;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\f') {
      i++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '\n') {
      i++;
      if (depth === 0) lineStart = true;
      continue;
    }
    if (c === '#') {
      const { kept, end } = comment(i);
      if (kept) out.push(kept);
      i = end;
      continue;
    }
    const rest = text.slice(i, i + 3);
    const string = STRING_START.exec(text.slice(i, i + 5));
    if (string) {
      const quote = string[1] as string;
      const end = stringEnd(text, i + string[0].length, quote);
      if (end < 0) return null;
      out.push(text.slice(i, end));
      i = end;
      continue;
    }
    const head = text.slice(i, i + 200);
    const number = /^[\d.]/u.test(c) ? NUMBER.exec(head) : null;
    if (number && number[0] !== '.' && number[0] !== '') {
      out.push(number[0]);
      i += number[0].length;
      continue;
    }
    const name = NAME.exec(head);
    if (name) {
      out.push(name[0]);
      i += name[0].length;
      continue;
    }
    const operator = OPERATORS.find((o) => rest.startsWith(o)) ?? c;
    if (OPEN.has(operator)) depth++;
    else if (CLOSE.has(operator)) depth = Math.max(0, depth - 1);
    out.push(operator);
    i += operator.length;
  }
  return out.join('\0');
}
