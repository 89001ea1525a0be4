// The statements of a Python module outside its functions and classes, read as units (a
// top-level statement with the lines nested under it), and the names a unit binds when it is a
// plain binding: an import (`import a.b`, `import a as x`, `from m import a, b as c`) or an
// assignment to names (`X = 1`, `a, b = f()`, `A = B = 0`, `X: int = 1`, `X: int`). Anything
// else (a star import, a compound statement, a call, an augmented or subscript assignment, a
// walrus) binds what this reader does not know. Read from code tokens (python-code-tokens.ts),
// nothing runs.

/** One logical line: its indentation token (`\n` + indentation), then its tokens. */
export type Line = readonly string[];

export interface ModuleUnit {
  readonly text: string;
  readonly lines: readonly Line[];
  /** The names it binds, or null when it is not a plain binding. */
  readonly binds: readonly string[] | null;
}

/** A Python identifier (keywords included). */
export const PYTHON_NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$/u;
const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type'.split(
    ' ',
  ),
);
const isName = (token: string | undefined): token is string =>
  token !== undefined && PYTHON_NAME.test(token) && !KEYWORDS.has(token);

/** Code tokens (NUL-split) as logical lines, each opened by its indentation token. */
export function logicalLines(tokens: readonly string[]): Line[] {
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

/** Tokens split at `,` outside brackets. */
function splitAtDepthZero(tokens: readonly string[], separator: string): string[][] {
  const parts: string[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token === '(' || token === '[' || token === '{') depth++;
    else if (token === ')' || token === ']' || token === '}') depth--;
    if (depth === 0 && token === separator) parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  return parts;
}

/** `a.b.c [as x]` items of an import list → the names bound; null on `*` or what is not one. */
function importItemNames(tokens: readonly string[], dottedBindsHead: boolean): string[] | null {
  const names: string[] = [];
  const bare = tokens.filter((t) => t !== '(' && t !== ')');
  for (const item of splitAtDepthZero(bare, ',')) {
    if (!item.length) continue;
    const as = item.indexOf('as');
    if (as >= 0) {
      if (!isName(item[as + 1]) || item.length !== as + 2) return null;
      names.push(item[as + 1] as string);
    } else if (item.length === 1 && isName(item[0])) names.push(item[0]);
    else if (dottedBindsHead && isName(item[0]) && item[1] === '.') names.push(item[0]);
    else return null;
  }
  return names;
}

/** Names of an assignment target list (`a`, `a, b`, `(a, [b, *c])`); null otherwise. */
function targetNames(tokens: readonly string[]): string[] | null {
  const names: string[] = [];
  for (const [i, token] of tokens.entries()) {
    // A bracket right after a name is a subscript or a call, not a list of targets.
    if ((token === '(' || token === '[') && isName(tokens[i - 1])) return null;
    if (['(', ')', '[', ']', ',', '*'].includes(token)) continue;
    if (!isName(token)) return null;
    names.push(token);
  }
  return names.length ? names : null;
}

/** The names a top-level statement binds, or null when it is not a plain binding. */
export function bindingNames(line: Line): string[] | null {
  // A kept comment (`X = None  # type: int`) binds nothing.
  const tokens = line.slice(1).filter((token) => !token.startsWith('#'));
  if (tokens[0] === 'import') return importItemNames(tokens.slice(1), true);
  if (tokens[0] === 'from') {
    const at = tokens.indexOf('import');
    return at < 0 ? null : importItemNames(tokens.slice(at + 1), false);
  }
  // A walrus binds a name of its own, wherever it stands (`X = (y := f())`).
  if (tokens.includes(':=')) return null;
  const segments = splitAtDepthZero(tokens, '=');
  // `X: int` or `X: int = 1`: an annotated name.
  if (isName(tokens[0]) && tokens[1] === ':') return [tokens[0]];
  if (segments.length < 2) return null;
  const names: string[] = [];
  for (const target of segments.slice(0, -1)) {
    const found = targetNames(target);
    if (!found) return null;
    names.push(...found);
  }
  return names;
}

/** The module's top-level statements, each with the lines nested under it. */
export function moduleUnits(lines: readonly Line[]): ModuleUnit[] {
  const groups: Line[][] = [];
  for (const line of lines)
    if (line[0] === '\n' || !groups.length) groups.push([line]);
    else groups[groups.length - 1]?.push(line);
  return groups.map((group) => ({
    text: group.map((line) => line.join('\0')).join('\0'),
    lines: group,
    binds: group.length === 1 && group[0] ? bindingNames(group[0]) : null,
  }));
}

/**
 * The names bound by the statements that differ between two module texts' top-level lines;
 * null when a differing statement is not a plain binding, or a name is bound twice (then the
 * order decides which one holds). `defined`: the names the modules' functions and classes bind.
 */
export function changedBindings(
  before: readonly Line[],
  after: readonly Line[],
  defined: { readonly before: Iterable<string>; readonly after: Iterable<string> },
): Set<string> | null {
  const was = moduleUnits(before);
  const now = moduleUnits(after);
  const changed = new Set<string>();
  if (was.length === now.length && was.every((unit, i) => unit.text === now[i]?.text))
    return changed;
  for (const [units, names] of [
    [was, defined.before],
    [now, defined.after],
  ] as const) {
    const seen = new Set(names);
    for (const unit of units)
      for (const name of unit.binds ?? []) {
        if (seen.has(name)) return null;
        seen.add(name);
      }
  }
  const count = new Map<string, number>();
  for (const unit of was) count.set(unit.text, (count.get(unit.text) ?? 0) + 1);
  for (const unit of now) count.set(unit.text, (count.get(unit.text) ?? 0) - 1);
  for (const unit of [...was, ...now]) {
    if (!count.get(unit.text)) continue;
    if (!unit.binds) return null;
    for (const name of unit.binds) changed.add(name);
  }
  return changed;
}
