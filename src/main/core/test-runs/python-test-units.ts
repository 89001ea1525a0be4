// A pytest module read by its syntax (tree-sitter's Python grammar, as the index reads Python):
// its tests, each with the names its code uses, and the names that reach every test of the
// module. A test is a `test*` function at the module's top level, a `test*` method of a `Test*`
// class or of a unittest `TestCase` class, or a whole class whose tests it cannot list (a base
// class the module does not define, a nested class). The names a test uses are those in its
// decorators, parameters (fixtures are asked for by name) and body, with the names of the
// module's own helper functions, classes and fixtures it uses, transitively; in a class, also
// the class's own helper methods, attributes and set-up methods. Module code outside every
// function and class, autouse fixtures and pytest hooks reach every test. A module read whole
// (`unreadable`): a star import, names read dynamically (`getattr` on an imported module,
// `globals()`, `eval`), or a text with syntax errors.
import type { Node } from 'web-tree-sitter';
import type { LoadedGrammar } from '../index/languages/tree-sitter-runtime';

export interface TestUnit {
  /** The pytest node id below the file: `test_x`, `TestCart::test_total`, `TestCart`. */
  readonly id: string;
  /** Every name the test's code uses, its module's helpers and fixtures followed. */
  readonly uses: ReadonlySet<string>;
}

export interface TestModule {
  readonly units: readonly TestUnit[];
  /** Names whose use by module code (or an autouse fixture, a hook) reaches every test. */
  readonly everyTestUses: ReadonlySet<string>;
  /** Local names bound to an imported name: `from m import chunked as ck` gives ck → chunked. */
  readonly aliases: ReadonlyMap<string, string>;
  /** Why the module is read whole, or null. */
  readonly unreadable: string | null;
}

const DYNAMIC_CALLS = new Set(['getattr', 'hasattr', 'setattr', 'delattr', 'vars']);
/** Called bare, these read names no syntax shows; `import_module` however it is reached. */
const DYNAMIC_NAMES = new Set(['eval', 'exec', 'globals', '__import__']);
const SET_UP = new Set([
  'setUp',
  'tearDown',
  'setUpClass',
  'tearDownClass',
  'setup_method',
  'teardown_method',
  'setup_class',
  'teardown_class',
  'setup',
  'teardown',
  '__init__',
]);
const COMPOUND_PARTS = new Set([
  'block',
  'elif_clause',
  'else_clause',
  'except_clause',
  'except_group_clause',
  'finally_clause',
]);

interface Definition {
  readonly node: Node;
  readonly inner: Node;
  readonly decorators: readonly Node[];
  readonly name: string;
}

function definitionOf(node: Node): Definition | null {
  const inner = node.type === 'decorated_definition' ? node.childForFieldName('definition') : node;
  if (!inner || (inner.type !== 'function_definition' && inner.type !== 'class_definition'))
    return null;
  const name = inner.childForFieldName('name')?.text;
  if (!name) return null;
  const decorators = node.type === 'decorated_definition' ? node.namedChildren : [];
  return {
    node,
    inner,
    decorators: decorators.filter((d) => d?.type === 'decorator') as Node[],
    name,
  };
}

/** Every identifier under `node`, and in decorators the words of their strings (usefixtures). */
function namesUnder(node: Node, into = new Set<string>()): Set<string> {
  for (const id of node.descendantsOfType('identifier')) if (id) into.add(id.text);
  if (node.type === 'decorator' || node.type === 'decorated_definition')
    for (const text of node.descendantsOfType('string_content'))
      if (text && /^\w+$/u.test(text.text)) into.add(text.text);
  return into;
}

interface Fixture {
  readonly name: string;
  readonly autouse: boolean;
}

