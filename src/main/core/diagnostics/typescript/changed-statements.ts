// Which names an edit of a file may change, read from the file's syntax on both sides: for
// what a changed file's surface cannot compare by name (a namespace and the types declared in
// it have no part of their own; a surface cut short at its size limit has few), so that its
// importers are asked about those names instead of everything the file exports.
// - A top-level statement whose text differs (either side; comments included) changes what it
//   declares: a declaration its names, an import the local names it binds, `export { a } from`
//   and `export * as ns from` the names they export; one that declares nothing (an expando
//   assignment `f.x = 1`) every name it mentions.
// - Then, as in a file the walk reached (inferred-names.ts), every declaration that mentions a
//   changed name outside a written type, and so on until none is added; a name declared in a
//   namespace goes with that namespace.
// - Which names mention an imported binding: those can change with an import without the edit
//   touching them (name-changes.ts asks whether an imported file changed).
// 'all' where the syntax cannot say which: a changed `export *` or side-effect import, and a
// file with `export =`, `export as namespace`, `declare global` or a module declaration by
// string (an augmentation) anywhere. More than the types depend on, never less.
// Runs inside the TypeScript check worker.
import {
  declaring,
  markedFrom,
  type Declaring,
  type MentionKinds,
  type StatementFile,
  type StatementNode,
} from './inferred-names';

const nameText = (node: StatementNode | undefined): string | undefined =>
  typeof node?.text === 'string' ? node.text : undefined;

const textOf = (file: StatementFile, node: StatementNode): string =>
  file.text.slice(node.pos, node.end);

/**
 * `export =` or `export as namespace` anywhere (importers take the names of what is assigned),
 * `declare global` or `declare module "name"` (handled before the walk, all the same).
 */
