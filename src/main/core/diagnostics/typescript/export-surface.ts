// A module's export surface: everything an importer can see of it, as text. Two programs
// (on disk, with the change) that give a file the same surface cannot change the errors of
// the files that import it, so the affected set grows past a file only when its surface
// changed: a comment or a body edit that keeps every type checks one file; a renamed export,
// a changed parameter type, a base class's new abstract member or a barrel re-exporting any
// of these reaches the importers (and theirs, as far as surfaces keep changing).
// Types declared in the module itself are expanded member by member (also those not
// exported but reachable from an export); types of other modules are named, since their
// own surface is compared when they change.
// Types of other project files are named, and the files named are recorded: a surface
// "differs" when its own text differs or when it names (transitively) a changed file whose
// text differs, so a type that reaches an importer indirectly (`export function load():
// Config`, Config from a changed file) reaches that importer's importers too
// (affected-files.ts).
// Beside the text, the same surface by export name (surface-parts.ts), so a change reaches
// only the importers that use a name it changed (name-changes.ts).
// Runs inside the TypeScript check worker.
import type * as TypeScript from 'typescript';
import {
  createPartsRecorder,
  memberName,
  memberText,
  flagsText,
  type NameRef,
  type PartsRecorder,
  type SurfaceParts,
} from './surface-parts';

const MAX_PARTS = 20_000;

export interface LocalSurface {
  /** The surface as text; null for a script (no import/export) or a file not in the program. */
  readonly text: string | null;
  /** The other project files whose types the surface names. */
  readonly named: readonly string[];
  /** The surface by export name; absent for a script or a file not in the program. */
  readonly parts?: SurfaceParts;
  /** Cut short at a limit: `parts` holds only the exports described before it. */
  readonly partial?: true;
}

export interface SurfaceReader {
  localOf(file: string): LocalSurface;
}

/** Local surfaces of one program, memoised (a program never changes). */
export function createSurfaceReader(
  ts: typeof TypeScript,
  program: TypeScript.Program,
  isProjectFile: (file: string) => boolean,
): SurfaceReader {
  const memo = new Map<string, LocalSurface>();
  return {
    localOf(file) {
      let surface = memo.get(file);
      if (!surface) {
        surface = exportSurface(ts, program, file, isProjectFile);
        memo.set(file, surface);
      }
      return surface;
    },
  };
}

export function exportSurface(
  ts: typeof TypeScript,
  program: TypeScript.Program,
  file: string,
  isProjectFile: (file: string) => boolean,
): LocalSurface {
  const source = program.getSourceFile(file);
  if (!source) return { text: null, named: [] };
  const checker = program.getTypeChecker();
  const surface: Surface = {
    ts,
    checker,
    source,
    isProjectFile,
    parts: [],
    named: new Set(),
    recorder: createPartsRecorder(),
    flags:
      ts.TypeFormatFlags.NoTruncation |
      ts.TypeFormatFlags.UseFullyQualifiedType |
      ts.TypeFormatFlags.WriteArrowStyleSignature,
  };
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) {
    // A script (no import/export): its declarations are global; the caller treats any
    // change to it as affecting the whole program.
    return { text: null, named: [] };
  }
  let cut = false;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    describeExport(surface, exported);
    cut = surface.parts.length > MAX_PARTS;
    if (cut) break;
  }
  const named = [...surface.named].filter(isProjectFile);
  const text = surface.parts.join('\n');
  // Cut short: the exports not described have no part, and are looked up by what it names.
  if (cut) return { text, named, parts: surface.recorder.finish(true), partial: true };
  return { text, named, parts: surface.recorder.finish() };
}

/** One module's surface as it is written: its lines so far and what it has seen. */
interface Surface {
  readonly ts: typeof TypeScript;
  readonly checker: TypeScript.TypeChecker;
  readonly source: TypeScript.SourceFile;
  readonly isProjectFile: (file: string) => boolean;
  readonly parts: string[];
  /** Other files named so far. */
  readonly named: Set<string>;
  /** The same lines by export and own type; it knows the own types already expanded. */
  readonly recorder: PartsRecorder<TypeScript.Symbol>;
  readonly flags: TypeScript.TypeFormatFlags;
}

/** A line of the surface, and of the part being described. */
function add(surface: Surface, line: string): void {
  surface.parts.push(line);
  surface.recorder.line(line);
}

/**
 * The files that declare `symbol`, other than the module itself: in the text once each, and
 * in the current part under `as` (the symbol's name, or an inherited member's).
 */
function nameFile(surface: Surface, symbol: TypeScript.Symbol, as = symbol.name): void {
  for (const d of symbol.declarations ?? []) {
    const other = d.getSourceFile().fileName;
    if (other === surface.source.fileName) continue;
    if (surface.isProjectFile(other)) surface.recorder.name([other, as]);
    if (surface.named.has(other)) continue;
    surface.named.add(other);
    surface.parts.push(`  uses ${other}`);
  }
}

/** Where a symbol is declared, under its own name. */
function declaredAt(symbol: TypeScript.Symbol): NameRef[] {
  const files = new Set((symbol.declarations ?? []).map((d) => d.getSourceFile().fileName));
  return [...files].map((file) => [file, symbol.name] as const);
}

function typeText(surface: Surface, type: TypeScript.Type): string {
  return surface.checker.typeToString(type, undefined, surface.flags);
}

