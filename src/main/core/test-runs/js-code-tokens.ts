// A JavaScript or TypeScript file as the runtime reads it, for "does this edit change what
// runs?": the tokens the parser read (template parts and regular expressions whole), each
// marked when a line break comes before it, since a line break can end a statement (`return`
// then a value on the next line). Comments and spacing are dropped, except the comments a test
// runner or a compiler acts on (`@vitest-environment`, `@jest-environment`, `@jsx…` pragmas,
// `@vite-ignore`, `webpack…` hints, source maps), which are kept verbatim. Parsed with Sluice's
// own TypeScript (syntax only); a text with syntax errors has no tokens, and the caller runs
// the tests.
import type * as TS from 'typescript';
import { ts } from '../index/typescript-runtime';

const JS_FILE = /\.(?:[cm]?[jt]sx?)$/u;
const ACTING_COMMENT =
  /@[\w-]*environment|@jsx|@vite-ignore|@vitest-|@jest-|webpack[A-Z]|source(?:Mapping)?URL/u;
const COMMENT = /\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\//gu;
const LINE_BREAK = /[\n\r\u2028\u2029]/u;

export function isJsCodeFile(file: string): boolean {
  return JS_FILE.test(file);
}

function scriptKind(file: string): TS.ScriptKind {
  if (/\.tsx$/u.test(file)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/u.test(file)) return ts.ScriptKind.TS;
  if (/\.jsx$/u.test(file)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** The file's code tokens, NUL-separated; null when the text does not parse. */
export function jsCodeTokens(file: string, text: string): string | null {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const parseErrors = (source as unknown as { parseDiagnostics?: readonly unknown[] })
    .parseDiagnostics;
  if (!parseErrors || parseErrors.length) return null;
  const tokens: string[] = [];
  // A line break before the first token ends nothing.
  let previousEnd = -1;
  const walk = (node: TS.Node): void => {
    if (ts.isJSDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length) {
      for (const child of children) walk(child);
      return;
    }
    const start = node.getStart(source);
    // An empty list (no arguments) is no token; its trivia belongs to the next one.
    if (start >= node.end && node.kind !== ts.SyntaxKind.EndOfFileToken) return;
    const between = text.slice(Math.max(previousEnd, 0), start);
    for (const comment of between.match(COMMENT) ?? [])
      if (ACTING_COMMENT.test(comment)) tokens.push(comment);
    if (node.kind === ts.SyntaxKind.EndOfFileToken) return;
    const token = text.slice(start, node.end);
    tokens.push(previousEnd >= 0 && LINE_BREAK.test(between) ? `\n${token}` : token);
    previousEnd = node.end;
  };
  walk(source);
  return tokens.join('\0');
}
