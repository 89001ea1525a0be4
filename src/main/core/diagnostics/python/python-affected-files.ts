// Which files a Python change reaches, by the names importers take: each changed module's
// changed names (src/shared/python-changed-names.ts: its functions and classes that differ, the
// names a changed top-level import or assignment binds, and its own ones that use them), and the
// importers that take one of them (python-import-uses.ts).
// A package's `__init__.py` reached this way is a barrel: its importers are asked again for
// the names it holds the changed ones under. A module whose change has no names (module code
// that is not a plain binding, a deletion, a module-level `__getattr__`) reaches every
// importer, as does an importer whose text cannot be read.
import { pythonChangedTypeNames } from '../../../../shared/python-changed-names';
import { takenAndPassed, takesAny, type TakenNames } from './python-import-uses';

export interface ChangedModule {
  readonly path: string;
  /** The names its change touches, or 'all'. */
  readonly names: TakenNames;
}

/** The names `before → after` of one module changes, for its importers. */
export function changedModuleNames(
  file: string,
  before: string | null,
  after: string | null,
): TakenNames {
  if (before === null || after === null || !file.endsWith('.py')) return 'all';
  const names = pythonChangedTypeNames(before, after);
  if (!names || names.has('__getattr__')) return 'all';
  return names;
}

const union = (a: TakenNames | undefined, b: TakenNames): TakenNames =>
  a === undefined ? b : a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]);

const sameNames = (a: TakenNames | undefined, b: TakenNames): boolean =>
  a !== undefined &&
  (a === 'all' ? b === 'all' : b !== 'all' && a.size === b.size && [...b].every((n) => a.has(n)));

/**
 * The changed modules and the files reached through the names they change; `textOf` reads an
 * importer as on disk (null when it cannot be read).
 */
export function affectedPythonFilesByName(
  changed: readonly ChangedModule[],
  importersOf: (file: string) => Iterable<string>,
  textOf: (file: string) => string | null,
): string[] {
  const changedPaths = new Set(changed.map((c) => c.path));
  const result = new Set(changedPaths);
  const passedBy = new Map<string, TakenNames>();
  const queue: ChangedModule[] = [...changed];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path: file, names } = next;
    for (const importer of importersOf(file)) {
      if (importer === file) continue;
      const text = changedPaths.has(importer) || names === 'all' ? null : textOf(importer);
      const { taken, passed } =
        text === null
          ? ({ taken: 'all', passed: 'all' } as const)
          : takenAndPassed(importer, text, file, names);
      // A barrel that passes a name on is walked even when it uses none itself
      // (`from . import mod`).
      const barrel = importer.endsWith('__init__.py');
      const passes =
        barrel && (names === 'all' || names.size > 0) && (passed === 'all' || passed.size > 0);
      const takes = takesAny(taken, names);
      if (takes) result.add(importer);
      if (!barrel || !(takes || passes)) continue;
      const known = passedBy.get(importer);
      const merged = union(known, passed);
      if (sameNames(known, merged)) continue;
      passedBy.set(importer, merged);
      queue.push({ path: importer, names: passed });
    }
  }
  return [...result];
}
