// Which names of a Python module an edit changes, read from the code tokens the "keeps every
// code token" check compares (python-code-tokens.ts): the module's top-level functions and
// classes whose tokens differ before and after, and the methods that differ inside a class (the
// class counts too). A function or class of the module that uses a changed name, transitively,
// changes with it: a test that calls it reaches the change. A change outside every function and
// class (imports, constants, module code), a name defined twice at the top level, module code
// that uses a changed name, or a text the tokens cannot be read from has no answer (null): every
// test that imports the module may reach it.
import { changedBindings, logicalLines, moduleUnits, type Line } from './python-module-bindings';
import { pythonCodeTokens } from './python-code-tokens';

export interface ChangedNames {
  /** Names whose use reaches the change: changed, added or removed, and their users. */
  readonly reaching: ReadonlySet<string>;
  /** The changed names as a person reads them: `chunked`, `Cart.total`. */
  readonly shown: readonly string[];
}

interface Block {
  readonly kind: 'def' | 'class';
  readonly lines: Line[];
}

interface ModuleShape {
  /** Lines outside every top-level function and class, in order. */
  readonly moduleLines: Line[];
  readonly blocks: Map<string, Block>;
}

/** The name a line defines (`def f`, `async def f`, `class C`), or null. */
function definedName(line: Line): { kind: 'def' | 'class'; name: string } | null {
  const at = line[1] === 'async' ? 2 : 1;
  const keyword = line[at];
  const name = line[at + 1];
  if ((keyword === 'def' || keyword === 'class') && name !== undefined)
    return { kind: keyword, name };
  return null;
}

/**
 * Splits lines at the indentation `indent` into named blocks (decorators included) and the
 * rest; null when a name is defined twice.
 */
function shapeOf(lines: readonly Line[], indent: string): ModuleShape | null {
  const moduleLines: Line[] = [];
  const blocks = new Map<string, Block>();
  let decorators: Line[] = [];
  let owner: Line[] = moduleLines;
  for (const line of lines) {
    if (line[0] !== indent) {
      owner.push(line);
      continue;
    }
    if (line[1] === '@') {
      decorators.push(line);
      continue;
    }
    const defined = definedName(line);
    if (!defined) {
      moduleLines.push(...decorators, line);
      decorators = [];
      owner = moduleLines;
      continue;
    }
    if (blocks.has(defined.name)) return null;
    const block: Block = { kind: defined.kind, lines: [...decorators, line] };
    blocks.set(defined.name, block);
    decorators = [];
    owner = block.lines;
  }
  moduleLines.push(...decorators);
  return { moduleLines, blocks };
}

const joined = (lines: readonly Line[]): string => lines.map((l) => l.join('\0')).join('\0');

// What a type checker reads beyond code: `# type:` annotations.
const TYPE_COMMENT = /^#\s*type\s*:/u;

/** The shape of a module's text; `typed`: with its type comments, as a type checker reads it. */
function shapeOfText(text: string, typed = false): ModuleShape | null {
  const tokens = pythonCodeTokens(
    text,
    typed ? { keepComment: (comment) => TYPE_COMMENT.test(comment) } : {},
  );
  if (tokens === null) return null;
  return shapeOf(logicalLines(tokens.split('\0')), '\n');
}

/** The methods of a class that differ, or null when the class differs outside its methods. */
function changedMethods(before: Block, after: Block): string[] | null {
  const bodyIndent = (block: Block): string | undefined =>
    block.lines.find((line) => line[0] !== '\n')?.[0];
  const indent = bodyIndent(after) ?? bodyIndent(before);
  if (indent === undefined || (bodyIndent(before) ?? indent) !== indent) return null;
  const inner = (block: Block): ModuleShape | null =>
    shapeOf(
      block.lines.filter((line) => line[0] !== '\n'),
      indent,
    );
  const was = inner(before);
  const now = inner(after);
  if (!was || !now) return null;
  const head = (block: Block): Line[] => block.lines.filter((line) => line[0] === '\n');
  if (
    joined([...head(before), ...was.moduleLines]) !== joined([...head(after), ...now.moduleLines])
  )
    return null;
  const names = new Set([...was.blocks.keys(), ...now.blocks.keys()]);
  return [...names].filter((name) => {
    const a = was.blocks.get(name);
    const b = now.blocks.get(name);
    return !a || !b || joined(a.lines) !== joined(b.lines);
  });
}

const isDunder = (name: string): boolean => name.startsWith('__') && name.endsWith('__');

/** The functions and classes that differ, into `reaching` and `shown`. */
function changedBlocks(was: ModuleShape, now: ModuleShape, reaching: Set<string>): string[] {
  const shown: string[] = [];
  for (const name of new Set([...was.blocks.keys(), ...now.blocks.keys()])) {
    const a = was.blocks.get(name);
    const b = now.blocks.get(name);
    if (a && b && joined(a.lines) === joined(b.lines)) continue;
    reaching.add(name);
    const methods = a?.kind === 'class' && b?.kind === 'class' ? changedMethods(a, b) : null;
    if (!methods) {
      shown.push(name);
      continue;
    }
    for (const method of methods) {
      if (!isDunder(method)) reaching.add(method);
      shown.push(`${name}.${method}`);
    }
  }
  return shown;
}

