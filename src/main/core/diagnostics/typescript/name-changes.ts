// Which names of which files a change alters, from the surfaces by name (surface-parts.ts)
// of the disk program and the proposed one, for either compiler:
// - in a changed file, the exports whose text differs (added and removed ones too), the
//   declarations those exports resolve to, and its own types whose chunk differs;
// - passed on through `export { a } from` and `export *` (import-uses.ts), so a barrel's
//   importer of a name added, removed or pointed elsewhere sees it;
// - in any file, a name whose own part or own types name (transitively) a declaration that
//   changed: `export function load(): Config` changes with Config;
// - in a file the walk reached, the names its syntax says may infer a type from an import
//   that changed (inferred-names.ts): `export const port = load().port`.
// A name a surface has no part for (an inherited member, a namespace) stands for the file as a
// whole, and one a surface cut short did not describe for the files it names; a changed file
// whose surface was cut short changes the names its syntax says the edit may change
// (changed-statements.ts), or as a whole where the syntax cannot say. Answers only
// grow as the walk reaches files: `version` says when to ask again (affected-files.ts).
// Runs inside the TypeScript check worker.
import { USES_ALL, type ImportUse } from './import-uses';
import type { LocalSurface, SurfaceReader } from './export-surface';
import {
  inferredNames,
  type ChangedImports,
  type MentionKinds,
  type StatementFile,
} from './inferred-names';
import { changedStatementNames, type StatementNames } from './changed-statements';
import { changeBook, WHOLE } from './name-change-book';
import { passOn, reachability } from './name-reach';
import {
  exportText,
  keyName,
  localTexts,
  type NameRef,
  type SurfacePart,
  type SurfaceParts,
} from './surface-parts';

/** The name of `export =` among a module's exports. */
const EXPORT_ASSIGNMENT = 'export=';
const EMPTY: SurfaceParts = { exports: new Map(), locals: new Map() };

export interface NameChangeInput {
  readonly changed: readonly string[];
  readonly graph: ReadonlyMap<string, ReadonlyMap<string, ImportUse>>;
  readonly diskSurfaces: SurfaceReader;
  readonly overlaySurfaces: SurfaceReader;
  /** More importers of the changed files (from the symbol index), taken as using all. */
  readonly extraImporters: ReadonlyMap<string, readonly string[]>;
  /** A file's syntax on disk (the same in the proposal, for a file the change did not touch). */
  readonly syntaxOf: (file: string) => StatementFile | undefined;
  /** A changed file's syntax in the proposal. */
  readonly overlaySyntaxOf?: (file: string) => StatementFile | undefined;
  /** The compiler's kind numbers, when known (what a file's syntax mentions is read closer). */
  readonly kinds?: MentionKinds;
  readonly throwIfCancelled: () => void;
}

export interface NameChanges {
  /** Whether a name of a file changed: a declaration's, or one its surface names. */
  changed(file: string, name: string): boolean;
  /** Whether an importer taking `name` from the file can see a change (absent on both sides: no). */
  imported(file: string, name: string): boolean;
  /** Whether the file's surface differs at all (its text, or any of its names). */
  differs(file: string): boolean;
  /** The walk reached a file the change did not touch: what it infers may change too. */
  reached(file: string): void;
  /** The files reached read again until nothing more changes (after the walk ran out). */
  settle(): void;
  /** Grows whenever more changes are found (earlier answers may have grown). */
  version(): number;
}

/** One file's parts, indexed by the names they answer to. */
interface Indexed {
  /** Parts by export name, declared name and own type name. */
  readonly byName: ReadonlyMap<string, readonly SurfacePart[]>;
  readonly all: readonly SurfacePart[];
  /**
   * Cut short (on a side): what was not described is unknown; false when described whole
   * (then a name without parts stands for the file as a whole).
   */
  readonly cutShort: boolean;
}

/** Cut short at a limit: parts for some exports (or none). */
const isCutShort = (surface: LocalSurface): boolean =>
  surface.text !== null && (!surface.parts || surface.partial === true);

function indexParts(file: string, surfaces: readonly LocalSurface[]): Indexed {
  const byName = new Map<string, SurfacePart[]>();
  const all: SurfacePart[] = [];
  const add = (name: string, part: SurfacePart): void => {
    byName.set(name, [...(byName.get(name) ?? []), part]);
  };
  const cut = surfaces.some(isCutShort);
  for (const surface of surfaces) {
    const parts = surface.parts ?? EMPTY;
    for (const [name, part] of parts.exports) {
      add(name, part);
      for (const [declaredIn, declared] of part.declared)
        if (declaredIn === file && declared !== name) add(declared, part);
      all.push(part);
    }
    for (const [local, part] of parts.locals) {
      add(keyName(local), part);
      all.push(part);
    }
  }
  return { byName, all, cutShort: cut };
}

/**
 * The seeds of a changed file: its names whose texts differ, and where they point; a side cut
 * short makes it change as a whole.
 */
