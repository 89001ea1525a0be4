// One-line signatures over TypeScript's tree: the declaration's header as written, up to its
// body (the text rules: signature-line.ts).
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import { SIGNATURE_READ_MAX, headerSignature, oneLine } from './signature-line';

function bodyOf(node: TS.Node): TS.Node | undefined {
  if (ts.isFunctionLike(node) && 'body' in node) return (node as { body?: TS.Node }).body;
  if (ts.isModuleDeclaration(node)) {
    let body = node.body;
    while (body && ts.isModuleDeclaration(body)) body = body.body;
    return body;
  }
  return undefined;
}

/** Header text of a declaration: everything before its body / member list. */
export function signatureOf(node: TS.Node, sf: TS.SourceFile): string {
  const start = startWithoutDecorators(node, sf);
  let end = node.end;
  const body = bodyOf(node);
  if (body) end = body.getStart(sf);
  else if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) {
    end = node.members.pos - 1;
  }
  return headerSignature(sf.text, start, end);
}

function startWithoutDecorators(node: TS.Node, sf: TS.SourceFile): number {
  // Decorators count as modifiers in the tree; the signature starts after the last one.
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  const first = modifiers?.[0];
  if (first) return first.getStart(sf);
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  const last = decorators?.[decorators.length - 1];
  if (last)
    return last.end + (/^\s*/.exec(sf.text.slice(last.end, last.end + 200))?.[0].length ?? 0);
  return node.getStart(sf);
}

/** `const { a, b } = load()` style text for one variable declaration. */
export function variableSignature(
  list: TS.VariableDeclarationList,
  decl: TS.VariableDeclaration,
  sf: TS.SourceFile,
): string {
  const keyword =
    list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var';
  const statement = list.parent;
  const prefix =
    statement && ts.isVariableStatement(statement)
      ? (ts.getModifiers(statement) ?? []).map((m) => m.getText(sf)).join(' ')
      : '';
  const text = sf.text.slice(
    decl.getStart(sf),
    Math.min(decl.end, decl.getStart(sf) + SIGNATURE_READ_MAX),
  );
  return oneLine(`${prefix ? `${prefix} ` : ''}${keyword} ${text}`);
}
