// Which files' errors a change can alter, found in the TypeScript program itself: the
// changed files, then the importers of every file whose export surface differs between the
// disk program and the overlay program (export-surface.ts), transitively. That
// reaches importers through `export *` barrels (a barrel's surface names its sources), subclasses and implementers (their members are part of their surface) and
// types that travel through a module that only re-uses them. A changed file that declares
// globals or augments a module reaches every file of the program.
// Runs inside the TypeScript check worker.
import type * as TypeScript from 'typescript';
import { affectsGlobalScope, type SurfaceReader } from './export-surface';

type ResolvingProgram = TypeScript.Program & {
  getResolvedModuleFromModuleSpecifier?: (
    specifier: TypeScript.StringLiteralLike,
    file: TypeScript.SourceFile,
  ) => TypeScript.ResolvedModuleWithFailedLookupLocations | undefined;
};

/** Module specifiers of a file: import/export declarations, `import x = require`, import() and import types. */
function specifiersOf(
  ts: typeof TypeScript,
  source: TypeScript.SourceFile,
): TypeScript.StringLiteralLike[] {
  const internal = (source as unknown as { imports?: readonly TypeScript.StringLiteralLike[] })
    .imports;
  if (internal) return [...internal];
  const out: TypeScript.StringLiteralLike[] = [];
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

/** file → the files that import it, for the program's own (non-library) files. */
export function importerGraph(
  ts: typeof TypeScript,
  program: TypeScript.Program,
  isProjectFile: (file: string) => boolean,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const p = program as ResolvingProgram;
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(program.getCurrentDirectory(), (f) => f, options);
  for (const source of program.getSourceFiles()) {
    if (!isProjectFile(source.fileName)) continue;
    for (const specifier of specifiersOf(ts, source)) {
      const resolved =
        p.getResolvedModuleFromModuleSpecifier?.(specifier, source)?.resolvedModule ??
        ts.resolveModuleName(specifier.text, source.fileName, options, ts.sys, cache)
          .resolvedModule;
      const target = resolved?.resolvedFileName;
      if (!target || !isProjectFile(target)) continue;
      let importers = graph.get(target);
      if (!importers) graph.set(target, (importers = new Set()));
      importers.add(source.fileName);
    }
  }
  return graph;
}

/** What the walk needs, whichever compiler gave it (5.x/6.x objects, or TypeScript 7's API). */
export interface SurfaceWalkInput {
  readonly changed: readonly string[];
  readonly graph: ReadonlyMap<string, ReadonlySet<string>>;
  /** More importers of the changed files (from the symbol index), absolute paths. */
  readonly extraImporters: ReadonlyMap<string, readonly string[]>;
  readonly diskSurfaces: SurfaceReader;
  readonly overlaySurfaces: SurfaceReader;
  readonly throwIfCancelled: () => void;
}

export interface AffectedInput extends SurfaceWalkInput {
  readonly disk: TypeScript.Program;
  readonly overlay: TypeScript.Program;
  readonly isProjectFile: (file: string) => boolean;
}

/**
 * Whether a file's export surface can differ between the two programs: only the changed
 * files' surfaces are computed on both sides; any other file differs exactly when the files
 * its surface names lead (transitively) to a changed file whose surface text differs.
 * Order-independent, and a one-file edit never re-describes every type it reaches.
 */
function surfaceChange(input: SurfaceWalkInput): (file: string) => boolean {
  const changed = new Set(input.changed);
  const differing = new Set(
    input.changed.filter(
      (f) => input.diskSurfaces.localOf(f).text !== input.overlaySurfaces.localOf(f).text,
    ),
  );
  const named = (file: string): readonly string[] =>
    changed.has(file)
      ? [...input.diskSurfaces.localOf(file).named, ...input.overlaySurfaces.localOf(file).named]
      : input.diskSurfaces.localOf(file).named;
  const reaching = new Set<string>();
  return (file) => {
    if (differing.has(file) || reaching.has(file)) return true;
    const seen = new Set<string>([file]);
    const stack = [file];
    while (stack.length) {
      const current = stack.pop() as string;
      input.throwIfCancelled();
      for (const next of named(current)) {
        if (differing.has(next) || reaching.has(next)) {
          reaching.add(file);
          return true;
        }
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return false;
  };
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
    input,
    result,
    (file) => !!(disk.getSourceFile(file) || overlay.getSourceFile(file)),
  );
}

/**
 * From `start` (the changed files in a program), adds the importers of every file whose
 * surface differs, transitively; `inProgram` keeps importers the programs do not hold out.
 */
export function walkSurfaces(
  input: SurfaceWalkInput,
  start: ReadonlySet<string>,
  inProgram: (file: string) => boolean,
): Set<string> {
  const result = new Set(start);
  const differs = surfaceChange(input);
  const queue = [...result];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    input.throwIfCancelled();
    if (!differs(file)) continue;
    const importers = [...(input.graph.get(file) ?? []), ...(input.extraImporters.get(file) ?? [])];
    for (const importer of importers) {
      if (!inProgram(importer)) continue;
      result.add(importer);
      queue.push(importer);
    }
  }
  return result;
}
