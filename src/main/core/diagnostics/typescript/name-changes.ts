// Which names of which files a change alters, from the surfaces by name (surface-parts.ts)
// of the disk program and the proposed one, for either compiler:
// - in a changed file, the exports whose text differs (added and removed ones too), the
//   declarations those exports resolve to, and its own types whose chunk differs;
// - passed on through `export { a } from` and `export *` (import-uses.ts), so a barrel's
//   importer of a name added, removed or pointed elsewhere sees it;
// - in any file, a name whose own part or own types name (transitively) a declaration that
//   changed: `export function load(): Config` changes with Config;
// - in a file the walk reached (an importer of a changed name), its own surfaces compared as
//   a changed file's are, since a type it infers from what changed is written out, not named
//   (`export const port = load().port`).
// A name a surface has no part for (an inherited member, a namespace, a file whose surface was
// cut short) stands for the file as a whole: changed when any of its names is. Answers only
// grow as reached files are compared: `version` says when to ask again (affected-files.ts).
// Runs inside the TypeScript check worker.
import type { ImportUse } from './import-uses';
import type { LocalSurface, SurfaceReader } from './export-surface';
import {
  exportText,
  keyName,
  localTexts,
  type NameRef,
  type SurfacePart,
  type SurfaceParts,
} from './surface-parts';

/** The file as a whole: a name no declaration has. */
const WHOLE = '*';
/** The name of `export =` among a module's exports. */
const EXPORT_ASSIGNMENT = 'export=';
const EMPTY: SurfaceParts = { exports: new Map(), locals: new Map() };

export interface NameChangeInput {
  readonly changed: readonly string[];
  readonly graph: ReadonlyMap<string, ReadonlyMap<string, ImportUse>>;
  readonly diskSurfaces: SurfaceReader;
  readonly overlaySurfaces: SurfaceReader;
  readonly throwIfCancelled: () => void;
}

export interface NameChanges {
  /** Whether a name of a file changed: a declaration's, or one its surface names. */
  changed(file: string, name: string): boolean;
  /** Whether an importer taking `name` from the file can see a change (absent on both sides: no). */
  imported(file: string, name: string): boolean;
  /** Whether the file's surface differs at all (its text, or any of its names). */
  differs(file: string): boolean;
  /** The walk reached a file the change did not touch: its surfaces are compared too. */
  reached(file: string): void;
  /** Grows whenever a comparison found more changes (earlier answers may have grown). */
  version(): number;
}

/** One file's parts, indexed by the names they answer to. */
interface Indexed {
  /** Parts by export name, declared name and own type name. */
  readonly byName: ReadonlyMap<string, readonly SurfacePart[]>;
  readonly all: readonly SurfacePart[];
  /**
   * Cut short (on a side): the files it names, which stand for what was not described; null
   * when described whole (then a name without parts stands for the file as a whole).
   */
  readonly cutShort: readonly string[] | null;
}

/** Cut short at a limit: parts for some exports (or none). */
const isCutShort = (surface: LocalSurface): boolean =>
  surface.text !== null && (!surface.parts || surface.partial === true);

const key = (file: string, name: string): string => `${file}\u0000${name}`;

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
  return { byName, all, cutShort: cut ? surfaces.flatMap((s) => s.named) : null };
}

/**
 * The seeds of one file compared: its names whose texts differ, and where they point. A side
 * cut short makes a changed file (`touched`) change as a whole; a file reached is compared on
 * the names both sides described.
 */
