// TypeScript 7's side of the affected-files walk: the same facts the 5.x/6.x
// checker works from (export-surface.ts, affected-files.ts), read through
// TypeScript 7's checker API instead of the compiler's objects:
// - the importer graph as TypeScript resolves it, with the names each importer uses
//   (native-importer-graph.ts);
// - a module's export surface as text, by export name (surface-parts.ts), and the other project
//   files its types name, so a comment or body edit checks one file while a changed type
//   reaches the importers that use it, importers of modules that pass the type on, subclasses
//   and barrels.
// Every call here is a round trip to the native process; the disk side is computed in the
// background (the checker's prepareStep) and kept per disk state. The surface by name is
// recorded from the same calls as the text: none more.
// Runs inside the TypeScript check worker.
import { walkSurfaces } from './affected-files';
import type { ShapeComparer } from './declaration-shape';
import type { LocalSurface, SurfaceReader } from './export-surface';
import type { ImporterGraph, ImportSyntaxFile, ImportSyntaxKinds } from './import-uses';
import type { StatementFile } from './inferred-names';
import { nativeImporterGraph } from './native-importer-graph';
import {
  createPartsRecorder,
  flagsText,
  memberName,
  memberText,
  type NameRef,
} from './surface-parts';

/** The pieces of `typescript/unstable/sync` used here (structural: the package is the project's). */
export interface NativeNodeHandle {
  readonly path: string;
}
export interface NativeSymbol {
  readonly id: number;
  readonly name: string;
  readonly flags: number;
  readonly declarations?: readonly NativeNodeHandle[];
  readonly valueDeclaration?: NativeNodeHandle;
  /** The symbol that declares it (a member's type); one call when not yet known. */
  getParent?(): NativeSymbol | undefined;
}
export interface NativeSignature {
  getParameters(): readonly NativeSymbol[];
  readonly isAbstract?: boolean;
}
export interface NativeType {
  readonly id: number;
  readonly flags: number;
  readonly objectFlags: number;
  getSymbol(): NativeSymbol | undefined;
  getAliasSymbol(): NativeSymbol | undefined;
  getAliasTypeArguments(): readonly NativeType[];
  getTypes(): readonly NativeType[] | undefined;
  isUnionType(): boolean;
  isIntersectionType(): boolean;
  isClassOrInterface(): boolean;
}
export interface NativeTypeChecker {
  getSymbolAtLocation(nodes: readonly unknown[]): (NativeSymbol | undefined)[];
  getSymbolAtLocation(node: unknown): NativeSymbol | undefined;
  getExportsOfModule(symbol: NativeSymbol): readonly NativeSymbol[];
  getAliasedSymbol(symbol: NativeSymbol): NativeSymbol;
  getTypeOfSymbol(symbol: NativeSymbol): NativeType | undefined;
  getDeclaredTypeOfSymbol(symbol: NativeSymbol): NativeType;
  typeToString(type: NativeType, enclosing?: unknown, flags?: number): string;
  getBaseTypes(type: NativeType): readonly NativeType[];
  getPropertiesOfType(type: NativeType): readonly NativeSymbol[];
  getSignaturesOfType(type: NativeType, kind: number): readonly NativeSignature[];
  getReturnTypeOfSignature(signature: NativeSignature): NativeType | undefined;
  getIndexInfosOfType(
    type: NativeType,
  ): readonly { keyType: NativeType; valueType: NativeType; isReadonly: boolean }[];
  getTypeArguments(type: NativeType): readonly NativeType[];
}
/** A module specifier (or augmented module's name) node of TypeScript 7's tree. */
export interface NativeSpecifier {
  readonly text: string;
  readonly pos: number;
  readonly end: number;
}
export interface NativeSourceFile extends ImportSyntaxFile {
  readonly imports?: readonly NativeSpecifier[];
  readonly moduleAugmentations?: readonly NativeSpecifier[];
}
export interface NativeSurfaceProgram {
  getSourceFile(file: string): NativeSourceFile | undefined;
  getSourceFileNames(): readonly string[];
}

