// Which names of a file the change did not touch can still change with what it imports: a
// type it infers is written out in its surface, not named (`export const port = load().port`),
// so the declarations that name an imported binding whose name changed, and those that name
// them in turn, may have changed. Read from the file's syntax (either compiler's tree,
// structurally), a mention is any identifier of a top-level statement, and a namespace's member
// as `ns.name`, but for what cannot reach a type: the body of a function whose return type is
// written, the initializer of a variable, property or parameter whose type is written (as the
// shape test cuts them, declaration-shape.ts), and the name a declaration or member is given.
// More than the types depend on, never less. An
// import the walk takes as all of a changed module (`import x = require()`, a namespace passed
// on) makes every name of the file possibly changed. No call to the compiler (name-changes.ts).
// Runs inside the TypeScript check worker.

/** The parts of a statement node read here (structural: either compiler's). */
export interface StatementNode {
  readonly kind: number;
  readonly pos: number;
  readonly end: number;
  readonly text?: string;
  readonly type?: StatementNode;
  readonly body?: StatementNode;
  readonly initializer?: StatementNode;
  readonly expression?: StatementNode;
  readonly left?: StatementNode;
  readonly right?: StatementNode;
  forEachChild?(visit: (child: StatementNode) => unknown): unknown;
  readonly name?: StatementNode;
  readonly propertyName?: StatementNode;
  readonly moduleSpecifier?: StatementNode;
  readonly importClause?: StatementNode;
  readonly namedBindings?: StatementNode;
  readonly exportClause?: StatementNode;
  readonly declarationList?: { readonly declarations?: readonly StatementNode[] };
  readonly elements?: readonly StatementNode[];
}

export interface StatementFile {
  readonly text: string;
  readonly statements: readonly StatementNode[];
}

/** What the file imports that changed: the names, or all (a form read as all of a module). */
export type ChangedImports = { readonly names: ReadonlySet<string> } | 'all';

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
const IDENTIFIER_ONLY = /^[A-Za-z_$][\w$]*$/;

const textOf = (file: StatementFile, node: StatementNode): string =>
  file.text.slice(node.pos, node.end);
const nameText = (node: StatementNode | undefined): string | undefined =>
  typeof node?.text === 'string' ? node.text : undefined;

/** One top-level statement: the names it declares (as exported too) and those it mentions. */
export interface Declaring {
  readonly declares: readonly string[];
  readonly mentions: ReadonlySet<string>;
  readonly members: readonly (readonly [string, string])[];
}

/** Kinds whose `name` is a mention (`{ a }`, `export { a }`), when the compiler's are known. */
export interface MentionKinds {
  readonly ShorthandPropertyAssignment: number;
  readonly ExportSpecifier: number;
}

export function declaring(
  file: StatementFile,
  statement: StatementNode,
  kinds: MentionKinds | undefined,
): Declaring {
  const text = textOf(file, statement);
  const declares: string[] = [];
  const own = nameText(statement.name);
  if (own !== undefined) declares.push(own);
  for (const declaration of statement.declarationList?.declarations ?? []) {
    const name = declaration.name;
    const single = nameText(name);
    if (single !== undefined) declares.push(single);
    else if (name) declares.push(...(textOf(file, name).match(IDENTIFIER) ?? []));
  }
  // `export { local as name }`: the exported name follows the local one.
  if (!statement.moduleSpecifier)
    for (const element of statement.exportClause?.elements ?? []) {
      const exported = nameText(element.name);
      if (exported !== undefined) declares.push(exported);
    }
  if (/\bexport\s+(default\b|=)/.test(text)) declares.push('default', 'export=');
  const mentions = new Set<string>();
  const members: [string, string][] = [];
  collect(statement, kinds, mentions, members);
  return { declares, mentions, members };
}

const same = (a: StatementNode, b: StatementNode | undefined): boolean =>
  b !== undefined && a.pos === b.pos && a.end === b.end;

/**
 * The identifiers under a node and its `a.b` pairs, but for what a written type stands for (a
 * function's body under its return type, an initializer under its declared type) and for the
 * name a declaration or member is given (without the compiler's kinds, names are mentions).
 */
function collect(
  node: StatementNode,
  kinds: MentionKinds | undefined,
  mentions: Set<string>,
  members: [string, string][],
): void {
  const own = nameText(node);
  if (own !== undefined && IDENTIFIER_ONLY.test(own)) mentions.add(own);
  for (const [left, right] of [
    [node.expression, node.name],
    [node.left, node.right],
  ] as const) {
    const [l, r] = [nameText(left), nameText(right)];
    if (l !== undefined && r !== undefined) members.push([l, r]);
  }
  const written = node.type ? (node.body ?? node.initializer) : undefined;
  const given =
    kinds &&
    nameText(node.name) !== undefined &&
    node.kind !== kinds.ShorthandPropertyAssignment &&
    node.kind !== kinds.ExportSpecifier
      ? node.name
      : undefined;
  node.forEachChild?.((child) => {
    if (!same(child, written) && !same(child, given)) collect(child, kinds, mentions, members);
  });
}

/**
 * The names (declared and exported) of the file that may have changed with its imports;
 * 'all' when every one may have.
 */
export function inferredNames(
  file: StatementFile,
  changed: ChangedImports,
  kinds?: MentionKinds,
): Set<string> | 'all' {
  if (changed === 'all') return 'all';
  if (!changed.names.size) return new Set();
  // The local bindings of the changed imported names, and the namespaces among the bindings.
  const bindings = new Set<string>();
  const namespaces = new Set<string>();
  const statements: Declaring[] = [];
  for (const statement of file.statements) {
    const clause = statement.importClause;
    if (!clause || !statement.moduleSpecifier) {
      statements.push(declaring(file, statement, kinds));
      continue;
    }
    const local = nameText(clause.name);
    if (local !== undefined && changed.names.has('default')) bindings.add(local);
    const named = clause.namedBindings;
    if (!named) continue;
    if (!named.elements) {
      const namespace = nameText(named.name);
      if (namespace !== undefined) namespaces.add(namespace);
      continue;
    }
    for (const element of named.elements) {
      const imported = nameText(element.propertyName ?? element.name);
      const as = nameText(element.name);
      if (imported !== undefined && as !== undefined && changed.names.has(imported))
        bindings.add(as);
    }
  }
  return markedFrom(statements, bindings, (s) =>
    s.members.some(([ns, member]) => namespaces.has(ns) && changed.names.has(member)),
  );
}

/**
 * The names declared by the statements that mention a name of `from` (or that `seeds` picks),
 * and in turn by those that mention one of these, until none is added.
 */
export function markedFrom(
  statements: readonly Declaring[],
  from: Iterable<string>,
  seeds: (statement: Declaring) => boolean = () => false,
): Set<string> {
  const byMention = new Map<string, Declaring[]>();
  for (const s of statements)
    for (const mention of s.mentions) {
      const list = byMention.get(mention);
      if (list) list.push(s);
      else byMention.set(mention, [s]);
    }
  const marked = new Set<string>();
  const done = new Set<Declaring>();
  const queue = [...from];
  const mark = (s: Declaring): void => {
    if (done.has(s)) return;
    done.add(s);
    for (const name of s.declares)
      if (!marked.has(name)) {
        marked.add(name);
        queue.push(name);
      }
  };
  for (const s of statements) if (seeds(s)) mark(s);
  while (queue.length) for (const s of byMention.get(queue.pop() as string) ?? []) mark(s);
  return marked;
}