function compareSides(
  file: string,
  disk: LocalSurface,
  overlay: LocalSurface,
  touched: boolean,
  seed: (ref: NameRef) => void,
): { exported: Set<string>; whole: boolean } {
  const exported = new Set<string>();
  if (disk.text === overlay.text) return { exported, whole: false };
  const cut = isCutShort(disk) || isCutShort(overlay);
  if (cut && touched) return { exported, whole: true };
  const [before, after] = [disk, overlay].map((s) => s.parts ?? EMPTY) as [
    SurfaceParts,
    SurfaceParts,
  ];
  const both = <T>(a: Iterable<T>, b: Iterable<T>): Set<T> => {
    const second = new Set(b);
    return cut ? new Set([...a].filter((x) => second.has(x))) : new Set([...a, ...second]);
  };
  for (const name of both(before.exports.keys(), after.exports.keys())) {
    if (exportText(before, name) === exportText(after, name)) continue;
    exported.add(name);
    seed([file, name]);
    for (const side of [before, after])
      for (const ref of side.exports.get(name)?.declared ?? []) seed(ref);
  }
  const [localsBefore, localsAfter] = [localTexts(before), localTexts(after)];
  for (const name of both(localsBefore.keys(), localsAfter.keys()))
    if (localsBefore.get(name) !== localsAfter.get(name)) seed([file, name]);
  return { exported, whole: false };
}

export function nameChanges(input: NameChangeInput): NameChanges {
  /** Files whose both surfaces are compared: the changed ones, and those reached. */
  const compared = new Set(input.changed);
  const seeds = new Set<string>();
  /** Files every name of which changed (a surface that could not be compared by name). */
  const wholly = new Set<string>();
  /** Files with at least one seed. */
  const seeded = new Set<string>();
  const textDiffers = new Set<string>();
  let version = 0;
  const seed = ([file, name]: NameRef): void => {
    const k = key(file, name);
    if (seeds.has(k)) return;
    seeds.add(k);
    seeded.add(file);
    version++;
  };
  const indexed = new Map<string, Indexed>();
  const indexOf = (file: string): Indexed => {
    let found = indexed.get(file);
    if (!found) {
      const sides = compared.has(file)
        ? [input.diskSurfaces.localOf(file), input.overlaySurfaces.localOf(file)]
        : [input.diskSurfaces.localOf(file)];
      indexed.set(file, (found = indexParts(file, sides)));
    }
    return found;
  };
  const isSeed = (file: string, name: string): boolean =>
    wholly.has(file) ||
    seeds.has(key(file, name)) ||
    (name === WHOLE && (seeded.has(file) || textDiffers.has(file)));
  const next = (file: string, name: string): NameRef[] => {
    const index = indexOf(file);
    const undescribed = (index.cutShort ?? []).map((other): NameRef => [other, WHOLE]);
    const parts = name === WHOLE ? index.all : index.byName.get(name);
    if (!parts) return index.cutShort ? undescribed : [[file, WHOLE]];
    return [
      ...parts.flatMap((part) => [
        ...part.names,
        ...part.reaches.map((local) => [file, keyName(local)] as const),
      ]),
      ...(name === WHOLE ? undescribed : []),
    ];
  };
  const walk = reachability(isSeed, next, input.throwIfCancelled);
  const changed = walk.reaches;
  /**
   * Compares a file's two surfaces; a file the change did not touch is never wholly changed,
   * and one whose surface was cut short on a side is left to what it names.
   */
  const compare = (file: string, touched: boolean): void => {
    const disk = input.diskSurfaces.localOf(file);
    const overlay = input.overlaySurfaces.localOf(file);
    const before = version;
    // A surface cut short has a text of its own each time: only a changed file's differs.
    const cut = isCutShort(disk) || isCutShort(overlay);
    if (disk.text !== overlay.text && (touched || !cut) && !textDiffers.has(file)) {
      textDiffers.add(file);
      version++;
    }
    const { exported, whole } = compareSides(file, disk, overlay, touched, seed);
    if (whole && touched) {
      wholly.add(file);
      version++;
    }
    const passing: ReadonlySet<string> | 'all' = whole && touched ? 'all' : exported;
    if (passing === 'all' || passing.size)
      passOn(input.graph, [[file, passing]], seed, (f) => {
        if (!wholly.has(f)) version++;
        wholly.add(f);
      });
    indexed.delete(file);
    // What was found not to reach a change may reach one now.
    if (version !== before) walk.forget();
  };
  for (const file of compared) compare(file, true);

  /**
   * How a compared file's sides export a name: by name, or possibly (`export =`, or a side
   * cut short before it) from anywhere in it.
   */
  const exportsOf = (file: string, name: string): 'no' | 'yes' | 'assigned' => {
    let found: 'no' | 'yes' | 'assigned' = 'no';
    for (const side of [input.diskSurfaces.localOf(file), input.overlaySurfaces.localOf(file)]) {
      if (side.text === null) continue;
      if (!side.parts || side.parts.exports.has(EXPORT_ASSIGNMENT)) return 'assigned';
      if (side.parts.exports.has(name)) found = 'yes';
      else if (side.partial) return 'assigned';
    }
    return found;
  };
  const differs = (file: string): boolean => textDiffers.has(file) || changed(file, WHOLE);
  return {
    changed,
    imported(file, name) {
      if (wholly.has(file)) return true;
      if (!compared.has(file)) return changed(file, name);
      // Absent on both sides: the importer's error, if any, stays as it was.
      const exported = exportsOf(file, name);
      return exported === 'assigned' ? differs(file) : exported === 'yes' && changed(file, name);
    },
    differs,
    reached(file) {
      if (compared.has(file)) return;
      compared.add(file);
      compare(file, false);
    },
    version: () => version,
  };
}

