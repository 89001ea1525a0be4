// What a Python file takes from a module it imports, read from its code tokens
// (src/shared/python-code-tokens.ts), so a change re-checks only the importers that use a
// changed name. `from m import a, b as c` takes `a` and `b`; a module bound as a name
// (`import m`, `import m as x`, `from pkg import m`) takes the names read as `m.name`, when
// every other mention of it is one of those. Everything else takes all of the module: a star
// import, a mention of the module's name that is not `m.name` (a value, `getattr(m, ...)`,
// `m[k]`), a string naming it (a type written as a string: `"m.Model"`), a text the tokens
// cannot be read from, or no import of the module found at all (the importer graph saw one
// this reader does not). More than a type depends on, never less. Also what a package's `__init__.py` passes on to its own importers under which
// names, for the walk through barrels (python-affected-files.ts).

import { pythonNamesUsing } from '../../../../shared/python-changed-names';
import { pythonCodeTokens } from '../../../../shared/python-code-tokens';
import { logicalLines, PYTHON_NAME } from '../../../../shared/python-module-bindings';
import { moduleNamesOf } from './importers';

/** Every name of the module, or the names an importer takes (or a barrel passes on). */
export type TakenNames = ReadonlySet<string> | 'all';

interface ModuleImports {
  /** Names taken by `from m import …`, each with the names it is bound to. */
  readonly named: Map<string, Set<string>>;
  /** Paths the module object is reached by (`m`, `pkg.m`, an alias), as token lists. */
  readonly bound: string[][];
  /** A star import, or an import this reader does not follow. */
  all: boolean;
}