// TypeScript's own numbers (unchanged from 5.x to 7.x).
const ALIAS = 2097152;
const VALUE = 111551;
const TYPE = 788968;
const CLASS = 32;
const INTERFACE = 64;
const OBJECT_TYPE = 1 << 20;
const REFERENCE = 1 << 2;
const CALL = 0;
const CONSTRUCT = 1;
/** NoTruncation | UseFullyQualifiedType: the whole type, names qualified by their module. */
const TYPE_TEXT = 1 | 256;
/**
 * A surface is described up to this (effect's `Schema.ts` would print 4.3 MB of types, its
 * `Effect.ts` 0.8 MB): past it, the text is kept as no other surface's (the file counts as
 * differing) and the parts of the exports described so far (surface-parts.ts), which costs
 * less than printing it all and keeps the native process's memory in bounds.
 */
const MAX_SURFACE_CHARS = 1024 * 1024;
const MAX_PARTS = 20_000;
let tooLarge = 0;

/** A module's export surface through TypeScript 7's checker; null text for a script. */
export function nativeSurface(
  program: NativeSurfaceProgram,
  checker: NativeTypeChecker,
  file: string,
  isProjectFile: (file: string) => boolean,
): LocalSurface {
  const source = program.getSourceFile(file);
  const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
  if (!moduleSymbol) return { text: null, named: [] };
  const parts: string[] = [];
  let size = 0;
  // The same lines by export and own type (an own type is known by its symbol's id).
  const recorder = createPartsRecorder<number>();
  const line = (part: string): void => {
    parts.push(part);
    size += part.length;
  };
  const add = (part: string): void => {
    line(part);
    recorder.line(part);
  };
  const full = (): boolean => parts.length > MAX_PARTS || size > MAX_SURFACE_CHARS;
  const named = new Set<string>();
  const text = (type: NativeType | undefined): string =>
    type ? checker.typeToString(type, undefined, TYPE_TEXT) : '-';
  const declaredHere = (symbol: NativeSymbol): boolean =>
    (symbol.declarations ?? []).some((d) => d.path === file);
  /** Other project files declaring `symbol`: in the text once each, in the part under `as`. */
  const nameFile = (symbol: NativeSymbol, as = symbol.name): void => {
    for (const d of symbol.declarations ?? []) {
      if (d.path === file || !isProjectFile(d.path)) continue;
      recorder.name([d.path, as]);
      if (named.has(d.path)) continue;
      named.add(d.path);
      line(`  uses ${d.path}`);
    }
  };
  const describeSignature = (signature: NativeSignature, depth: number): void => {
    describeType(checker.getReturnTypeOfSignature(signature), depth + 1);
    for (const parameter of signature.getParameters())
      describeType(checker.getTypeOfSymbol(parameter), depth + 1);
  };
  const describeType = (type: NativeType | undefined, depth: number): void => {
    if (!type || full() || depth > 6) return;
    if (type.isUnionType() || type.isIntersectionType())
      for (const t of type.getTypes() ?? []) describeType(t, depth + 1);
    const references =
      type.flags & OBJECT_TYPE && type.objectFlags & REFERENCE
        ? checker.getTypeArguments(type)
        : [];
    for (const argument of [...references, ...type.getAliasTypeArguments()])
      describeType(argument, depth + 1);
    const symbol = type.getAliasSymbol() ?? type.getSymbol();
    if (!symbol) return;
    if (!declaredHere(symbol)) {
      nameFile(symbol);
      return;
    }
    if (!recorder.reach(symbol.id, symbol.name)) return;
    add(`  type ${symbol.name} flags=${flagsText(symbol.flags)}`);
    const targets = [type];
    if (symbol.flags & (CLASS | INTERFACE)) targets.push(checker.getDeclaredTypeOfSymbol(symbol));
    for (const target of targets) {
      for (const base of target.isClassOrInterface() ? checker.getBaseTypes(target) : []) {
        add(`    extends ${text(base)}`);
        describeType(base, depth + 1);
      }
      for (const [kind, word] of [
        [CALL, 'call'],
        [CONSTRUCT, 'new'],
      ] as const)
        for (const signature of checker.getSignaturesOfType(target, kind)) {
          add(`    ${word}${signature.isAbstract ? ' abstract' : ''}`);
          describeSignature(signature, depth);
        }
      for (const info of checker.getIndexInfosOfType(target)) {
        add(`    index ${text(info.keyType)} ${text(info.valueType)} ${info.isReadonly}`);
        describeType(info.valueType, depth + 1);
      }
      for (const property of checker.getPropertiesOfType(target)) {
        // An inherited member's text depends on the file that declares it.
        if (!declaredHere(property))
          nameFile(property, memberName(property.name, property.getParent?.()?.name));
        const propertyType = checker.getTypeOfSymbol(property);
        add(
          `    ${memberText(property.name)} flags=${flagsText(property.flags)}: ${text(propertyType)}`,
        );
        describeType(propertyType, depth + 1);
      }
    }
    recorder.leave();
  };
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    if (full()) break;
    const symbol = exported.flags & ALIAS ? checker.getAliasedSymbol(exported) : exported;
    const valueType = symbol.flags & VALUE ? checker.getTypeOfSymbol(symbol) : undefined;
    const declared =
      symbol.flags & (TYPE | CLASS) ? checker.getDeclaredTypeOfSymbol(symbol) : undefined;
    const at = new Set((symbol.declarations ?? []).map((d) => d.path));
    recorder.startExport(
      exported.name,
      [...at].map((path): NameRef => [path, symbol.name]),
    );
    add(
      `export ${exported.name} flags=${flagsText(symbol.flags)} value=${text(valueType)} type=${text(declared)}`,
    );
    // A re-exported symbol (a barrel) names its own file, whose surface is compared.
    nameFile(symbol);
    describeType(valueType, 0);
    describeType(declared, 0);
  }
  // Too large to keep: a text no other surface equals (the file counts as differing), and the
  // parts of the exports described before the limit.
  const cut = full();
  const whole = cut ? `\u0000too large ${++tooLarge}` : parts.join('\n');
  const kept = { text: whole, named: [...named], parts: recorder.finish(cut) };
  return cut ? { ...kept, partial: true as const } : kept;
}

