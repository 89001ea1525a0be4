// Reverse import graphs (who imports each file), built from the project files' texts, and
// which files depend on the changed ones, transitively, given "who imports this file".
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

/** Each project file `accepts` takes, with its text; a file that cannot be read is skipped. */
export function forEachFileText(
  root: string,
  files: readonly string[],
  accepts: (file: string) => boolean,
  visit: (file: string, text: string) => void,
): void {
  for (const file of files) {
    if (!accepts(file)) continue;
    let text: string;
    try {
      text = readFileSync(path.join(root, ...file.split('/')), 'utf8');
    } catch {
      continue;
    }
    visit(file, text);
  }
}

const forwardGraphs = new WeakMap<Map<string, Set<string>>, Map<string, Set<string>>>();

/** What `file` imports, itself included, transitively, by a reverse graph turned around. */
export function importsOf(file: string, reverse: Map<string, Set<string>>): string[] {
  let forward = forwardGraphs.get(reverse);
  if (!forward) {
    forward = new Map();
    for (const [to, froms] of reverse) for (const from of froms) addImporter(forward, from, to);
    forwardGraphs.set(reverse, forward);
  }
  return [...importerClosure([file], (f) => forward.get(f) ?? [])];
}
