// The two walks over names that name-changes.ts runs: whether a name reaches a changed one
// through what surfaces name (remembered between questions), and the names a changed file
// passes on through the files that export them again.
// Runs inside the TypeScript check worker.
import type { ImportUse } from './import-uses';
import type { NameRef } from './surface-parts';

/** A name of a file as one key. */
export const nameKey = (file: string, name: string): string => `${file}\u0000${name}`;

/**
 * Whether a name reaches a changed one through what its parts name and reach, remembered:
 * reached answers stay true; answers that reached nothing are forgotten when changes grow.
 */
export function reachability(
  isSeed: (file: string, name: string) => boolean,
  next: (file: string, name: string) => NameRef[],
  throwIfCancelled: () => void,
): { reaches(file: string, name: string): boolean; forget(): void } {
  const reaching = new Set<string>();
  const notReaching = new Set<string>();
  const reaches = (file: string, name: string): boolean => {
    const start = nameKey(file, name);
    if (reaching.has(start)) return true;
    if (notReaching.has(start)) return false;
    const visited = new Set([start]);
    const stack: NameRef[] = [[file, name]];
    while (stack.length) {
      const [f, n] = stack.pop() as NameRef;
      throwIfCancelled();
      if (isSeed(f, n) || reaching.has(nameKey(f, n))) {
        reaching.add(start);
        return true;
      }
      for (const ref of next(f, n)) {
        const k = nameKey(ref[0], ref[1]);
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
