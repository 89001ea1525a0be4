// What an importer takes from each module it imports, read from its syntax, for both
// compilers' trees (5.x/6.x's objects, TypeScript 7's API nodes: the same property names,
// their own kind numbers): `import { a, b as c }` and `import type` take a and b, `import d`
// takes default, `export { a } from` takes a and passes it on under its exported name,
// `import './x'` takes nothing, and `import * as ns` the names it reads as `ns.a` when the
// file's text has `ns` nowhere else (a namespace passed on as a value, `typeof ns`, `ns?.a`
// or `ns[k]` take all; a comment that mentions it only adds names). Every other form takes
// "all": `export *` (a name added or removed there can make a barrel's names ambiguous, and
// each passes on under its own name), `export * as`, `import x = require()`, `import()`,
// `import("./x").T`, JSDoc imports, `require`, and every import of a file that augments
// modules (`declare module './x'`), whose declarations merge into what it imports. What is not
// recognised takes all.
// Runs inside the TypeScript check worker.

/** What one importer uses of one imported file. */
export interface ImportUse {
  /** The names it takes; 'all' when it can depend on any. */
  readonly names: ReadonlySet<string> | 'all';
  /** Names it exports again: the imported name → the names it exports it as. */
  readonly passes: ReadonlyMap<string, readonly string[]>;
  /** `export * from`: every name but default is exported again under its own name. */
  readonly passesAll: boolean;
}

/** imported file → importer → what the importer uses of it. */
export type ImporterGraph = Map<string, Map<string, ImportUse>>;

export const USES_ALL: ImportUse = { names: 'all', passes: new Map(), passesAll: false };
const USES_NONE: ImportUse = { names: new Set(), passes: new Map(), passesAll: false };

/** The kind numbers the reading needs, from the compiler that made the tree. */
export interface ImportSyntaxKinds {
  readonly ImportDeclaration: number;
  readonly ExportDeclaration: number;
  readonly NamedImports: number;
  readonly NamedExports: number;
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
  if (source.moduleAugmentations?.length) return () => USES_ALL;
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
  for (const [statement, use] of namespaceUses(source.text, namespaces))
    if (statement.moduleSpecifier) uses.set(at(statement.moduleSpecifier), use);
  return (specifier) => uses.get(at(specifier)) ?? USES_ALL;
}

/** The binding of `import * as ns` (without a default import beside it). */
function namespaceOf(statement: ImportSyntaxNode, kinds: ImportSyntaxKinds): string | undefined {
  const clause = statement.importClause;
  const bindings = clause?.namedBindings;
  if (!clause || clause.name || !bindings || bindings.kind === kinds.NamedImports) return undefined;
  return nameOf(bindings.name);
}

const IDENTIFIER_PART = /[\w$\u0080-\uffff\\]/;
const ACCESS = /\s*\.\s*([A-Za-z_$][\w$]*)/y;

/**
 * What each namespace import reads, from the file's text in one pass: every `ns` outside its
 * import statement must be `ns.name` (names taken) or follow a single `.` (another object's
 * property); anything else takes all, and so does every namespace of a text with `\u` (an
 * identifier may be written with escapes).
 */
function namespaceUses(
  text: string | undefined,
  namespaces: readonly { statement: ImportSyntaxNode; name: string }[],
): Map<ImportSyntaxNode, ImportUse> {
  const out = new Map<ImportSyntaxNode, ImportUse>();
  if (text === undefined || !namespaces.length || text.includes('\\u')) return out;
  const byName = new Map<string, { statement: ImportSyntaxNode; names: Set<string> | 'all' }[]>();
  for (const { statement, name } of namespaces)
    byName.set(name, [...(byName.get(name) ?? []), { statement, names: new Set() }]);
  const pattern = new RegExp(
    [...byName.keys()].map((n) => n.replace(/[$]/g, '\\$')).join('|'),
    'g',
  );
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (IDENTIFIER_PART.test(text[start - 1] ?? '') || IDENTIFIER_PART.test(text[end] ?? ''))
      continue;
    // Another object's property (`a.ns`, `a?.ns`), not a spread (`...ns`).
    const before = text.slice(Math.max(0, start - 64), start).trimEnd();
    if (before.endsWith('.') && !before.endsWith('...')) continue;
    for (const entry of byName.get(match[0]) ?? []) {
      const { statement } = entry;
      if (start >= statement.pos && start < statement.end) continue;
      if (entry.names === 'all') continue;
      ACCESS.lastIndex = end;
      const access = ACCESS.exec(text);
      if (access?.[1]) entry.names.add(access[1]);
      else entry.names = 'all';
    }
  }
  for (const entries of byName.values())
    for (const { statement, names } of entries)
      out.set(
        statement,
        names === 'all' ? USES_ALL : { names, passes: new Map(), passesAll: false },
      );
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
  return { names, passes: new Map(), passesAll: false };
}

function exportDeclarationUse(statement: ImportSyntaxNode, kinds: ImportSyntaxKinds): ImportUse {
  const clause = statement.exportClause;
  if (!clause) return { names: 'all', passes: new Map(), passesAll: true };
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
  return { names, passes, passesAll: false };
}

/** Two uses of one file by one importer, as one. */
export function mergeUses(a: ImportUse, b: ImportUse): ImportUse {
  const passes = new Map<string, readonly string[]>(a.passes);
  for (const [name, as] of b.passes) passes.set(name, [...(passes.get(name) ?? []), ...as]);
  const names = a.names === 'all' || b.names === 'all' ? 'all' : new Set([...a.names, ...b.names]);
  return { names, passes, passesAll: a.passesAll || b.passesAll };
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