function compareSides(
  file: string,
  disk: LocalSurface,
  overlay: LocalSurface,
  seed: (ref: NameRef) => void,
): { exported: Set<string>; whole: boolean } {
  const exported = new Set<string>();
  if (disk.text === overlay.text) return { exported, whole: false };
  if (isCutShort(disk) || isCutShort(overlay)) return { exported, whole: true };
  const [before, after] = [disk.parts ?? EMPTY, overlay.parts ?? EMPTY];
  for (const name of new Set([...before.exports.keys(), ...after.exports.keys()])) {
    if (exportText(before, name) === exportText(after, name)) continue;
    exported.add(name);
    seed([file, name]);
    for (const side of [before, after])
      for (const ref of side.exports.get(name)?.declared ?? []) seed(ref);
  }
  const [localsBefore, localsAfter] = [localTexts(before), localTexts(after)];
  for (const name of new Set([...localsBefore.keys(), ...localsAfter.keys()]))
    if (localsBefore.get(name) !== localsAfter.get(name)) seed([file, name]);
  return { exported, whole: false };
}

export function nameChanges(input: NameChangeInput): NameChanges {
  /** The changed files: both their surfaces are compared. */
  const compared = new Set(input.changed);
  const book = changeBook();
  const { wholly, seeded, textDiffers, seed, whole, isSeed } = book;
  const indexOf = partsIndexer(input, compared);
  const forward = importsOf(input);
  /** Changed files whose surface was cut short: the names their syntax says the edit changes. */
  const bySyntax = new Map<string, ReadonlySet<string>>();
  const saysOf = syntaxReader(input);
  /** Whether a file imports one that changed or has names that changed (so far). */
  const importsTouched = (file: string): boolean =>
    (forward.get(file) ?? []).some(
      ([target]) =>
        target !== file && (compared.has(target) || seeded.has(target) || wholly.has(target)),
    );
  const next = (file: string, name: string): NameRef[] =>
    refsOfName(
      indexOf(file),
      file,
      name,
      () => undescribedRefs(forward, file),
      () =>
        compared.has(file)
          ? syntaxVerdict(saysOf(file), name, () => importsTouched(file))
          : undefined,
    );
  // A changed file's edges depend on what else changed (syntaxVerdict): they may grow.
  const walk = reachability(isSeed, next, input.throwIfCancelled, (file) => compared.has(file));
  let asked = book.version();
  const changed = (file: string, name: string): boolean => {
    // What was found not to reach a change may reach one found since.
    if (asked !== book.version()) walk.grown(book.takeNews());
    asked = book.version();
    return walk.reaches(file, name);
  };
  for (const file of compared) {
    const disk = input.diskSurfaces.localOf(file);
    const overlay = input.overlaySurfaces.localOf(file);
    if (disk.text !== overlay.text) book.differs(file);
    const { exported, whole: all } = compareSides(file, disk, overlay, seed);
    const named = all ? saysOf(file)?.changed : undefined;
    if (named) {
      bySyntax.set(file, named);
      for (const name of named) seed([file, name]);
      passOn(input.graph, [[file, named]], seed, whole);
      continue;
    }
    if (all) whole(file);
    if (all || exported.size) passOn(input.graph, [[file, all ? 'all' : exported]], seed, whole);
  }

  const differs = (file: string): boolean => textDiffers(file) || changed(file, WHOLE);
  const imported = (file: string, name: string): boolean => {
    if (wholly.has(file)) return true;
    if (!compared.has(file)) return changed(file, name);
    const named = bySyntax.get(file);
    if (named) return named.has(name) || changed(file, name);
    // Absent on both sides: the importer's error, if any, stays as it was.
    const exported = exportsOf(input, file, name);
    return exported === 'assigned' ? differs(file) : exported === 'yes' && changed(file, name);
  };
  /** What a file binds that changed: names, or all when it binds all of a file that differs. */
  const changedImports = (file: string): ChangedImports => {
    const names = new Set<string>();
    for (const [target, use] of forward.get(file) ?? []) {
      if (use.bound === 'all') {
        if (differs(target)) return 'all';
      } else for (const name of use.bound) if (imported(target, name)) names.add(name);
    }
    return { names };
  };
  const reached = new Set<string>();
  /** Seeds the names a reached file may infer from what changed; a file without syntax: all. */
  const infer = (file: string): void => {
    const syntax = input.syntaxOf(file);
    const names = syntax ? inferredNames(syntax, changedImports(file), input.kinds) : 'all';
    if (names === 'all') whole(file);
    else for (const name of names) seed([file, name]);
  };
  return {
    changed,
    imported,
    differs,
    reached(file) {
      if (compared.has(file) || reached.has(file)) return;
      reached.add(file);
      infer(file);
    },
    settle() {
      for (let before = -1; before !== book.version();) {
        before = book.version();
        for (const file of reached) infer(file);
      }
    },
    version: book.version,
  };
}

/**
 * Where a name of a file leads: what its parts name and reach; a cut surface, its imports too.
 * A name without parts (a namespace, a type inside one) stands for the file as a whole, unless
 * the file is a changed one whose syntax says whether that name changed (syntaxVerdict).
 */