/** Comments a type checker reads: `# type: m.Model`. */
const TYPE_COMMENT = /^#\s*type\s*:/u;
/** A token whose words a type checker may read as names: a string or a type comment. */
const TEXT = /^(?:[rRbBuUfF]{0,2}['"]|#)/u;

/** A dotted name from `at`: its parts and where it ends. */
function dotted(line: readonly string[], at: number): { parts: string[]; end: number } {
  const parts: string[] = [];
  let i = at;
  while (PYTHON_NAME.test(line[i] ?? '')) {
    parts.push(line[i] as string);
    if (line[i + 1] !== '.') return { parts, end: i + 1 };
    i += 2;
  }
  return { parts, end: i };
}

/** `from X import …`'s module as a dotted absolute name, relative ones resolved from `file`. */
function fromModule(file: string, line: readonly string[]): { base: string; end: number } {
  let i = 1;
  let dots = 0;
  for (; line[i] === '.' || line[i] === '...'; i++) dots += (line[i] as string).length;
  const { parts, end } = line[i] === 'import' ? { parts: [], end: i } : dotted(line, i);
  if (!dots) return { base: parts.join('.'), end };
  const packageParts = file.split('/').slice(0, -1);
  const up = packageParts.slice(0, Math.max(0, packageParts.length - (dots - 1)));
  return { base: [...up, ...parts].join('.'), end };
}

/** Items of an import list: `name [as alias]`, with brackets and commas. */
function importItems(line: readonly string[], at: number): { name: string[]; alias?: string }[] {
  const items: { name: string[]; alias?: string }[] = [];
  let i = at;
  while (i < line.length) {
    const token = line[i];
    // A kept type comment (`# type: ignore`) between or after the items names none.
    if (token === '(' || token === ')' || token === ',' || token?.startsWith('#')) {
      i++;
      continue;
    }
    if (token === '*') {
      items.push({ name: ['*'] });
      i++;
      continue;
    }
    const { parts, end } = dotted(line, i);
    if (!parts.length) return [...items, { name: ['?'] }];
    i = end;
    if (line[i] === 'as' && PYTHON_NAME.test(line[i + 1] ?? '')) {
      items.push({ name: parts, alias: line[i + 1] as string });
      i += 2;
    } else items.push({ name: parts });
  }
  return items;
}

/** The statements of `lines` that import the module named any of `names`. */
function importsOf(file: string, lines: readonly string[][], names: readonly string[]) {
  const found: ModuleImports = { named: new Map(), bound: [], all: false };
  const isModule = (dottedName: string): boolean => names.includes(dottedName);
  const parent = (dottedName: string): string | undefined =>
    names.find((n) => dottedName.startsWith(`${n}.`));
  for (const line of lines) {
    if (line[0] === 'import') {
      for (const item of importItems(line, 1)) {
        const name = item.name.join('.');
        if (isModule(name)) found.bound.push(item.alias ? [item.alias] : item.name);
        // `import pkg.sub` binds `pkg`: the package's names are read as `pkg.name`.
        else if (!item.alias && parent(name)) found.bound.push((parent(name) as string).split('.'));
      }
    } else if (line[0] === 'from') {
      const { base, end } = fromModule(file, line);
      if (line[end] !== 'import') continue;
      for (const item of importItems(line, end + 1)) {
        const name = item.name.join('.');
        if (isModule(base)) {
          if (name === '*' || item.name.length !== 1) found.all = true;
          else {
            const as = found.named.get(name) ?? new Set<string>();
            found.named.set(name, as.add(item.alias ?? name));
          }
        } else if (isModule(`${base}.${name}`)) found.bound.push([item.alias ?? name]);
      }
    }
  }
  return found;
}

/** The `name` of `path.name` at `at` (for any of `paths`), or null when it is not one. */
function attributeAfter(
  line: readonly string[],
  at: number,
  paths: readonly string[][],
): string | null {
  for (const path of paths) {
    const matches = path.every(
      (part, k) => line[at + 2 * k] === part && (k === 0 || line[at + 2 * k - 1] === '.'),
    );
    if (!matches || line[at + 2 * path.length - 1] !== '.') continue;
    const name = line[at + 2 * path.length];
    // A dunder (`m.__dict__`, `m.__getattr__`) reads the module as a whole.
    if (name !== undefined && PYTHON_NAME.test(name) && !name.startsWith('__')) return name;
  }
  return null;
}

/** Names read as `path.name`, or 'all' when the path's head is mentioned any other way. */
function namesReadThrough(lines: readonly string[][], paths: readonly string[][]): TakenNames {
  const names = new Set<string>();
  const heads = new Set(paths.map((p) => p[0] as string));
  for (const line of lines) {
    if (line[0] === 'import' || line[0] === 'from') continue;
    for (let i = 0; i < line.length; i++) {
      const token = line[i] as string;
      if (TEXT.test(token)) {
        if ([...heads].some((head) => new RegExp(`(?<![\\w.])${head}\\b`, 'u').test(token)))
          return 'all';
        continue;
      }
      if (!heads.has(token) || line[i - 1] === '.') continue;
      const name = attributeAfter(line, i, paths);
      if (name === null) return 'all';
      names.add(name);
    }
  }
  return names;
}

/**
 * What `importer` takes from `moduleFile`, and under which names it holds each of `changed`
 * (what a barrel passes on to its own importers).
 */
export function takenAndPassed(
  importer: string,
  text: string,
  moduleFile: string,
  changed: TakenNames = 'all',
): { taken: TakenNames; passed: TakenNames } {
  const all = { taken: 'all', passed: 'all' } as const;
  if (!moduleFile.endsWith('.py')) return all;
  const tokens = pythonCodeTokens(text, { keepComment: (comment) => TYPE_COMMENT.test(comment) });
  if (tokens === null) return all;
  // Each logical line without its indentation token.
  const lines = logicalLines(tokens.split('\0')).map((line) => line.slice(1));
  const found = importsOf(importer, lines, moduleNamesOf(moduleFile));
  if (found.all || (!found.named.size && !found.bound.length)) return all;
  const read = found.bound.length ? namesReadThrough(lines, found.bound) : new Set<string>();
  if (read === 'all') return all;
  const taken = new Set([...found.named.keys(), ...read]);
  const passed = new Set<string>(found.bound.map((p) => p[0] as string));
  for (const [name, as] of found.named)
    if (changed === 'all' || changed.has(name)) for (const alias of as) passed.add(alias);
  if (!importer.endsWith('__init__.py')) return { taken, passed };
  // `from .mod import a` in a package's `__init__.py` also binds `mod` there (for pyright too).
  const moduleName = moduleNamesOf(moduleFile)[0]?.split('.').pop();
  if (found.named.size && moduleName) passed.add(moduleName);
  // The barrel's own names that use what it holds (`size = area`, `def big(): ...`).
  return { taken, passed: passed.size ? (pythonNamesUsing(text, passed) ?? 'all') : passed };
}

/** Whether an importer that takes `taken` uses any of `changed`. */
export function takesAny(taken: TakenNames, changed: TakenNames): boolean {
  if (taken === 'all' || changed === 'all') return true;
  for (const name of taken) if (changed.has(name)) return true;
  return false;
}
