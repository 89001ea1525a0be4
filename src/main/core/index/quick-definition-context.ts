// The second look of the quick find_definition at a TypeScript file its line filter kept
// (quick-definition-filter.ts): a line alone cannot tell `  NAME,` in an import list broken
// over lines, or `  uri: NAME,` in a parameter list or a type broken over lines, from the
// same text in a destructuring pattern, and such lines keep most of the files that mention a
// frequent name (each then parsed). A lexer over the whole file tells them apart without
// parsing: an occurrence of NAME defines nothing when it stands
// - in a comment;
// - in the braces of an import or export list (`import {`, `import type {`, `import X, {`,
//   `export {`, `export type {`), unless right after `as` (`export { local as NAME }`);
// - right after `:` anywhere but in braces or brackets that may be a variable statement's
//   binding pattern (opened right after `const`/`let`/`var`/`using`, after `,` outside
//   parentheses and brackets, or inside such a pattern): there it is a type (a parameter's,
//   a member's, a type literal's), a property's value, a label's statement or a
//   conditional's branch. The index records no other destructuring (extract-declarations.ts
//   takes bindings from variable statements only).
// The file is kept when another occurrence stands on a line the line filter keeps. The lexer
// knows strings, templates, comments and regular expressions; whenever it cannot be sure of
// where it is (a `/` after `)` or `}`, an unclosed or mismatched bracket, string or comment),
// the file is kept as the line filter decided. Only `.ts`, `.mts`, `.cts` files are read
// so: JSX text (in `.tsx`, and `.js` files that may hold JSX) is not code a lexer can follow.

/** Whether the second look applies to `path` (TypeScript without JSX). */
export function isContextJudged(path: string): boolean {
  return /\.[mc]?ts$/i.test(path) && !/\.tsx$/i.test(path);
}

// Words after which a `/` starts a regular expression, not a division.
const BEFORE_REGEX = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

const DECLARES = new Set(['const', 'let', 'var', 'using']);

interface Open {
  readonly ch: '(' | '[' | '{' | '${';
  /** An import or export list's braces. */
  readonly list: boolean;
  /** May be (part of) a variable statement's binding pattern. */
  readonly pattern: boolean;
}

const CLOSER: Record<string, Open['ch']> = { ')': '(', ']': '[' };

function isLineBreak(c: string): boolean {
  return c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
}

function isSpace(c: string): boolean {
  const code = c.charCodeAt(0);
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/u.test(c));
}

function isIdentifierChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code > 127) return !/\s/u.test(c);
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    code === 92
  );
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** The index after the regular expression starting at `i`, or -1 when it does not end. */
function afterRegex(text: string, i: number): number {
  let inClass = false;
  for (i++; ; i++) {
    const r = text[i];
    if (r === undefined || isLineBreak(r)) return -1;
    if (r === '\\') i++;
    else if (r === '[') inClass = true;
    else if (r === ']') inClass = false;
    else if (r === '/' && !inClass) break;
  }
  for (i++; i < text.length && isIdentifierChar(text[i] as string);) i++;
  return i;
}

/** The index after the string starting at `i`, or -1 when it does not end on its line. */
function afterString(text: string, i: number): number {
  const quote = text[i];
  for (i++; ; i++) {
    const s = text[i];
    if (s === undefined || s === '\n' || s === '\r') return -1;
    // An escape, or a line continuation (`\` and a CRLF are one).
    if (s === '\\') i += text.startsWith('\r\n', i + 1) ? 2 : 1;
    else if (s === quote) return i + 1;
  }
}

/**
 * Offsets of the occurrences of `word` that define nothing by where they stand (see above),
 * or undefined when the lexer cannot be sure of the file's structure.
 */
