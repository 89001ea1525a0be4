// What an importer takes from each module it imports, read from its syntax, for both
// compilers' trees (5.x/6.x's objects, TypeScript 7's API nodes: the same property names,
// their own kind numbers): `import { a, b as c }` and `import type` take a and b, `import d`
// takes default, `export { a } from` takes a and passes it on under its exported name,
// `import './x'` takes nothing, and `import * as ns` the names it reads as `ns.a` or `ns.T`
// when the file's tree mentions `ns` nowhere else (a namespace passed on as a value,
// `typeof ns` or `ns[k]` take all). Every other form takes
// "all": `export *` (a name added or removed there can make a barrel's names ambiguous, and
// each passes on under its own name), `export * as`, `import x = require()`, `import()`,
// `import("./x").T`, JSDoc imports, `require`, and a module a file augments (`declare module
// './x'`: its declarations merge into that module's, whatever they are named). An import of a
// file that augments modules (or the global scope) takes its names, but binds all: once one of
// them changed, what the augmentation declares may change with it, so the file changes as a
// whole. What is not recognised takes all.
// Runs inside the TypeScript check worker.

/** What one importer uses of one imported file. */
export interface ImportUse {
  /** The names it takes; 'all' when it can depend on any. */
  readonly names: ReadonlySet<string> | 'all';
  /** Names it exports again: the imported name → the names it exports it as. */
  readonly passes: ReadonlyMap<string, readonly string[]>;
  /** `export * from`: every name but default is exported again under its own name. */
  readonly passesAll: boolean;
  /** The names it binds to its own identifiers (a re-export binds none); 'all' when unknown. */
  readonly bound: ReadonlySet<string> | 'all';
}

/** imported file → importer → what the importer uses of it. */
export type ImporterGraph = Map<string, Map<string, ImportUse>>;

export const USES_ALL: ImportUse = {
  names: 'all',
  passes: new Map(),
  passesAll: false,
  bound: 'all',
};
const USES_NONE: ImportUse = {
  names: new Set(),
  passes: new Map(),
  passesAll: false,
  bound: new Set(),
};
/** What an import that binds the names it takes uses. */
const taking = (names: ReadonlySet<string>): ImportUse => ({
  names,
  passes: new Map(),
  passesAll: false,
  bound: names,
});

/** The kind numbers the reading needs, from the compiler that made the tree. */
export interface ImportSyntaxKinds {
  readonly ImportDeclaration: number;
  readonly ExportDeclaration: number;
  readonly NamedImports: number;
  readonly NamedExports: number;
  readonly PropertyAccessExpression: number;
  readonly QualifiedName: number;
  readonly ShorthandPropertyAssignment: number;
  readonly ExportSpecifier: number;
  readonly TypeReference: number;
}

/** The parts of a syntax node read here (structural: either compiler's). */
export interface ImportSyntaxNode {
  readonly kind: number;
  readonly pos: number;
  readonly end: number;
  readonly text?: string;
  readonly isTypeOnly?: boolean;
  readonly moduleSpecifier?: ImportSyntaxNode;
  readonly importClause?: ImportSyntaxNode;
  readonly exportClause?: ImportSyntaxNode;
  readonly name?: ImportSyntaxNode;
  readonly propertyName?: ImportSyntaxNode;
  readonly namedBindings?: ImportSyntaxNode;
  readonly elements?: readonly ImportSyntaxNode[];
  readonly expression?: ImportSyntaxNode;
  readonly left?: ImportSyntaxNode;
  readonly right?: ImportSyntaxNode;
  readonly typeName?: ImportSyntaxNode;
  forEachChild?(visit: (child: ImportSyntaxNode) => unknown): unknown;
}

export interface ImportSyntaxFile {
  readonly text?: string;
  readonly statements: readonly ImportSyntaxNode[];
  /** `declare module 'x'` (and `declare global`) blocks. */
  readonly moduleAugmentations?: readonly unknown[];
}

const at = (node: { readonly pos: number; readonly end: number }): string =>
  `${node.pos}:${node.end}`;

/**
 * The use of each module specifier of a file (by its position), for the top-level import and
 * export declarations it understands; any other specifier of the file uses all (`useOf`).
 */
export function importUses(
  source: ImportSyntaxFile,
  kinds: ImportSyntaxKinds,
): (specifier: { readonly pos: number; readonly end: number }) => ImportUse {
  const augments = !!source.moduleAugmentations?.length;
  const uses = new Map<string, ImportUse>();
  const namespaces: { statement: ImportSyntaxNode; name: string }[] = [];
  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier;
    if (!specifier) continue;
    if (statement.kind === kinds.ImportDeclaration) {
      const use = importDeclarationUse(statement, kinds);
      uses.set(at(specifier), use);
      const namespace = namespaceOf(statement, kinds);
      if (use === USES_ALL && namespace !== undefined)
        namespaces.push({ statement, name: namespace });
    } else if (statement.kind === kinds.ExportDeclaration)
      uses.set(at(specifier), exportDeclarationUse(statement, kinds));
  }
  for (const [statement, use] of namespaceUses(source, namespaces, kinds))
    if (statement.moduleSpecifier) uses.set(at(statement.moduleSpecifier), use);
  return (specifier) => {
    const use = uses.get(at(specifier)) ?? USES_ALL;
    return augments && use.bound !== 'all' ? { ...use, bound: 'all' } : use;
  };
}

