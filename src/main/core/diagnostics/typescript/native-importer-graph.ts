// TypeScript 7's importer graph: each project file's module specifiers (and the modules it
// augments) resolved as TypeScript resolves them (the symbol of each specifier leads to the
// module's file: `paths`, package names, project references, `index` files), with what the
// importer uses of each (import-uses.ts). One checker call per file. Without the compiler's
// kind numbers (an API that does not ship them where expected) every import uses all.
// Runs inside the TypeScript check worker.
import {
  addImport,
  importUses,
  USES_ALL,
  type ImporterGraph,
  type ImportSyntaxKinds,
} from './import-uses';
import type { ImportSyntaxFile } from './import-uses';

// What the graph reads of TypeScript 7's objects, described here (structurally, as narrow as
// it reads them) so that this file does not import the surface module that imports it.
interface NativeSpecifier {
  readonly text: string;
  readonly pos: number;
  readonly end: number;
}
interface NativeSourceFile extends ImportSyntaxFile {
  readonly imports?: readonly NativeSpecifier[];
  readonly moduleAugmentations?: readonly NativeSpecifier[];
}
interface GraphProgram {
  getSourceFile(file: string): NativeSourceFile | undefined;
  getSourceFileNames(): readonly string[];
}
interface GraphSymbol {
  readonly declarations?: readonly { readonly path: string }[];
  readonly valueDeclaration?: { readonly path: string };
}
interface GraphChecker {
  getSymbolAtLocation(nodes: readonly unknown[]): (GraphSymbol | undefined)[];
}

const RESOLVE_SUFFIXES = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '/index.ts', '/index.tsx'];

/** file → the project files that import it and what each uses of it. */
export function nativeImporterGraph(
  program: GraphProgram,
  checker: GraphChecker,
  isProjectFile: (file: string) => boolean,
  kinds: ImportSyntaxKinds | undefined,
): ImporterGraph {
  const files = program.getSourceFileNames();
  const known = new Set(files);
  const graph: ImporterGraph = new Map();
  for (const file of files) {
    if (!isProjectFile(file)) continue;
    const source = program.getSourceFile(file);
    const specifiers = [...(source?.imports ?? []), ...augmented(source)];
    if (!source || !specifiers.length) continue;
    const useOf = kinds ? importUses(source, kinds) : () => USES_ALL;
    const symbols = checker.getSymbolAtLocation([...specifiers]);
    specifiers.forEach((specifier, i) => {
      const symbol = symbols[i];
      const declared = symbol?.valueDeclaration?.path ?? symbol?.declarations?.[0]?.path;
      // A module TypeScript could not resolve to a symbol (a syntax error in it), or the
      // augmentation itself: by path.
      const target =
        declared && declared !== file
          ? declared
          : specifier.text.startsWith('.')
            ? byPath(known, file, specifier.text)
            : undefined;
      if (target && target !== file && isProjectFile(target))
        addImport(graph, target, file, useOf(specifier));
    });
  }
  return graph;
}

/** The `declare module './x'` names of a file (not `declare global`). */
function augmented(source: NativeSourceFile | undefined): NativeSpecifier[] {
  return (source?.moduleAugmentations ?? []).filter(
    (node) => typeof node.text === 'string' && node.text !== 'global',
  );
}

function byPath(known: ReadonlySet<string>, file: string, specifier: string): string | undefined {
  const base = joinRelative(file, specifier.replace(/\.(m|c)?jsx?$/, ''));
  return [base, ...RESOLVE_SUFFIXES.map((s) => base + s)].find((f) => known.has(f));
}

function joinRelative(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