/**
 * Whether a name reaches a changed one through what its parts name and reach, remembered:
 * reached answers stay true; answers that reached nothing are forgotten when changes grow.
 */
function reachability(
  isSeed: (file: string, name: string) => boolean,
  next: (file: string, name: string) => NameRef[],
  throwIfCancelled: () => void,
): { reaches(file: string, name: string): boolean; forget(): void } {
  const reaching = new Set<string>();
  const notReaching = new Set<string>();
  const reaches = (file: string, name: string): boolean => {
    const start = key(file, name);
    if (reaching.has(start)) return true;
    if (notReaching.has(start)) return false;
    const visited = new Set([start]);
    const stack: NameRef[] = [[file, name]];
    while (stack.length) {
      const [f, n] = stack.pop() as NameRef;
      throwIfCancelled();
      if (isSeed(f, n) || reaching.has(key(f, n))) {
        reaching.add(start);
        return true;
      }
      for (const ref of next(f, n)) {
        const k = key(ref[0], ref[1]);
        if (visited.has(k) || notReaching.has(k)) continue;
        visited.add(k);
        stack.push(ref);
      }
    }
    // Nothing reachable from here leads to a change: none of it does.
    for (const k of visited) notReaching.add(k);
    return false;
  };
  return { reaches, forget: () => notReaching.clear() };
}

/**
 * Names a changed file added, removed or changed, passed on through the files that export
 * them again (`export { a } from`, `export *`), transitively.
 */
function passOn(
  graph: NameChangeInput['graph'],
  start: readonly [string, ReadonlySet<string> | 'all'][],
  seed: (ref: NameRef) => void,
  whole: (file: string) => void,
): void {
  const queue = [...start];
  const done = new Map<string, Set<string> | 'all'>();
  while (queue.length) {
    const [file, names] = queue.shift() as [string, ReadonlySet<string> | 'all'];
    for (const [importer, use] of graph.get(file) ?? []) {
      const out = new Set<string>();
      let all = false;
      if (use.passesAll) {
        if (names === 'all') all = true;
        else for (const name of names) if (name !== 'default') out.add(name);
      }
      for (const [imported, as] of use.passes)
        if (names === 'all' || names.has(imported)) for (const name of as) out.add(name);
      const known = done.get(importer);
      if (known === 'all') continue;
      if (all) {
        done.set(importer, 'all');
        whole(importer);
        queue.push([importer, 'all']);
        continue;
      }
      const fresh = [...out].filter((name) => !known?.has(name));
      if (!fresh.length) continue;
      done.set(importer, new Set([...(known ?? []), ...fresh]));
      for (const name of fresh) seed([importer, name]);
      queue.push([importer, new Set(fresh)]);
    }
  }
}