function refsOfName(
  index: Indexed,
  file: string,
  name: string,
  undescribed: () => NameRef[],
  says: () => boolean | undefined,
): NameRef[] {
  const rest = index.cutShort ? undescribed() : [];
  const parts = name === WHOLE ? index.all : index.byName.get(name);
  if (!parts && !index.cutShort && name !== WHOLE) {
    const verdict = says();
    if (verdict !== undefined) return verdict ? [[file, WHOLE]] : [];
  }
  if (!parts) return index.cutShort ? rest : [[file, WHOLE]];
  return [
    ...parts.flatMap((part) => [
      ...part.names,
      ...part.reaches.map((local) => [file, keyName(local)] as const),
    ]),
    ...(name === WHOLE ? rest : []),
  ];
}

/**
 * Whether a changed file's name changed, by its syntax: a declared or namespace name the edit
 * touched; one it did not, unless what it takes from imports may have changed (an imported
 * file changed too or has names that did); undefined when the syntax cannot say.
 */
function syntaxVerdict(
  syntax: StatementNames | undefined,
  name: string,
  importsTouched: () => boolean,
): boolean | undefined {
  if (!syntax) return undefined;
  const touched = syntax.declared.has(name)
    ? syntax.changed.has(name)
    : syntax.inner.has(name)
      ? syntax.changedInner.has(name)
      : undefined;
  if (touched !== false) return touched;
  return syntax.importDependent.has(name) && importsTouched() ? undefined : false;
}

/** Each file's parts, indexed once (a changed file's from both its sides). */
function partsIndexer(
  input: NameChangeInput,
  compared: ReadonlySet<string>,
): (file: string) => Indexed {
  const indexed = new Map<string, Indexed>();
  return (file) => {
    let found = indexed.get(file);
    if (!found) {
      const sides = compared.has(file)
        ? [input.diskSurfaces.localOf(file), input.overlaySurfaces.localOf(file)]
        : [input.diskSurfaces.localOf(file)];
      indexed.set(file, (found = indexParts(file, sides)));
    }
    return found;
  };
}

/** What each changed file's syntax says of its edit, read once per file. */
function syntaxReader(input: NameChangeInput): (file: string) => StatementNames | undefined {
  const memo = new Map<string, StatementNames | undefined>();
  return (file) => {
    if (!memo.has(file)) memo.set(file, namesBySyntax(input, file));
    return memo.get(file);
  };
}

/** What a changed file's syntax says its edit may change; undefined when it cannot say. */
function namesBySyntax(input: NameChangeInput, file: string): StatementNames | undefined {
  const [disk, proposed] = [input.syntaxOf(file), input.overlaySyntaxOf?.(file)];
  const names = disk && proposed ? changedStatementNames(disk, proposed, input.kinds) : 'all';
  return names === 'all' ? undefined : names;
}

/**
 * How a changed file's sides export a name: by name, or possibly (`export =`, or a side cut
 * short before it) from anywhere in it.
 */
function exportsOf(input: NameChangeInput, file: string, name: string): 'no' | 'yes' | 'assigned' {
  let found: 'no' | 'yes' | 'assigned' = 'no';
  for (const side of [input.diskSurfaces.localOf(file), input.overlaySurfaces.localOf(file)]) {
    if (side.text === null) continue;
    if (!side.parts || side.parts.exports.has(EXPORT_ASSIGNMENT)) return 'assigned';
    if (side.parts.exports.has(name)) found = 'yes';
    else if (side.partial) return 'assigned';
  }
  return found;
}

/**
 * What a surface cut short did not describe can name only what its file refers to: the names
 * it takes from each import (all of a module it takes whole). A type it did not describe that
 * comes from further away (`export const x = f()`, f's type naming a third file) changes only
 * with the name it came through, which the file takes. Its own declarations are no seed (the
 * file is not a changed one: a changed file cut short changes as a whole, compareSides).
 */
function undescribedRefs(
  forward: ReadonlyMap<string, readonly [string, ImportUse][]>,
  file: string,
): NameRef[] {
  return (forward.get(file) ?? []).flatMap(([target, use]): NameRef[] =>
    use.names === 'all' ? [[target, WHOLE]] : [...use.names].map((name): NameRef => [target, name]),
  );
}

/** importer → the files it imports and what it uses of each (the symbol index's: all). */
function importsOf(input: NameChangeInput): Map<string, [string, ImportUse][]> {
  const forward = new Map<string, [string, ImportUse][]>();
  const add = (importer: string, target: string, use: ImportUse): void => {
    const list = forward.get(importer);
    if (list) list.push([target, use]);
    else forward.set(importer, [[target, use]]);
  };
  for (const [target, importers] of input.graph)
    for (const [importer, use] of importers) add(importer, target, use);
  for (const [target, importers] of input.extraImporters)
    for (const importer of importers) add(importer, target, USES_ALL);
  return forward;
}
