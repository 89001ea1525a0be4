// The module path of a go.mod, by the rules of golang.org/x/mod's
// modfile.ModulePath, reimplemented: line by line, a `//` comment is cut off, the line is
// trimmed, it must start with `module` followed by white space, and the rest is the path,
// either bare or one Go string literal ("…" with escapes, or `…` raw) that must be the whole
// rest (`"x"asd` is no path). The first such line wins. Also the block form the go.mod
// reference allows (`module (` newline path newline `)`), which the full modfile parser reads.

const SPACE = /^[ \t\r\f\v]+|[ \t\r\f\v]+$/gu;

function trimSpace(s: string): string {
  return s.replace(SPACE, '');
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
};

/** Go's strconv.Unquote for "…" and `…` literals; undefined when the text is not exactly one. */
export function goUnquote(text: string): string | undefined {
  if (text.length < 2) return undefined;
  const quote = text[0];
  if (text[text.length - 1] !== quote) return undefined;
  const body = text.slice(1, -1);
  if (quote === '`') return body.includes('`') ? undefined : body.replace(/\r/gu, '');
  if (quote !== '"' || body.includes('\n')) return undefined;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '"') return undefined;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i += 1;
      continue;
    }
    const hexLength = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (hexLength) {
      const hex = body.slice(i + 2, i + 2 + hexLength);
      if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`, 'u').test(hex)) return undefined;
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) return undefined;
      out += e === 'x' ? String.fromCharCode(code) : String.fromCodePoint(code);
      i += 1 + hexLength;
      continue;
    }
    const octal = body.slice(i + 1, i + 4);
    if (/^[0-7]{3}$/u.test(octal) && parseInt(octal, 8) <= 255) {
      out += String.fromCharCode(parseInt(octal, 8));
      i += 3;
      continue;
    }
    return undefined;
  }
  return out;
}

function pathOf(rest: string): string | undefined {
  if (rest.startsWith('"') || rest.startsWith('`')) return goUnquote(rest);
  return rest;
}

/** The module path, or undefined when the go.mod names none (modfile.ModulePath's ""). */
export function goModulePath(goMod: string): string | undefined {
  const lines = goMod.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    const comment = line.indexOf('//');
    if (comment >= 0) line = line.slice(0, comment);
    line = trimSpace(line);
    if (!line.startsWith('module')) continue;
    const after = line.slice('module'.length);
    const rest = trimSpace(after);
    if (rest.length === after.length || rest.length === 0) continue;
    if (rest === '(') {
      // Block form: the next non-blank line is the path, then `)`.
      const inner = lines
        .slice(i + 1)
        .map((l) => trimSpace(l.includes('//') ? l.slice(0, l.indexOf('//')) : l))
        .filter((l) => l !== '');
      if (inner[1] !== ')' || !inner[0] || inner[0].includes(' ')) return undefined;
      const found = pathOf(inner[0]);
      return found ? found : undefined;
    }
    const found = pathOf(rest);
    return found ? found : undefined;
  }
  return undefined;
}