/** The binding of `import * as ns` (without a default import beside it). */
function namespaceOf(statement: ImportSyntaxNode, kinds: ImportSyntaxKinds): string | undefined {
  const clause = statement.importClause;
  const bindings = clause?.namedBindings;
  if (!clause || clause.name || !bindings || bindings.kind === kinds.NamedImports) return undefined;
  return nameOf(bindings.name);
}

/**
 * What each namespace import reads, from the file's tree (comments are not in it): every `ns`
 * outside the import statements must be `ns.name` or `ns.Type` (those names taken); any other
 * mention (a value, `typeof ns`, `ns[k]`, a key or a local of that name) takes all, and so does
 * a tree it cannot walk.
 */
function namespaceUses(
  source: ImportSyntaxFile,
  namespaces: readonly { statement: ImportSyntaxNode; name: string }[],
  kinds: ImportSyntaxKinds,
): Map<ImportSyntaxNode, ImportUse> {
  const out = new Map<ImportSyntaxNode, ImportUse>();
  if (!namespaces.length) return out;
  const read = new Map<string, Set<string> | 'all'>(
    namespaces.map(({ name }) => [name, new Set()]),
  );
  const visit = (node: ImportSyntaxNode): void => {
    // `a.b` and `A.B`: b is a member's name, not a mention; `ns.b` reads b of ns.
    const [left, right] =
      node.kind === kinds.PropertyAccessExpression
        ? [node.expression, node.name]
        : node.kind === kinds.QualifiedName
          ? [node.left, node.right]
          : [];
    const held = nameOf(left);
    const names = held === undefined ? undefined : read.get(held);
    const member = nameOf(right);
    if (names !== undefined && member !== undefined) {
      if (names !== 'all') names.add(member);
      return;
    }
    const mention = nameOf(node);
    if (mention !== undefined && read.has(mention)) read.set(mention, 'all');
    if (!node.forEachChild) {
      for (const name of read.keys()) read.set(name, 'all');
      return;
    }
    // `Record<K, V>`: a type's own name. A namespace import has no type meaning, so the name
    // is a type of that name further out (the global Record), not the namespace.
    const typeName =
      node.kind === kinds.TypeReference && nameOf(node.typeName) !== undefined
        ? node.typeName
        : undefined;
    const skipped = right ?? typeName;
    node.forEachChild((child) => {
      if (!skipped || child.pos !== skipped.pos || child.end !== skipped.end) visit(child);
    });
  };
  for (const statement of source.statements)
    if (statement.kind !== kinds.ImportDeclaration) visit(statement);
  for (const { statement, name } of namespaces) {
    const names = read.get(name) ?? 'all';
    out.set(statement, names === 'all' ? USES_ALL : taking(names));
  }
  return out;
}

const nameOf = (node: ImportSyntaxNode | undefined): string | undefined =>
  typeof node?.text === 'string' ? node.text : undefined;

function importDeclarationUse(statement: ImportSyntaxNode, kinds: ImportSyntaxKinds): ImportUse {
  const clause = statement.importClause;
  if (!clause) return USES_NONE;
  const names = new Set<string>();
  if (clause.name) names.add('default');
  const bindings = clause.namedBindings;
  if (bindings) {
    if (bindings.kind !== kinds.NamedImports || !bindings.elements) return USES_ALL;
    for (const element of bindings.elements) {
      const name = nameOf(element.propertyName ?? element.name);
      if (name === undefined) return USES_ALL;
      names.add(name);
    }
  }
  return taking(names);
}

function exportDeclarationUse(statement: ImportSyntaxNode, kinds: ImportSyntaxKinds): ImportUse {
  const clause = statement.exportClause;
  if (!clause) return { names: 'all', passes: new Map(), passesAll: true, bound: new Set() };
  if (clause.kind !== kinds.NamedExports || !clause.elements) return USES_ALL;
  const names = new Set<string>();
  const passes = new Map<string, string[]>();
  for (const element of clause.elements) {
    const imported = nameOf(element.propertyName ?? element.name);
    const exported = nameOf(element.name);
    if (imported === undefined || exported === undefined) return USES_ALL;
    names.add(imported);
    passes.set(imported, [...(passes.get(imported) ?? []), exported]);
  }
  return { names, passes, passesAll: false, bound: new Set() };
}

/** Two uses of one file by one importer, as one. */
export function mergeUses(a: ImportUse, b: ImportUse): ImportUse {
  const passes = new Map<string, readonly string[]>(a.passes);
  for (const [name, as] of b.passes) passes.set(name, [...(passes.get(name) ?? []), ...as]);
  const union = (x: ReadonlySet<string> | 'all', y: ReadonlySet<string> | 'all') =>
    x === 'all' || y === 'all' ? 'all' : new Set([...x, ...y]);
  return {
    names: union(a.names, b.names),
    passes,
    passesAll: a.passesAll || b.passesAll,
    bound: union(a.bound, b.bound),
  };
}

/** Records that `importer` uses `use` of `target`. */
export function addImport(
  graph: ImporterGraph,
  target: string,
  importer: string,
  use: ImportUse,
): void {
  let importers = graph.get(target);
  if (!importers) graph.set(target, (importers = new Map()));
  const known = importers.get(importer);
  importers.set(importer, known ? mergeUses(known, use) : use);
}
