// Which files depend on the changed ones, transitively, given "who imports this file".
import { importerClosure } from '../diagnostics/importer-closure';

/** The changed files and every file that imports one of them, directly or through others. */
export function dependentsOf(
  changed: Iterable<string>,
  importersOf: (file: string) => Iterable<string>,
): Set<string> {
  return importerClosure(changed, importersOf);
}

/** Adds `from → to` to a reverse graph (importers of `to`). */
export function addImporter(graph: Map<string, Set<string>>, to: string, from: string): void {
  if (to === from) return;
  let set = graph.get(to);
  if (!set) graph.set(to, (set = new Set()));
  set.add(from);
}
