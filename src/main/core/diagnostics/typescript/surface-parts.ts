// A module's export surface by name, beside its whole text (export-surface.ts for 5.x/6.x,
// native-surface.ts for TypeScript 7): per export, its own lines, the module's own types it
// reaches and the declarations of other project files it names; per own type, its chunk and
// the same. A surface expands each own type once, so an export that meets a type expanded
// before only records that it reaches it: its text is its lines with every chunk it reaches,
// transitively (exportText). Names of other files are the declared names of their symbols; an
// inherited member by the type that declares it, or when the compiler does not say, by a name
// no declaration has (`.member`), so whoever looks it up falls back to the file as a whole
// (name-changes.ts).
// Runs inside the TypeScript check worker.

/** A declaration of another project file: [file, its declared name]. */
export type NameRef = readonly [file: string, name: string];

export interface SurfacePart {
  /** Its own lines: an export's line and enum members, or an own type's chunk. */
  readonly text: string;
  /** Keys (in `locals`) of the module's own types it reaches directly. */
  readonly reaches: readonly string[];
  /** Other project files' declarations it names directly. */
  readonly names: readonly NameRef[];
}

export interface ExportPart extends SurfacePart {
  /** Where the exported symbol is declared and its name there (an alias resolved). */
  readonly declared: readonly NameRef[];
}

export interface SurfaceParts {
  readonly exports: ReadonlyMap<string, ExportPart>;
  /** The module's own types reached from its exports, by key (`Name`, `Name~2` for the second of a name). */
  readonly locals: ReadonlyMap<string, SurfacePart>;
}

/** The declared name a local key stands for. */
export const keyName = (key: string): string => key.replace(/~\d+$/, '');

/**
 * A member's name as written in a surface: a symbol-keyed member (`__@iterator@10`) or a
 * private one (`__#74@#client`) without the id, which differs from one program to the next.
 */
export const memberText = (name: string): string =>
  name.replace(/^(__@.*)@\d+$/, '$1').replace(/^__#\d+@(#.*)$/, '$1');

/** TypeScript's Transient symbol flag (the same number in 5.x to 7.x). */
const TRANSIENT = 1 << 25;

/**
 * A symbol's flags as written in a surface: without Transient, which says how the checker
 * made the symbol (instantiated or merged, as it happened to be asked), not what it is.
 */
export const flagsText = (flags: number): number => flags & ~TRANSIENT;

/**
 * The name under which an inherited member of another file is named: the type that declares
 * it (its lines are in that type's chunk), else a name no declaration has (`.member`).
 */
export const memberName = (member: string, parent: string | undefined): string =>
  parent ?? `.${memberText(member)}`;

interface OpenPart {
  readonly lines: string[];
  readonly reaches: Set<string>;
  readonly names: Map<string, NameRef>;
  readonly declared?: readonly NameRef[];
}

/** Records the parts while a surface is described; `T` identifies an own type (its symbol). */
export interface PartsRecorder<T> {
  /** An export begins: what follows is its own, until the next. */
  startExport(name: string, declared: readonly NameRef[]): void;
  line(text: string): void;
  name(ref: NameRef): void;
  /**
   * The current part reaches an own type: true when it is met for the first time, and the
   * caller expands it between `enter` (done here) and `leave`.
   */
  reach(type: T, name: string): boolean;
  leave(): void;
  /**
   * The parts; `cut`: the description stopped at a limit, so the export being described then
   * is left out, and so is every own type no export kept reaches (it may be incomplete).
   */
  finish(cut?: boolean): SurfaceParts;
}

export function createPartsRecorder<T>(): PartsRecorder<T> {
  const exports = new Map<string, OpenPart>();
  const locals = new Map<string, OpenPart>();
  let last: string | undefined;
  const keys = new Map<T, string>();
  const stack: OpenPart[] = [];
  const open = (declared?: readonly NameRef[]): OpenPart => ({
    lines: [],
    reaches: new Set(),
    names: new Map(),
    ...(declared ? { declared } : {}),
  });
  const current = (): OpenPart | undefined => stack[stack.length - 1];
  const close = (part: OpenPart): SurfacePart => ({
    text: part.lines.join('\n'),
    reaches: [...part.reaches],
    names: [...part.names.values()],
  });
  return {
    startExport(name, declared) {
      last = name;
      const part = open(declared);
      exports.set(name, part);
      stack.length = 0;
      stack.push(part);
    },
    line(text) {
      current()?.lines.push(text);
    },
    name(ref) {
      current()?.names.set(`${ref[0]}\u0000${ref[1]}`, ref);
    },
    reach(type, name) {
      const known = keys.get(type);
      if (known !== undefined) {
        current()?.reaches.add(known);
        return false;
      }
      let key = name;
      for (let n = 2; locals.has(key); n++) key = `${name}~${n}`;
      keys.set(type, key);
      current()?.reaches.add(key);
      const part = open();
      locals.set(key, part);
      stack.push(part);
      return true;
    },
    leave() {
      stack.pop();
    },
    finish(cut = false) {
      if (cut && last !== undefined) exports.delete(last);
      const kept = new Set<string>();
      const stack = [...exports.values()].flatMap((part) => [...part.reaches]);
      while (stack.length) {
        const key = stack.pop() as string;
        if (kept.has(key)) continue;
        kept.add(key);
        stack.push(...(locals.get(key)?.reaches ?? []));
      }
      return {
        exports: new Map(
          [...exports].map(([name, part]) => [
            name,
            { ...close(part), declared: part.declared ?? [] },
          ]),
        ),
        locals: new Map(
          [...locals]
            .filter(([key]) => !cut || kept.has(key))
            .map(([key, part]) => [key, close(part)]),
        ),
      };
    },
  };
}

const refText = (ref: NameRef): string => `  uses ${ref[0]}#${ref[1]}`;

/** A part as compared: its lines, then what it names, in a stable order. */
function partText(part: SurfacePart): string {
  return [part.text, ...part.names.map(refText).sort()].join('\n');
}

/**
 * The module's own types as compared, by declared name: every chunk of that name (anonymous
 * types share one), in a stable order. Keys are not compared: they number types of one name
 * in the order they were met, which an unrelated change elsewhere in the module shifts.
 */
export function localTexts(parts: SurfaceParts): Map<string, string> {
  const byName = new Map<string, string[]>();
  for (const [key, part] of parts.locals)
    byName.set(keyName(key), [...(byName.get(keyName(key)) ?? []), partText(part)]);
  return new Map([...byName].map(([name, texts]) => [name, texts.sort().join('\n')]));
}

/**
 * An export's whole text: its own part and every own type it reaches, transitively, each
 * once and in a stable order (not by key, see localTexts); undefined when the module has no
 * such export.
 */
export function exportText(parts: SurfaceParts, name: string): string | undefined {
  const part = parts.exports.get(name);
  if (!part) return undefined;
  const reached = new Set<string>();
  const stack = [...part.reaches];
  while (stack.length) {
    const key = stack.pop() as string;
    if (reached.has(key)) continue;
    reached.add(key);
    stack.push(...(parts.locals.get(key)?.reaches ?? []));
  }
  const chunks = [...reached].map((key) => {
    const local = parts.locals.get(key);
    return local ? partText(local) : '';
  });
  return [
    partText(part),
    ...part.declared.map((ref) => `  declared ${ref[0]}#${ref[1]}`),
    ...chunks.sort(),
  ].join('\n');
}