const STRING = /^[rRbBuUfF]{0,2}['"]/u;
const F_STRING = /^(?:[fF][rR]?|[rR][fF])['"]/u;
const TEXT = /^(?:[rRbBuUfF]{0,2}['"]|#)/u;

/**
 * Whether a line uses one of `names`; `typed`: also a word of a string or a type comment (a
 * type written as a string, `"Model"`, a TypeVar's bound), except a string alone on its line.
 */
function uses(line: Line, names: ReadonlySet<string>, typed: boolean): boolean {
  const bare = typed && line.length > 1 && line.slice(1).every((token) => STRING.test(token));
  const words = (token: string): boolean =>
    token.split(/[^\p{L}\p{N}_]+/u).some((word) => names.has(word));
  return line.some((token, i) => {
    if (i === 0) return false;
    if (names.has(token)) return true;
    // An f-string runs the code in its braces: `f"{area()}"` calls `area`.
    if (F_STRING.test(token)) return words(token);
    if (!typed || bare || !TEXT.test(token)) return false;
    return words(token);
  });
}

const usesAny = (lines: readonly Line[], names: ReadonlySet<string>, typed = false): boolean =>
  lines.some((line) => uses(line, names, typed));

/** Adds the module's own functions and classes that use a reaching name, until none is added. */
function addUsers(now: ModuleShape, reaching: Set<string>, typed = false): void {
  for (let added = true; added;) {
    added = false;
    for (const [name, block] of now.blocks)
      if (!reaching.has(name) && usesAny(block.lines, reaching, typed)) {
        reaching.add(name);
        added = true;
      }
  }
}

/** The names `before → after` changes, or null when any test importing the module may reach it. */
export function pythonChangedNames(before: string, after: string): ChangedNames | null {
  const was = shapeOfText(before);
  const now = shapeOfText(after);
  if (!was || !now) return null;
  if (joined(was.moduleLines) !== joined(now.moduleLines)) return null;
  const reaching = new Set<string>();
  const shown = changedBlocks(was, now, reaching);
  if (!reaching.size) return { reaching, shown };
  addUsers(now, reaching);
  // Module code that uses a changed name, or a function that uses one, runs it on import:
  // every test may reach it.
  if (usesAny(now.moduleLines, reaching)) return null;
  return { reaching, shown };
}

/**
 * The names whose type `before → after` may change, for the modules that import them: as
 * pythonChangedNames, and also the names a changed import or assignment at the top level binds
 * (python-module-bindings.ts), with the top-level bindings that use a changed name, read as a
 * type checker reads them (`# type:` comments, names in strings, `global` names). Module code
 * that is not a plain binding and differs or uses a changed name, or a name bound twice, has no
 * answer (null).
 */
export function pythonChangedTypeNames(before: string, after: string): ReadonlySet<string> | null {
  const was = shapeOfText(before, true);
  const now = shapeOfText(after, true);
  if (!was || !now) return null;
  const reaching = changedBindings(was.moduleLines, now.moduleLines, {
    before: was.blocks.keys(),
    after: now.blocks.keys(),
  });
  if (!reaching) return null;
  changedBlocks(was, now, reaching);
  return addTypeUsers([was, now], reaching) ? reaching : null;
}

const isImport = (line: Line | undefined): boolean =>
  line?.[1] === 'import' || line?.[1] === 'from';

/** The names a `global` statement in `lines` declares: assigned there, they are the module's. */
function globalNames(lines: readonly Line[]): string[] {
  return lines.flatMap((line) =>
    line[1] === 'global' ? line.slice(2).filter((token) => token !== ',') : [],
  );
}

/**
 * Adds, until none is added, the functions, classes and top-level bindings of `shapes`' last
 * that use a name of `reaching`, and the module names a reaching function declares `global`
 * (in any of `shapes`); false when module code that is not a plain binding uses one.
 */
function addTypeUsers(shapes: readonly ModuleShape[], reaching: Set<string>): boolean {
  const now = shapes[shapes.length - 1];
  if (!now) return true;
  const units = moduleUnits(now.moduleLines);
  for (let size = -1; size !== reaching.size;) {
    size = reaching.size;
    addUsers(now, reaching, true);
    for (const shape of shapes)
      for (const [name, block] of shape.blocks)
        if (reaching.has(name)) for (const global of globalNames(block.lines)) reaching.add(global);
    for (const unit of units) {
      // An import's module path names no name of this module.
      if (unit.binds && isImport(unit.lines[0])) continue;
      if (!usesAny(unit.lines, reaching, true)) continue;
      if (!unit.binds) return false;
      for (const name of unit.binds) reaching.add(name);
    }
  }
  return true;
}

/**
 * The names of a module (its text) that hold one of `names` or use one, as its importers see
 * them: `names` and, as pythonChangedTypeNames adds them, its own functions, classes and
 * top-level bindings that use one; null when module code that is not a plain binding uses
 * one, or the text cannot be read. What a package's `__init__.py` passes on.
 */
export function pythonNamesUsing(text: string, names: Iterable<string>): Set<string> | null {
  const shape = shapeOfText(text, true);
  const reaching = new Set(names);
  return shape && addTypeUsers([shape], reaching) ? reaching : null;
}
