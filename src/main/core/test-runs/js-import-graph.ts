// Who imports a JavaScript/TypeScript file, from the import statements themselves (relative
// specifiers resolved as Node and bundlers do: extensions, index files, `.js` naming a `.ts`).
// The symbol index's findImporters, when the service has one, adds edges this cannot see
// (path aliases); it never removes any.
import path from 'node:path';
import { addImporter, forEachFileText } from './reverse-closure';

export const JS_SOURCE = /\.(?:[cm]?[jt]sx?)$/u;

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+|\b(?:vi|jest)\.mock\(\s*)['"]([^'"\n]+)['"]/gu;

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export function jsSpecifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] as string);
}

/** The project file a relative specifier names, or null (packages, aliases, missing files). */
export function resolveRelative(
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (base.startsWith('..')) return null;
  const candidates = [base];
  const swapped = /\.(m|c)?js$/u.exec(base);
  if (swapped) {
    const stem = base.slice(0, -swapped[0].length);
    if (swapped[1]) candidates.push(`${stem}.${swapped[1]}ts`);
    else candidates.push(`${stem}.ts`, `${stem}.tsx`);
  }
  for (const ext of EXTENSIONS) candidates.push(`${base}${ext}`);
  for (const ext of EXTENSIONS) candidates.push(`${base}/index${ext}`);
  return candidates.find(exists) ?? null;
}

/** Importers of every project JS/TS file (project-relative, reverse edges). */
export function jsImportGraph(root: string, files: readonly string[]): Map<string, Set<string>> {
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  const isJsSource = (file: string): boolean => JS_SOURCE.test(file) && !file.endsWith('.d.ts');
  forEachFileText(root, files, isJsSource, (file, text) => {
    for (const specifier of jsSpecifiers(text)) {
      const target = resolveRelative(file, specifier, (f) => known.has(f));
      if (target) addImporter(graph, target, file);
    }
  });
  return graph;
}
