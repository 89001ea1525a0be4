// Which files' errors a change can alter, found in the TypeScript program itself: the
// changed files, then every importer that uses a name the change alters, transitively: an
// importer that takes all of a module (`import * as`, `export *`, forms not understood) when
// its surface differs at all, one that takes names (`import { a }`) when one of them changed
// (name-changes.ts, from the surfaces by name of export-surface.ts). From an importer the walk
// goes on with the names that changed in it: those it exports again, and those whose types
// name a changed declaration. That reaches importers through barrels, subclasses (a class
// whose base changed changes too) and types that travel through a module that only re-uses
// them. A changed file that declares globals or augments a module reaches every file of the
// program.
// Runs inside the TypeScript check worker.
import type * as TypeScript from 'typescript';
import { affectsGlobalScope, type SurfaceReader } from './export-surface';
import {
  addImport,
  importUses,
  USES_ALL,
  type ImporterGraph,
  type ImportSyntaxKinds,
  type ImportUse,
} from './import-uses';
import type { StatementFile } from './inferred-names';
import { nameChanges } from './name-changes';

type ResolvingProgram = TypeScript.Program & {
  getResolvedModuleFromModuleSpecifier?: (
    specifier: TypeScript.StringLiteralLike,
    file: TypeScript.SourceFile,
  ) => TypeScript.ResolvedModuleWithFailedLookupLocations | undefined;
};

/**
 * Module specifiers of a file: import/export declarations, `import x = require`, import() and
 * import types, and the modules it augments.
 */
function specifiersOf(
  ts: typeof TypeScript,
  source: TypeScript.SourceFile,
): TypeScript.StringLiteralLike[] {
  const internal = source as unknown as {
    imports?: readonly TypeScript.StringLiteralLike[];
    moduleAugmentations?: readonly TypeScript.Node[];
  };
  const augmented = (internal.moduleAugmentations ?? []).filter(ts.isStringLiteralLike);
  if (internal.imports) return [...internal.imports, ...augmented];
  const out: TypeScript.StringLiteralLike[] = [...augmented];
  for (const s of source.statements) {
    if (
      (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
      s.moduleSpecifier &&
      ts.isStringLiteralLike(s.moduleSpecifier)
    )
      out.push(s.moduleSpecifier);
    else if (
      ts.isImportEqualsDeclaration(s) &&
      ts.isExternalModuleReference(s.moduleReference) &&
      ts.isStringLiteralLike(s.moduleReference.expression)
    )
      out.push(s.moduleReference.expression);
  }
  return out;
}

/** file → the files that import it and what each uses of it, for the program's own files. */
export function importerGraph(
  ts: typeof TypeScript,
  program: TypeScript.Program,
  isProjectFile: (file: string) => boolean,
): ImporterGraph {
  const graph: ImporterGraph = new Map();
  const p = program as ResolvingProgram;
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (f) => f, options);
  for (const source of program.getSourceFiles()) {
    if (!isProjectFile(source.fileName)) continue;
    const useOf = importUses(source as unknown as Parameters<typeof importUses>[0], ts.SyntaxKind);
    for (const specifier of specifiersOf(ts, source)) {
      const resolved =
        p.getResolvedModuleFromModuleSpecifier?.(specifier, source)?.resolvedModule ??
        ts.resolveModuleName(specifier.text, source.fileName, options, ts.sys, cache)
          .resolvedModule;
      const target = resolved?.resolvedFileName;
      if (!target || target === source.fileName || !isProjectFile(target)) continue;
      addImport(graph, target, source.fileName, useOf(specifier));
    }
  }
  return graph;
}