/** The fixture a definition declares (`@pytest.fixture`, `@fixture(name=…, autouse=True)`). */
function fixtureOf(definition: Definition): Fixture | null {
  for (const decorator of definition.decorators) {
    const expression = decorator.namedChildren[0];
    if (!expression) continue;
    const callee =
      expression.type === 'call' ? expression.childForFieldName('function') : expression;
    if (!callee || !/(?:^|\.)fixture$/u.test(callee.text)) continue;
    let name = definition.name;
    let autouse = false;
    for (const argument of expression.childForFieldName('arguments')?.namedChildren ?? []) {
      if (argument?.type !== 'keyword_argument') continue;
      const key = argument.childForFieldName('name')?.text;
      const value = argument.childForFieldName('value');
      if (key === 'autouse') autouse = value?.text !== 'False';
      if (key === 'name' && value?.type === 'string')
        name = value.descendantsOfType('string_content')[0]?.text ?? name;
    }
    return { name, autouse };
  }
  return null;
}

/** Names followed through `helpers` (name → the names its code uses), transitively. */
function closure(
  start: Iterable<string>,
  ...helpers: ReadonlyMap<string, ReadonlySet<string>>[]
): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const map of helpers)
      for (const next of map.get(name) ?? []) if (!seen.has(next)) queue.push(next);
  }
  return seen;
}

function addTo(map: Map<string, Set<string>>, name: string, names: Iterable<string>): void {
  let set = map.get(name);
  if (!set) map.set(name, (set = new Set()));
  for (const n of names) set.add(n);
}

class ModuleReader {
  readonly aliases = new Map<string, string>();
  /** Names bound by imports: a module object may be among them. */
  readonly imported = new Set<string>();
  readonly helpers = new Map<string, Set<string>>();
  readonly moduleCode = new Set<string>();
  readonly tests: { id: string; uses: Set<string>; helpers?: Map<string, Set<string>> }[] = [];
  unreadable: string | null = null;

  statement(node: Node): void {
    switch (node.type) {
      case 'comment':
      case 'future_import_statement':
        return;
      case 'import_statement':
        for (const name of node.childrenForFieldName('name')) {
          if (!name) continue;
          const alias = name.childForFieldName('alias')?.text;
          this.imported.add(alias ?? name.text.split('.')[0] ?? name.text);
        }
        return;
      case 'import_from_statement':
        this.importFrom(node);
        return;
      case 'function_definition':
      case 'class_definition':
      case 'decorated_definition': {
        const definition = definitionOf(node);
        if (definition) this.definition(definition);
        else namesUnder(node, this.moduleCode);
        return;
      }
      default:
        if (node.namedChildren.some((child) => child && COMPOUND_PARTS.has(child.type)))
          for (const child of node.namedChildren) {
            if (!child) continue;
            if (child.type === 'block') {
              for (const s of child.namedChildren) if (s) this.statement(s);
            } else if (COMPOUND_PARTS.has(child.type)) this.statement(child);
            else namesUnder(child, this.moduleCode);
          }
        else namesUnder(node, this.moduleCode);
    }
  }

  private importFrom(node: Node): void {
    if (node.namedChildren.some((child) => child?.type === 'wildcard_import')) {
      this.unreadable = 'it imports with `*`';
      return;
    }
    for (const name of node.childrenForFieldName('name')) {
      if (!name) continue;
      const alias = name.childForFieldName('alias')?.text;
      const original = (name.childForFieldName('name') ?? name).text.split('.').pop() ?? '';
      if (alias) this.aliases.set(alias, original);
      this.imported.add(alias ?? original);
    }
  }

  private definition(definition: Definition): void {
    const { name, inner } = definition;
    const uses = namesUnder(definition.node);
    const fixture = fixtureOf(definition);
    if (inner.type === 'function_definition') {
      if (fixture?.autouse || name.startsWith('pytest_'))
        for (const n of uses) this.moduleCode.add(n);
      else if (!fixture && name.startsWith('test')) this.tests.push({ id: name, uses });
      if (fixture) addTo(this.helpers, fixture.name, uses);
      addTo(this.helpers, name, uses);
      return;
    }
    const bases = inner.childForFieldName('superclasses')?.namedChildren ?? [];
    const unittest = bases.some((b) => b && /(?:^|\.)\w*TestCase$/u.test(b.text));
    if (!name.startsWith('Test') && !unittest) {
      addTo(this.helpers, name, uses);
      return;
    }
    const foreignBase = bases.some(
      (b) => !b || !/^(?:object|(?:\w+\.)*\w*TestCase)$/u.test(b.text),
    );
    this.testClass(definition, uses, foreignBase);
  }

