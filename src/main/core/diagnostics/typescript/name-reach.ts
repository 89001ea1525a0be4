// The two walks over names that name-changes.ts runs: whether a name reaches a changed one
// through what surfaces name (explored once, kept up to date as changes grow), and the names
// a changed file passes on through the files that export them again.
// Runs inside the TypeScript check worker.
import type { ImportUse } from './import-uses';
import type { NameRef } from './surface-parts';

/** A name of a file as one key. */
export const nameKey = (file: string, name: string): string => `${file}\u0000${name}`;

export interface Reachability {
  /** Whether the name reaches a changed one through what surfaces name. */
  reaches(file: string, name: string): boolean;
  /**
   * Changes grew: `seeds` are names that changed since, `files` files every name of which
   * did; the answers given so far are brought up to date before the next question.
   */
  grown(news: { readonly seeds: readonly NameRef[]; readonly files: readonly string[] }): void;
}

/**
 * Whether a name reaches a changed one through what its parts name and reach. Every name
 * asked about is explored once, with all it leads to, and its edges are kept backwards, so
 * the names that reach a change are found by walking back from each seed; when changes grow
 * only the new seeds are walked back, and the edges of `mayGrow` files (a changed file's,
 * which depend on what else changed) read again, never the whole graph.
 */
export function reachability(
  isSeed: (file: string, name: string) => boolean,
  next: (file: string, name: string) => NameRef[],
  throwIfCancelled: () => void,
  mayGrow: (file: string) => boolean = () => false,
): Reachability {
  const explored = new Set<string>();
  /** Explored names by file (for a file every name of which changed). */
  const byFile = new Map<string, string[]>();
  const predecessors = new Map<string, string[]>();
  const reaching = new Set<string>();
  /** Explored names that may take more edges later, with the edges they have. */
  const growing = new Map<string, { readonly ref: NameRef; readonly out: Set<string> }>();

  const mark = (k: string): void => {
    if (reaching.has(k)) return;
    reaching.add(k);
    const stack = [k];
    while (stack.length) {
      for (const p of predecessors.get(stack.pop() as string) ?? []) {
        if (reaching.has(p)) continue;
        reaching.add(p);
        stack.push(p);
      }
    }
  };
  /** Adds the edges from `k` to `targets` (but those in `known`); returns the targets added. */
  const link = (k: string, targets: readonly NameRef[], known?: Set<string>): NameRef[] => {
    const fresh: NameRef[] = [];
    for (const ref of targets) {
      const t = nameKey(ref[0], ref[1]);
      if (known) {
        if (known.has(t)) continue;
        known.add(t);
      }
      const back = predecessors.get(t);
      if (back) back.push(k);
      else predecessors.set(t, [k]);
      if (reaching.has(t)) mark(k);
      fresh.push(ref);
    }
    return fresh;
  };
  /**
   * Names still to explore: kept between questions, so a question cut short (cancelled, or a
   * name's edges that could not be read) leaves every explored name's successors explored or
   * here, and the next question goes on from them.
   */
  const frontier: NameRef[] = [];
  /** Explores every name `from` leads to that was not explored yet. */
  const explore = (from: readonly NameRef[]): void => {
    frontier.push(...from);
    while (frontier.length) {
      throwIfCancelled();
      const ref = frontier[frontier.length - 1] as NameRef;
      const k = nameKey(ref[0], ref[1]);
      if (explored.has(k)) {
        frontier.pop();
        continue;
      }
      const targets = next(ref[0], ref[1]);
      frontier.pop();
      explored.add(k);
      const ofFile = byFile.get(ref[0]);
      if (ofFile) ofFile.push(k);
      else byFile.set(ref[0], [k]);
      let known: Set<string> | undefined;
      if (mayGrow(ref[0])) growing.set(k, { ref, out: (known = new Set()) });
      if (isSeed(ref[0], ref[1])) mark(k);
      for (const target of link(k, targets, known))
        if (!explored.has(nameKey(target[0], target[1]))) frontier.push(target);
    }
  };
  return {
    reaches(file, name) {
      explore([[file, name]]);
      return reaching.has(nameKey(file, name));
    },
    grown({ seeds, files }) {
      for (const [file, name] of seeds) {
        const k = nameKey(file, name);
        if (explored.has(k)) mark(k);
      }
      for (const file of files) for (const k of byFile.get(file) ?? []) mark(k);
      for (const [k, { ref, out }] of growing)
        if (!reaching.has(k)) explore(link(k, next(ref[0], ref[1]), out));
    },
  };
}

/**
 * Names a changed file added, removed or changed, passed on through the files that export
 * them again (`export { a } from`, `export *`), transitively.
 */
export function passOn(
  graph: ReadonlyMap<string, ReadonlyMap<string, ImportUse>>,
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
