// No import circle among the files of src/: dependencies point one way, so each file can be
// read (and loaded) after the ones it uses. Every import counts: `import type`, re-exports,
// `import()` and `typeof import()` too, since a circle of types still ties two rooms together.
// ESLint's import/no-cycle skips type-only imports, so the graph is built here instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const EXTENSIONS = ['.ts', '.tsx', '.d.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/u.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier the file names, static or dynamic, value or type. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The src/ file a relative specifier names, or undefined (a package, an asset). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/u, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((c) => /\.tsx?$/u.test(c) && isFile(c));
}

type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The circles of a graph: one shortest cycle through each strongly connected part that has
 * one (Tarjan's algorithm, then a breadth-first walk back to the part's first file).
 */
function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      parts.push(part);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  return parts
    .filter((part) => part.length > 1 || (graph.get(part[0]!) ?? []).includes(part[0]!))
    .map((part) => shortestCycle(graph, new Set(part)))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function shortestCycle(graph: ImportGraph, part: ReadonlySet<string>): string[] {
  const start = [...part].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i]!;
    for (const next of graph.get(node) ?? []) {
      if (!part.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

function srcGraph(): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = specifiers(file)
      .map((s) => resolve(file, s))
      .filter((t): t is string => t !== undefined);
    graph.set(path.relative(ROOT, file), [...new Set(targets.map((t) => path.relative(ROOT, t)))]);
  }
  return graph;
}

describe('import circles', () => {
  it('finds a circle and names it in import order', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCircles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('src/ has none', () => {
    const circles = importCircles(srcGraph()).map((cycle) => cycle.join(' -> '));
    expect(circles).toEqual([]);
  });
});
