// Which names of a Python module an edit changes, read from the code tokens the "keeps every
// code token" check compares (python-code-tokens.ts): the module's top-level functions and
// classes whose tokens differ before and after, and the methods that differ inside a class (the
// class counts too). A function or class of the module that uses a changed name, transitively,
// changes with it: a test that calls it reaches the change. A change outside every function and
// class (imports, constants, module code), a name defined twice at the top level, module code
// that uses a changed name, or a text the tokens cannot be read from has no answer (null): every
// test that imports the module may reach it.
import { pythonCodeTokens } from '../../../shared/python-code-tokens';

export interface ChangedNames {
  /** Names whose use reaches the change: changed, added or removed, and their users. */
  readonly reaching: ReadonlySet<string>;
  /** The changed names as a person reads them: `chunked`, `Cart.total`. */
  readonly shown: readonly string[];
}

/** One logical line: its indentation token (`\n` + indentation), then its tokens. */
type Line = readonly string[];

interface Block {
  readonly kind: 'def' | 'class';
  readonly lines: Line[];
}

interface ModuleShape {
  /** Lines outside every top-level function and class, in order. */
  readonly moduleLines: Line[];
  readonly blocks: Map<string, Block>;
}

function logicalLines(tokens: readonly string[]): Line[] {
  const lines: string[][] = [];
  let current: string[] = [];
  for (const token of tokens) {
    if (token.startsWith('\n')) {
      if (current.length) lines.push(current);
      current = [token];
    } else current.push(token);
  }
  if (current.length) lines.push(current);
  return lines;
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

function shapeOfText(text: string): ModuleShape | null {
  const tokens = pythonCodeTokens(text);
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

/** The names `before → after` changes, or null when any test importing the module may reach it. */
export function pythonChangedNames(before: string, after: string): ChangedNames | null {
  const was = shapeOfText(before);
  const now = shapeOfText(after);
  if (!was || !now) return null;
  if (joined(was.moduleLines) !== joined(now.moduleLines)) return null;
  const reaching = new Set<string>();
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
  if (!reaching.size) return { reaching, shown };
  // Module code that uses a changed name runs it on import: every test may reach it.
  const uses = (lines: readonly Line[]): boolean =>
    lines.some((line) => line.some((token, i) => i > 0 && reaching.has(token)));
  if (uses(now.moduleLines)) return null;
  // The module's own functions and classes that use a changed name, until none is added.
  for (let added = true; added;) {
    added = false;
    for (const [name, block] of now.blocks)
      if (!reaching.has(name) && uses(block.lines)) {
        reaching.add(name);
        added = true;
      }
  }
  return { reaching, shown };
}