/** What the walk needs, whichever compiler gave it (5.x/6.x objects, or TypeScript 7's API). */
export interface SurfaceWalkInput {
  readonly changed: readonly string[];
  readonly graph: ReadonlyMap<string, ReadonlyMap<string, ImportUse>>;
  /** More importers of the changed files (from the symbol index), absolute paths. */
  readonly extraImporters: ReadonlyMap<string, readonly string[]>;
  readonly diskSurfaces: SurfaceReader;
  readonly overlaySurfaces: SurfaceReader;
  /** A file's syntax in the disk program. */
  readonly syntaxOf: (file: string) => StatementFile | undefined;
  /** A changed file's syntax in the proposed program. */
  readonly overlaySyntaxOf?: (file: string) => StatementFile | undefined;
  /** The compiler's kind numbers, when known. */
  readonly kinds?: ImportSyntaxKinds;
  readonly throwIfCancelled: () => void;
}

export interface AffectedInput extends Omit<SurfaceWalkInput, 'syntaxOf' | 'overlaySyntaxOf'> {
  readonly disk: TypeScript.Program;
  readonly overlay: TypeScript.Program;
  readonly isProjectFile: (file: string) => boolean;
}

export function affectedFiles(ts: typeof TypeScript, input: AffectedInput): Set<string> {
  const { changed, disk, overlay } = input;
  const result = new Set<string>();
  for (const file of changed)
    if (disk.getSourceFile(file) || overlay.getSourceFile(file)) result.add(file);
  const global = changed.some((file) => {
    const sources = [disk.getSourceFile(file), overlay.getSourceFile(file)];
    return sources.some((s) => s && affectsGlobalScope(ts, s));
  });
  if (global) {
    for (const program of [disk, overlay])
      for (const s of program.getSourceFiles())
        if (input.isProjectFile(s.fileName)) result.add(s.fileName);
    return result;
  }
  return walkSurfaces(
    {
      ...input,
      syntaxOf: (file) => disk.getSourceFile(file) as unknown as StatementFile | undefined,
      overlaySyntaxOf: (file) =>
        overlay.getSourceFile(file) as unknown as StatementFile | undefined,
      kinds: ts.SyntaxKind,
    },
    result,
    (file) => !!(disk.getSourceFile(file) || overlay.getSourceFile(file)),
  );
}

/**
 * From `start` (the changed files in a program), adds every importer that can see the change,
 * transitively; `inProgram` keeps importers the programs do not hold out. The symbol index's
 * importers are taken as using all of the file. A file reached can make a name changed that was
 * not (what it infers, name-changes.ts): the importers left out are asked again until nothing
 * more changes.
 */
export function walkSurfaces(
  input: SurfaceWalkInput,
  start: ReadonlySet<string>,
  inProgram: (file: string) => boolean,
): Set<string> {
  const result = new Set(start);
  const changes = nameChanges(input);
  const importersOf = (file: string): [string, ImportUse][] => [
    ...(input.graph.get(file) ?? []),
    ...(input.extraImporters.get(file) ?? []).map((f): [string, ImportUse] => [f, USES_ALL]),
  ];
  const sees = (file: string, use: ImportUse): boolean =>
    use.names === 'all'
      ? changes.differs(file)
      : [...use.names].some((name) => changes.imported(file, name));
  let left: [string, string, ImportUse][] = [];
  const consider = (edges: [string, string, ImportUse][], queue: string[]): void => {
    for (const edge of edges) {
      const [file, importer, use] = edge;
      if (result.has(importer)) continue;
      if (!inProgram(importer)) continue;
      if (!sees(file, use)) {
        left.push(edge);
        continue;
      }
      result.add(importer);
      queue.push(importer);
    }
  };
  const queue = [...result];
  let version = changes.version();
  for (;;) {
    while (queue.length) {
      const file = queue.shift() as string;
      input.throwIfCancelled();
      const importers = importersOf(file);
      // Only a file with importers needs its own surfaces compared.
      if (!start.has(file) && importers.length) changes.reached(file);
      consider(
        importers.map(([importer, use]): [string, string, ImportUse] => [file, importer, use]),
        queue,
      );
    }
    changes.settle();
    if (changes.version() === version || !left.length) break;
    version = changes.version();
    const again = left;
    left = [];
    consider(again, queue);
  }
  return result;
}