export function excludedOccurrences(text: string, word: string): Set<number> | undefined {
  const excluded = new Set<number>();
  const stack: Open[] = [];
  // The last three significant tokens, newest first: an identifier's text, a punctuator, or
  // '"' (a string), '`' (a template), '0' (a number), '/' (a regular expression).
  // Three variables, not an array shifted per token: this runs for every token of the file.
  let prev0: string | undefined;
  let prev1: string | undefined;
  let prev2: string | undefined;
  const push = (token: string): void => {
    prev2 = prev1;
    prev1 = prev0;
    prev0 = token;
  };
  const isWord = (token: string | undefined): boolean =>
    token !== undefined && isIdentifierChar(token[0] ?? '') && !isDigit(token[0]);
  const excludeIn = (from: number, to: number): void => {
    for (let at = text.indexOf(word, from); at >= 0 && at < to; at = text.indexOf(word, at + 1))
      excluded.add(at);
  };
  // Scans a template from `i` (after its backquote or a `}` closing a substitution) to its
  // end or its next substitution; the index after, or -1 when it never ends.
  const template = (i: number): number => {
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '`') {
        push('`');
        return i + 1;
      } else if (c === '$' && text[i + 1] === '{') {
        stack.push({ ch: '${', list: false, pattern: false });
        push('{');
        return i + 2;
      }
    }
    return -1;
  };
  let i = text.startsWith('#!') ? text.search(/[\n\r\u2028\u2029]|$/) : 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (isSpace(c)) {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      let end = i + 2;
      while (end < text.length && !isLineBreak(text[end] as string)) end++;
      excludeIn(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      excludeIn(i, end + 2);
      i = end + 2;
    } else if (c === '/') {
      const last = prev0;
      if (last === ')' || last === '}') return undefined;
      const division =
        last !== undefined &&
        (last === ']' || '"`0/'.includes(last) || (isWord(last) && !BEFORE_REGEX.has(last)));
      if (division) {
        push('/=');
        i++;
        continue;
      }
      i = afterRegex(text, i);
      if (i < 0) return undefined;
      push('/');
    } else if (c === '"' || c === "'") {
      i = afterString(text, i);
      if (i < 0) return undefined;
      push('"');
    } else if (c === '`') {
      i = template(i + 1);
      if (i < 0) return undefined;
    } else if (c === '(' || c === '[' || c === '{') {
      const list =
        c === '{' &&
        (prev0 === 'import' ||
          prev0 === 'export' ||
          (prev0 === 'type' && (prev1 === 'import' || prev1 === 'export')) ||
          (prev0 === ',' && isWord(prev1) && prev2 === 'import'));
      const enclosing = stack[stack.length - 1];
      const pattern =
        c !== '(' &&
        (enclosing?.pattern === true ||
          DECLARES.has(prev0 ?? '') ||
          (prev0 === ',' && (enclosing === undefined || enclosing.ch === '{')));
      stack.push({ ch: c, list, pattern });
      push(c);
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      const open = stack.pop();
      if (!open) return undefined;
      if (c === '}' && open.ch === '${') {
        i = template(i + 1);
        if (i < 0) return undefined;
        continue;
      }
      if (open.ch !== (CLOSER[c] ?? '{')) return undefined;
      push(c);
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(text[i + 1]))) {
      while (i < text.length && (isIdentifierChar(text[i] as string) || text[i] === '.')) i++;
      push('0');
    } else if (isIdentifierChar(c)) {
      const start = i;
      while (i < text.length && isIdentifierChar(text[i] as string)) i++;
      const token = text.slice(start, i);
      if (token === word) {
        const open = stack[stack.length - 1];
        if ((open?.list && prev0 !== 'as') || (prev0 === ':' && !open?.pattern))
          excluded.add(start);
      }
      push(token);
    } else {
      push(c);
      i++;
    }
  }
  return stack.length ? undefined : excluded;
}

const NOT_WORD = String.raw`[^A-Za-z0-9_]`;

/**
 * Whether `text` may define `word`: an occurrence the lexer does not rule out stands on a
 * line `keepLine` keeps (every line with the word when the lexer is unsure).
 */
export function fileMayDefine(
  text: string,
  word: string,
  keepLine: (line: string) => boolean,
): boolean {
  const excluded = excludedOccurrences(text, word) ?? new Set<number>();
  const escaped = word.replace(/\$/g, '\\$');
  const occurrence = new RegExp(`(?<=^|${NOT_WORD})${escaped}(?=$|${NOT_WORD})`, 'g');
  for (const match of text.matchAll(occurrence)) {
    if (excluded.has(match.index)) continue;
    const start = text.lastIndexOf('\n', match.index) + 1;
    const end = text.indexOf('\n', match.index);
    if (keepLine(text.slice(start, end < 0 ? text.length : end))) return true;
  }
  return false;
}
