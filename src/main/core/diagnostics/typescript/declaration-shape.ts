// A cheap proof that an edit leaves a module's export surface as it was: the
// tokens of the file with comments and whitespace dropped, and with every part whose text
// cannot reach a type outside it cut out: the body of a function, method or accessor whose
// return type is written (and of constructors and setters, which have none to infer), and the
// initializer of a variable or property whose type is written. Two texts with the same shape
// declare the same types, so their importers cannot see a difference: a comment, formatting, a
// renamed local or a body edit of an annotated function checks one file, without asking the
// checker for the surface (seconds for a large module of a type-heavy library).
// Comments that act on the program are kept: `///` directives and `@jsx…` pragmas.
// Only TypeScript files: in JavaScript, JSDoc comments and constructor bodies declare types.
// Parsed with Sluice's own TypeScript (syntax only, the project's compiler is not involved);
// a text with syntax errors has no shape, and the checker's surface decides.
// Runs inside the TypeScript check worker.
import type * as TypeScript from 'typescript';

const TYPESCRIPT_FILE = /\.(ts|tsx|mts|cts)$/;
/** Texts whose shape is kept (the disk's and a few proposals'). */
const KEPT_SHAPES = 8;

export type ShapeComparer = (file: string, before: string, after: string) => boolean;

export function createShapeComparer(ts: typeof TypeScript): ShapeComparer {
  const shapeOf = (file: string, text: string): string | null => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const parseErrors = (source as unknown as { parseDiagnostics?: readonly unknown[] })
      .parseDiagnostics;
    if (!parseErrors || parseErrors.length) return null;
    const cut = new Set<TypeScript.Node>();
    const mark = (node: TypeScript.Node): void => {
      if (ts.isFunctionLike(node)) {
        const body = (node as { body?: TypeScript.Node }).body;
        const typed =
          !!(node as { type?: TypeScript.Node }).type ||
          ts.isConstructorDeclaration(node) ||
          ts.isSetAccessorDeclaration(node);
        if (body && typed) cut.add(body);
      }
      if (
        (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) &&
        node.type &&
        node.initializer
      )
        cut.add(node.initializer);
      ts.forEachChild(node, mark);
    };
    mark(source);
    // The tokens as the parser read them (template parts whole), JSDoc left out.
    const tokens: string[] = text.match(/^[ \t]*\/\/\/.*$|@jsx\S*\s+\S+/gm) ?? [];
    const walk = (node: TypeScript.Node): void => {
      if (cut.has(node)) {
        tokens.push('{…}');
        return;
      }
      if (ts.isJSDoc(node)) return;
      const children = node.getChildren(source);
      if (children.length) for (const child of children) walk(child);
      else if (node.kind !== ts.SyntaxKind.EndOfFileToken)
        tokens.push(text.slice(node.getStart(source), node.end));
    };
    walk(source);
    return tokens.join('\u0000');
  };
  // The disk's text comes back with every proposal and selection of the same file: its
  // shape is kept for the last few texts seen.
  const kept = new Map<string, string | null>();
  const remembered = (file: string, text: string): string | null => {
    const key = `${file}\u0000${text}`;
    if (kept.has(key)) return kept.get(key) ?? null;
    const shape = shapeOf(file, text);
    if (kept.size >= KEPT_SHAPES) kept.delete(kept.keys().next().value as string);
    kept.set(key, shape);
    return shape;
  };
  return (file, before, after) => {
    if (!TYPESCRIPT_FILE.test(file)) return false;
    if (before === after) return true;
    const a = remembered(file, before);
    return a !== null && a === remembered(file, after);
  };
}