/** A module that declares globals or augments another: its changes reach every file. */
const GLOBAL_SCOPE = /^\s*declare\s+(global\b|module\s+['"])/m;

/** One TypeScript 7 project as seen here: its program and its checker. */
export interface NativeSurfaceProject {
  readonly configFileName: string;
  readonly program: NativeSurfaceProgram;
  readonly checker: NativeTypeChecker;
}

export interface NativeDiskSides {
  graphOf(project: NativeSurfaceProject): ImporterGraph;
  diskSurfaces(project: NativeSurfaceProject): SurfaceReader;
  /** Whether every changed file keeps its declarations' shape (then only they are affected). */
  keepsShape(
    disk: NativeSurfaceProject,
    proposed: NativeSurfaceProject,
    changed: readonly string[],
  ): boolean;
  /**
   * The changed files, then every importer that uses a name the change alters, transitively
   * (affected-files.ts). The caller asks keepsShape first: when it holds, only the changed
   * files are affected.
   */
  affected(
    disk: NativeSurfaceProject,
    proposed: NativeSurfaceProject,
    changed: readonly string[],
    extra: ReadonlyMap<string, readonly string[]>,
  ): string[];
  /** The disk changed: everything computed from it is dropped. */
  reset(): void;
}

/** The disk side's graphs and surfaces, kept per disk state and program. */
export function createNativeDiskSides(options: {
  readonly isProjectFile: (file: string) => boolean;
  /** A changed file's texts: [proposed, on disk]. */
  readonly texts: (file: string) => readonly [string, string];
  /** Whether two texts of a file provably declare the same types (declaration-shape.ts). */
  readonly sameShape?: ShapeComparer;
  /** The compiler's kind numbers, to read what each import uses; without them, all. */
  readonly kinds?: ImportSyntaxKinds;
}): NativeDiskSides {
  /** Per disk state and program: the importer graph and each file's export surface. */
  let diskSides = new Map<string, { graph?: ImporterGraph; surfaces: Map<string, LocalSurface> }>();
  const sideOf = (configFileName: string) => {
    let side = diskSides.get(configFileName);
    if (!side) diskSides.set(configFileName, (side = { surfaces: new Map() }));
    return side;
  };
  const graphOf = (project: NativeSurfaceProject): ImporterGraph => {
    const side = sideOf(project.configFileName);
    side.graph ??= nativeImporterGraph(
      project.program,
      project.checker,
      options.isProjectFile,
      options.kinds,
    );
    return side.graph;
  };
  /** Surfaces of one program, kept in `memo` (the disk state's, or one proposal's). */
  const readerOf = (
    project: NativeSurfaceProject,
    memo: Map<string, LocalSurface>,
  ): SurfaceReader => ({
    localOf(file) {
      let surface = memo.get(file);
      if (!surface) {
        surface = nativeSurface(project.program, project.checker, file, options.isProjectFile);
        memo.set(file, surface);
      }
      return surface;
    },
  });
  const diskSurfaces = (project: NativeSurfaceProject): SurfaceReader =>
    readerOf(project, sideOf(project.configFileName).surfaces);

  /** Every changed file keeps its declarations' shape: no importer can see a difference. */
  const keepsShape = (
    disk: NativeSurfaceProject,
    proposed: NativeSurfaceProject,
    changed: readonly string[],
  ): boolean => {
    if (!options.sameShape) return false;
    const inDisk = new Set(disk.program.getSourceFileNames());
    const inProposed = new Set(proposed.program.getSourceFileNames());
    return changed.every((file) => {
      const [proposedText, diskText] = options.texts(file);
      return (
        inDisk.has(file) &&
        inProposed.has(file) &&
        options.sameShape?.(file, diskText, proposedText) === true
      );
    });
  };

  const affected = (
    disk: NativeSurfaceProject,
    proposed: NativeSurfaceProject,
    changed: readonly string[],
    extra: ReadonlyMap<string, readonly string[]>,
  ): string[] => {
    const inDisk = new Set(disk.program.getSourceFileNames());
    const inProposed = new Set(proposed.program.getSourceFileNames());
    const inProgram = (file: string): boolean => inDisk.has(file) || inProposed.has(file);
    // A created file may be in another program (its folder's config): it is checked there.
    const start = new Set(changed);
    const before = diskSurfaces(disk);
    const after = readerOf(proposed, new Map());
    const global = [...start].some(
      (file) =>
        (inDisk.has(file) && before.localOf(file).text === null) ||
        (inProposed.has(file) && after.localOf(file).text === null) ||
        options.texts(file).some((text) => GLOBAL_SCOPE.test(text)),
    );
    if (global) return [...new Set([...inDisk, ...inProposed])].filter(options.isProjectFile);
    return [
      ...walkSurfaces(
        {
          changed: [...start],
          graph: graphOf(disk),
          extraImporters: extra,
          diskSurfaces: before,
          overlaySurfaces: after,
          syntaxOf: (file) => disk.program.getSourceFile(file) as StatementFile | undefined,
          overlaySyntaxOf: (file) =>
            proposed.program.getSourceFile(file) as StatementFile | undefined,
          ...(options.kinds ? { kinds: options.kinds } : {}),
          throwIfCancelled: () => undefined,
        },
        start,
        inProgram,
      ),
    ];
  };

  return {
    graphOf,
    diskSurfaces,
    keepsShape,
    affected,
    reset: () => {
      diskSides = new Map();
    },
  };
}
