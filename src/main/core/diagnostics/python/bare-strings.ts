// A Python module's text with every bare string statement (a docstring, or any string alone on
// its logical line) made empty: such a statement only evaluates a string, so what it says
// cannot change a type any importer sees. Only a string that starts a logical line outside
// brackets and ends it (a comment may follow) counts; an f-string never does (an expression
// inside one may bind a name). Anything else, an unterminated string included, is left as
// written. Runs in Sluice's process on texts already read; nothing is executed.

const STRING_START = /([rRbBuUfF]{0,2})("""|'''|"|')/y;
const REST_OF_LINE = /[ \t\r]*(#[^\n]*)?(\n|$)/y;

/** The index just past the string whose quote begins at `quoteAt`, or -1 when it never ends. */
function stringEnd(text: string, quoteAt: number, quote: string): number {
  let i = quoteAt + quote.length;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (quote.length === 1 && c === '\n') return -1;
    if (text.startsWith(quote, i)) return i + quote.length;
    i++;
  }
  return -1;
}

/** A bare string statement starting at `at` (after indentation): its end, else -1. */
function bareStringAt(text: string, at: number): number {
  STRING_START.lastIndex = at;
  const start = STRING_START.exec(text);
  if (!start || /[fF]/u.test(start[1] ?? '')) return -1;
  const quote = start[2] ?? '"';
  const end = stringEnd(text, at + (start[1]?.length ?? 0), quote);
  if (end < 0) return -1;
  REST_OF_LINE.lastIndex = end;
  return REST_OF_LINE.test(text) ? end : -1;
}

export function withoutBareStrings(text: string): string {
  let out = '';
  let depth = 0;
  let lineStart = true;
  let i = 0;
  while (i < text.length) {
    if (lineStart && depth === 0) {
      lineStart = false;
      let j = i;
      while (text[j] === ' ' || text[j] === '\t') j++;
      const end = bareStringAt(text, j);
      if (end >= 0) {
        out += `${text.slice(i, j)}""`;
        i = end;
        continue;
      }
    }
    const c = text[i] as string;
    if (c === '#') {
      const newline = text.indexOf('\n', i);
      const end = newline < 0 ? text.length : newline;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      const end = stringEnd(text, i, quote);
      // Unterminated: a one-quote string stops at its line's end, a triple one at the text's.
      const newline = text.indexOf('\n', i);
      const stop = end >= 0 ? end : quote.length === 1 && newline >= 0 ? newline : text.length;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      out += '\\\n';
      i += 2;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    else if (c === '\n') lineStart = true;
    out += c;
    i++;
  }
  return out;
}