  /** A test class: its `test*` methods one by one, or the class whole when they cannot be listed. */
  private testClass(definition: Definition, uses: Set<string>, foreignBase: boolean): void {
    const { name, inner } = definition;
    const body = inner.childForFieldName('body')?.namedChildren ?? [];
    const members = body.map((s) => (s ? definitionOf(s) : null));
    if (foreignBase || members.some((m) => m?.inner.type === 'class_definition')) {
      this.tests.push({ id: name, uses });
      return;
    }
    const shared = new Set<string>();
    for (const d of definition.decorators) namesUnder(d, shared);
    const bases = inner.childForFieldName('superclasses');
    if (bases) namesUnder(bases, shared);
    const classHelpers = new Map<string, Set<string>>();
    const methods: { name: string; uses: Set<string> }[] = [];
    body.forEach((statement, i) => {
      const member = members[i];
      if (!statement) return;
      if (!member) {
        namesUnder(statement, shared);
        return;
      }
      const memberUses = namesUnder(member.node);
      const fixture = fixtureOf(member);
      if (fixture?.autouse || SET_UP.has(member.name)) for (const n of memberUses) shared.add(n);
      else if (!fixture && member.name.startsWith('test'))
        methods.push({ name: member.name, uses: memberUses });
      addTo(classHelpers, fixture?.name ?? member.name, memberUses);
      addTo(classHelpers, member.name, memberUses);
    });
    addTo(this.helpers, name, uses);
    for (const method of methods)
      this.tests.push({
        id: `${name}::${method.name}`,
        uses: new Set([...method.uses, ...shared]),
        helpers: classHelpers,
      });
  }
}

/** What a test module's tests use; every name reaches every test when it cannot be parsed. */
export function readTestModule(grammar: LoadedGrammar, source: string): TestModule {
  const tree = grammar.parser.parse(source);
  if (!tree)
    return {
      units: [],
      everyTestUses: new Set(),
      aliases: new Map(),
      unreadable: 'it could not be parsed',
    };
  try {
    const root = tree.rootNode;
    const reader = new ModuleReader();
    if (root.hasError) reader.unreadable = 'it has syntax errors';
    for (const statement of root.namedChildren) if (statement) reader.statement(statement);
    reader.unreadable ??= dynamicUse(root, reader.imported);
    const everyTestUses = closure(reader.moduleCode, reader.helpers);
    return {
      units: reader.tests.map((t) => ({
        id: t.id,
        uses: closure(t.uses, ...(t.helpers ? [t.helpers] : []), reader.helpers),
      })),
      everyTestUses,
      aliases: reader.aliases,
      unreadable: reader.unreadable,
    };
  } finally {
    tree.delete();
  }
}

/** Why the module's names are read dynamically (`getattr(mod, …)`, `globals()`), or null. */
function dynamicUse(root: Node, imported: ReadonlySet<string>): string | null {
  for (const id of root.descendantsOfType('identifier')) {
    if (!id) continue;
    const call = id.parent;
    const isAttribute =
      call?.type === 'attribute' && call.childForFieldName('attribute')?.id === id.id;
    if ((DYNAMIC_NAMES.has(id.text) && !isAttribute) || id.text === 'import_module')
      return `it uses \`${id.text}\``;
    if (
      call?.type === 'call' &&
      call.childForFieldName('function')?.id === id.id &&
      DYNAMIC_CALLS.has(id.text)
    ) {
      const first = call.childForFieldName('arguments')?.namedChildren[0];
      if (first?.type === 'identifier' && imported.has(first.text))
        return `it reads \`${first.text}\`'s names with \`${id.text}\``;
    }
    if (id.text === '__dict__') {
      const object = id.parent?.type === 'attribute' ? id.parent.childForFieldName('object') : null;
      if (object?.type === 'identifier' && imported.has(object.text))
        return `it reads \`${object.text}.__dict__\``;
    }
  }
  return null;
}
