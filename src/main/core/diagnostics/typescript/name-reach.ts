// The two walks over names that name-changes.ts runs: whether a name reaches a changed one
// through what surfaces name (explored once, kept up to date as changes grow), and the names a changed file
// passes on through the files that export them again.
// Runs inside the TypeScript check worker.
import type { ImportUse } from './import-uses';
import type { NameRef } from './surface-parts';

/** A name of a file as one key. */
export const nameKey = (file: string, name: string): string => `${file}\u0000${name}`;

export interface Reachability {
  /** Whether the name reaches a changed one through what surfaces name. */
  reaches(file: string, name: string): boolean;
  /**
   * Changes grew (more seeds, or more edges from the files whose edges may grow): the answers
   * given so far are brought up to date before the next question.
   */
  grown(): void;
}

/**
 * Whether a name reaches a changed one through what its parts name and reach. Every name
 * asked about is explored once, with all it leads to, and its edges are kept (forward and
 * back), so the names that reach a change are found by walking back from each seed; when
 * changes grow only the new seeds, and the edges of `mayGrow` files (a changed file's, which
 * depend on what else changed), are walked again, never the whole graph.
 */
export function reachability(
  isSeed: (file: string, name: string) => boolean,
  next: (file: string, name: string) => NameRef[],
  throwIfCancelled: () => void,
  mayGrow: (file: string) => boolean = () => false,
): Reachability {
  /** Explored names: each one's successors (keys), and its reference. */
  const successors = new Map<string, Set<string>>();
  const refs = new Map<string, NameRef>();
  const predecessors = new Map<string, string[]>();
  const reaching = new Set<string>();
  /** Explored names that may take more edges later. */
  const growing: string[] = [];

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
  /** Adds the edges from `k` to `targets` it does not have yet; returns the new targets. */
  const link = (k: string, targets: readonly NameRef[]): NameRef[] => {
    const out = successors.get(k) as Set<string>;
    const fresh: NameRef[] = [];
    for (const ref of targets) {
      const t = nameKey(ref[0], ref[1]);
      if (out.has(t)) continue;
      out.add(t);
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
      if (successors.has(k)) {
        frontier.pop();
        continue;
      }
      const targets = next(ref[0], ref[1]);
      frontier.pop();
      successors.set(k, new Set());
      refs.set(k, ref);
      if (mayGrow(ref[0])) growing.push(k);
      if (isSeed(ref[0], ref[1])) mark(k);
      for (const target of link(k, targets))
        if (!successors.has(nameKey(target[0], target[1]))) frontier.push(target);
    }
  };
  return {
    reaches(file, name) {
      explore([[file, name]]);
      return reaching.has(nameKey(file, name));
    },
    grown() {
      for (const [k, ref] of refs) if (!reaching.has(k) && isSeed(ref[0], ref[1])) mark(k);
      for (const k of growing) {
        if (reaching.has(k)) continue;
        const ref = refs.get(k) as NameRef;
        explore(link(k, next(ref[0], ref[1])));
      }
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