function declaredHere(surface: Surface, symbol: TypeScript.Symbol | undefined): boolean {
  return !!symbol?.declarations?.some((d) => d.getSourceFile() === surface.source);
}

function modifiers(ts: typeof TypeScript, symbol: TypeScript.Symbol): string {
  return (symbol.declarations ?? [])
    .map((d) => String(ts.getCombinedModifierFlags(d as TypeScript.Declaration)))
    .join(',');
}

/** One exported symbol: its value and declared types, an enum's members, its own file. */
function describeExport(surface: Surface, exported: TypeScript.Symbol): void {
  const { ts, checker } = surface;
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const valueType =
    symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbol(symbol) : undefined;
  const declared =
    symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)
      ? checker.getDeclaredTypeOfSymbol(symbol)
      : undefined;
  surface.recorder.startExport(exported.name, declaredAt(symbol));
  add(
    surface,
    `export ${exported.name} flags=${flagsText(symbol.flags)} mods=${modifiers(ts, symbol)}` +
      ` value=${valueType ? typeText(surface, valueType) : '-'} type=${declared ? typeText(surface, declared) : '-'}`,
  );
  for (const declaration of symbol.declarations ?? []) {
    if (ts.isEnumMember(declaration) || ts.isEnumDeclaration(declaration)) {
      const members = ts.isEnumDeclaration(declaration) ? declaration.members : [declaration];
      for (const member of members)
        add(surface, `  ${member.name.getText()}=${String(checker.getConstantValue(member))}`);
    }
  }
  // A re-exported symbol (a barrel) is named with its own file's surface hash.
  nameFile(surface, symbol);
  if (valueType) describeType(surface, valueType, 0);
  if (declared) describeType(surface, declared, 0);
}

function describeSignature(surface: Surface, signature: TypeScript.Signature, depth: number): void {
  const { checker } = surface;
  describeType(surface, checker.getReturnTypeOfSignature(signature), depth + 1);
  for (const parameter of signature.getParameters())
    describeType(surface, checker.getTypeOfSymbol(parameter), depth + 1);
}

/**
 * A type the surface reaches: its parts and arguments, then, when the module declares it,
 * expanded member by member (once); a type of another file is named.
 */
function describeType(surface: Surface, type: TypeScript.Type, depth: number): void {
  const { ts, checker, parts } = surface;
  if (parts.length > MAX_PARTS || depth > 6) return;
  if (type.isUnionOrIntersection()) for (const t of type.types) describeType(surface, t, depth + 1);
  for (const argument of [
    ...((type as TypeScript.TypeReference).typeArguments ?? []),
    ...(type.aliasTypeArguments ?? []),
  ])
    describeType(surface, argument, depth + 1);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol) return;
  if (!declaredHere(surface, symbol)) {
    nameFile(surface, symbol);
    return;
  }
  if (!surface.recorder.reach(symbol, symbol.name)) return;
  add(
    surface,
    `  type ${symbol.name} flags=${flagsText(symbol.flags)} mods=${modifiers(ts, symbol)}`,
  );
  const targets = [type];
  if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface))
    targets.push(checker.getDeclaredTypeOfSymbol(symbol));
  for (const target of targets) describeMembers(surface, target, depth);
  surface.recorder.leave();
}

/** A type of the module's own, member by member: bases, signatures, index and properties. */
function describeMembers(surface: Surface, target: TypeScript.Type, depth: number): void {
  const { ts, checker, flags } = surface;
  for (const base of target.isClassOrInterface() ? (checker.getBaseTypes(target) ?? []) : []) {
    add(surface, `    extends ${typeText(surface, base)}`);
    describeType(surface, base, depth + 1);
  }
  for (const signature of target.getCallSignatures()) {
    add(surface, `    call ${checker.signatureToString(signature, undefined, flags)}`);
    describeSignature(surface, signature, depth);
  }
  for (const signature of target.getConstructSignatures()) {
    add(surface, `    new ${checker.signatureToString(signature, undefined, flags)}`);
    describeSignature(surface, signature, depth);
  }
  for (const info of checker.getIndexInfosOfType(target)) {
    add(
      surface,
      `    index ${typeText(surface, info.keyType)} ${typeText(surface, info.type)} ${info.isReadonly}`,
    );
    describeType(surface, info.type, depth + 1);
  }
  for (const property of checker.getPropertiesOfType(target)) {
    // An inherited member's text depends on the file that declares it.
    if (!declaredHere(surface, property)) {
      const parent = (property as { parent?: TypeScript.Symbol }).parent;
      nameFile(surface, property, memberName(property.name, parent?.name));
    }
    const propertyType = checker.getTypeOfSymbol(property);
    add(
      surface,
      `    ${memberText(property.name)} flags=${flagsText(property.flags)} mods=${modifiers(ts, property)}: ${typeText(surface, propertyType)}`,
    );
    describeType(surface, propertyType, depth + 1);
    for (const signature of propertyType.getCallSignatures())
      describeSignature(surface, signature, depth);
  }
}

/** Whether a module declares globals or augments other modules (its changes reach everyone). */
export function affectsGlobalScope(ts: typeof TypeScript, source: TypeScript.SourceFile): boolean {
  if (!ts.isExternalModule(source)) return true;
  return source.statements.some(
    (s) =>
      ts.isModuleDeclaration(s) &&
      (ts.isStringLiteral(s.name) || (s.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  );
}
