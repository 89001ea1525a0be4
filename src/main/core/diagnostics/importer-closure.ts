// Which files a change reaches through imports, given "who imports this file": used by the
// checkers (which files to check again) and by the test selection (which tests to run).

/**
 * The changed files and the files that import them, breadth first in the order found.
 * `follows`: whether the importers of an importer are taken too (default: every one, so the
 * closure is transitive).
 */
export function importerClosure(
  changed: Iterable<string>,
  importersOf: (file: string) => Iterable<string>,
  follows: (importer: string) => boolean = () => true,
): Set<string> {
  const result = new Set(changed);
  const queue = [...result];
  while (queue.length) {
    const file = queue.shift() as string;
    for (const importer of importersOf(file)) {
      if (result.has(importer)) continue;
      result.add(importer);
      if (follows(importer)) queue.push(importer);
    }
  }
  return result;
}