const NOT_BY_NAME =
  /(^|[\s;])(export\s*=(?!=)|export\s+as\s+namespace\b|declare\s+(global\b|module\s*['"]))/u;

/** The statements of `file` whose text the other side does not have (as many times). */
function differing(file: StatementFile, other: StatementFile): StatementNode[] {
  const counts = new Map<string, number>();
  for (const s of other.statements) {
    const text = textOf(other, s);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return file.statements.filter((s) => {
    const text = textOf(file, s);
    const left = counts.get(text) ?? 0;
    if (left > 0) counts.set(text, left - 1);
    return left === 0;
  });
}

/** The names a changed import or re-export binds; 'all' for one the names cannot say. */
function moduleStatementNames(statement: StatementNode): string[] | 'all' {
  const clause = statement.importClause;
  if (clause) {
    const names: string[] = [];
    const local = nameText(clause.name);
    if (local !== undefined) names.push(local);
    const bindings = clause.namedBindings;
    if (bindings && !bindings.elements) {
      const namespace = nameText(bindings.name);
      if (namespace !== undefined) names.push(namespace);
    }
    for (const element of bindings?.elements ?? []) {
      const as = nameText(element.name);
      if (as !== undefined) names.push(as);
    }
    return names;
  }
  const exported = statement.exportClause;
  if (!exported) return 'all'; // `export * from`, or a side-effect import
  if (!exported.elements) {
    const namespace = nameText(exported.name);
    return namespace === undefined ? 'all' : [namespace];
  }
  const names: string[] = [];
  for (const element of exported.elements) {
    const as = nameText(element.name);
    if (as === undefined) return 'all';
    names.push(as);
  }
  return names;
}

/** What the syntax says of an edit: the names it may change, among those the file declares. */
export interface StatementNames {
  readonly changed: ReadonlySet<string>;
  /** Every name a top-level statement declares, on either side. */
  readonly declared: ReadonlySet<string>;
  /**
   * Names declared inside top-level namespaces (`namespace R { type Key }`), on either side,
   * and those inside a namespace that changed or whose name changed.
   */
  readonly inner: ReadonlySet<string>;
  readonly changedInner: ReadonlySet<string>;
  /**
   * The imported bindings, and the declared and namespace names that mention one (transitively):
   * what they take from an import can change without the edit touching them.
   */
  readonly importDependent: ReadonlySet<string>;
}

/** `import x = require('./y')` (or `= ns.name`): it binds a name to something imported. */
const IMPORT_EQUALS = /^\s*(export\s+)?import\s+(type\s+)?[\w$]+\s*=/u;

/** The local names the imports of a file bind. */
function importBindings(file: StatementFile): Set<string> {
  const out = new Set<string>();
  for (const statement of file.statements) {
    if (statement.importClause) {
      const names = moduleStatementNames(statement);
      if (names !== 'all') for (const name of names) out.add(name);
    } else if (IMPORT_EQUALS.test(textOf(file, statement))) {
      const name = nameText(statement.name);
      if (name !== undefined) out.add(name);
    }
  }
  return out;
}

/** A namespace's body: its statements, or the next namespace of `namespace A.B`. */
type NamespaceBody = StatementNode & { readonly statements?: readonly StatementNode[] };

/** The names declared inside a namespace statement, nested namespaces too; none otherwise. */
function namespaceNames(statement: StatementNode): string[] {
  const body = statement.body as NamespaceBody | undefined;
  if (!body) return [];
  if (!body.statements) {
    const nested = nameText(body.name);
    return nested === undefined ? [] : [nested, ...namespaceNames(body)];
  }
  const out: string[] = [];
  for (const inner of body.statements) {
    const own = nameText(inner.name);
    if (own !== undefined) out.push(own);
    for (const declaration of inner.declarationList?.declarations ?? []) {
      const name = nameText(declaration.name);
      if (name !== undefined) out.push(name);
    }
    out.push(...namespaceNames(inner));
  }
  return out;
}

/** The names of the file the edit from `disk` to `proposed` may change; 'all' when unknown. */
export function changedStatementNames(
  disk: StatementFile,
  proposed: StatementFile,
  kinds?: MentionKinds,
): StatementNames | 'all' {
  if (NOT_BY_NAME.test(disk.text) || NOT_BY_NAME.test(proposed.text)) return 'all';
  const changed = [
    ...differing(disk, proposed).map((s) => [disk, s] as const),
    ...differing(proposed, disk).map((s) => [proposed, s] as const),
  ];
  const from = new Set<string>();
  const seeds = new Set<Declaring>();
  const nodes = new Map<Declaring, StatementNode>();
  for (const [file, statement] of changed) {
    if (statement.moduleSpecifier) {
      const names = moduleStatementNames(statement);
      if (names === 'all') return 'all';
      for (const name of names) from.add(name);
      continue;
    }
    const read = declaring(file, statement, kinds);
    nodes.set(read, statement);
    if (read.declares.length) seeds.add(read);
    else for (const mention of read.mentions) from.add(mention);
  }
  // Every statement but imports, on both sides (a changed one is on one side only; the rest
  // are the same text on both).
  const statements = [...nodes.keys()];
  for (const s of proposed.statements)
    if (!s.moduleSpecifier) {
      const read = declaring(proposed, s, kinds);
      nodes.set(read, s);
      statements.push(read);
    }
  const marked = markedFrom(statements, from, (s) => seeds.has(s));
  for (const name of from) marked.add(name);
  const bindings = new Set([...importBindings(disk), ...importBindings(proposed)]);
  const importDependent = markedFrom(statements, bindings);
  for (const binding of bindings) importDependent.add(binding);
  const [declared, inner, changedInner] = [new Set<string>(), new Set<string>(), new Set<string>()];
  for (const s of statements) {
    for (const name of s.declares) declared.add(name);
    const touched = seeds.has(s) || !s.declares.length || s.declares.some((n) => marked.has(n));
    const dependent = s.declares.some((n) => importDependent.has(n));
    for (const name of namespaceNames(nodes.get(s) as StatementNode)) {
      inner.add(name);
      if (touched) changedInner.add(name);
      if (dependent) importDependent.add(name);
    }
  }
  return { changed: marked, declared, inner, changedInner, importDependent };
}
