// Which files depend on the changed ones, transitively, given "who imports this file".

/** The changed files and every file that imports one of them, directly or through others. */
export function dependentsOf(
  changed: Iterable<string>,
  importersOf: (file: string) => Iterable<string>,
): Set<string> {
  const result = new Set(changed);
  const queue = [...result];
  while (queue.length) {
    const file = queue.pop() as string;
    for (const importer of importersOf(file)) {
      if (result.has(importer)) continue;
      result.add(importer);
      queue.push(importer);
    }
  }
  return result;
}

/** Adds `from → to` to a reverse graph (importers of `to`). */
export function addImporter(graph: Map<string, Set<string>>, to: string, from: string): void {
  if (to === from) return;
  let set = graph.get(to);
  if (!set) graph.set(to, (set = new Set()));
  set.add(from);
}
