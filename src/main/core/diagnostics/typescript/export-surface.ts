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
// Runs inside the TypeScript check worker.
import type * as TypeScript from 'typescript';

const MAX_PARTS = 20_000;

export interface LocalSurface {
  /** The surface as text; null for a script (no import/export) or a file not in the program. */
  readonly text: string | null;
  /** The other project files whose types the surface names. */
  readonly named: readonly string[];
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
        const named: string[] = [];
        const text = exportSurface(ts, program, file, (other) => {
          if (isProjectFile(other)) named.push(other);
        });
        surface = { text, named };
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
  onNamed: (otherFile: string) => void,
): string | null {
  const source = program.getSourceFile(file);
  if (!source) return null;
  const checker = program.getTypeChecker();
  const parts: string[] = [];
  const named = new Set<string>();
  const nameFile = (symbol: TypeScript.Symbol): void => {
    for (const d of symbol.declarations ?? []) {
      const other = d.getSourceFile().fileName;
      if (other === source.fileName || named.has(other)) continue;
      named.add(other);
      onNamed(other);
      parts.push(`  uses ${other}`);
    }
  };
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const expanded = new Set<TypeScript.Symbol>();
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.UseFullyQualifiedType |
    ts.TypeFormatFlags.WriteArrowStyleSignature;
  const typeText = (type: TypeScript.Type): string => checker.typeToString(type, undefined, flags);

  const declaredHere = (symbol: TypeScript.Symbol | undefined): boolean =>
    !!symbol?.declarations?.some((d) => d.getSourceFile() === source);

  const modifiers = (symbol: TypeScript.Symbol): string =>
    (symbol.declarations ?? [])
      .map((d) => String(ts.getCombinedModifierFlags(d as TypeScript.Declaration)))
      .join(',');

  const describeSignature = (signature: TypeScript.Signature, depth: number): void => {
    describeType(checker.getReturnTypeOfSignature(signature), depth + 1);
    for (const parameter of signature.getParameters())
      describeType(checker.getTypeOfSymbol(parameter), depth + 1);
  };

  const describeType = (type: TypeScript.Type, depth: number): void => {
    if (parts.length > MAX_PARTS || depth > 6) return;
    if (type.isUnionOrIntersection()) for (const t of type.types) describeType(t, depth + 1);
    for (const argument of [
      ...((type as TypeScript.TypeReference).typeArguments ?? []),
      ...(type.aliasTypeArguments ?? []),
    ])
      describeType(argument, depth + 1);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol) return;
    if (!declaredHere(symbol)) {
      nameFile(symbol);
      return;
    }
    if (expanded.has(symbol)) return;
    expanded.add(symbol);
    parts.push(`  type ${symbol.name} flags=${symbol.flags} mods=${modifiers(symbol)}`);
    const targets = [type];
    if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface))
      targets.push(checker.getDeclaredTypeOfSymbol(symbol));
    for (const target of targets) {
      for (const base of target.isClassOrInterface() ? (checker.getBaseTypes(target) ?? []) : []) {
        parts.push(`    extends ${typeText(base)}`);
        describeType(base, depth + 1);
      }
      for (const signature of target.getCallSignatures()) {
        parts.push(`    call ${checker.signatureToString(signature, undefined, flags)}`);
        describeSignature(signature, depth);
      }
      for (const signature of target.getConstructSignatures()) {
        parts.push(`    new ${checker.signatureToString(signature, undefined, flags)}`);
        describeSignature(signature, depth);
      }
      for (const info of checker.getIndexInfosOfType(target)) {
        parts.push(`    index ${typeText(info.keyType)} ${typeText(info.type)} ${info.isReadonly}`);
        describeType(info.type, depth + 1);
      }
      for (const property of checker.getPropertiesOfType(target)) {
        // An inherited member's text depends on the file that declares it.
        if (!declaredHere(property)) nameFile(property);
        const propertyType = checker.getTypeOfSymbol(property);
        parts.push(
          `    ${property.name} flags=${property.flags} mods=${modifiers(property)}: ${typeText(propertyType)}`,
        );
        describeType(propertyType, depth + 1);
        for (const signature of propertyType.getCallSignatures())
          describeSignature(signature, depth);
      }
    }
  };

  if (!moduleSymbol) {
    // A script (no import/export): its declarations are global; the caller treats any
    // change to it as affecting the whole program.
    return null;
  }
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const valueType =
      symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbol(symbol) : undefined;
    const declared =
      symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)
        ? checker.getDeclaredTypeOfSymbol(symbol)
        : undefined;
    parts.push(
      `export ${exported.name} flags=${symbol.flags} mods=${modifiers(symbol)}` +
        ` value=${valueType ? typeText(valueType) : '-'} type=${declared ? typeText(declared) : '-'}`,
    );
    for (const declaration of symbol.declarations ?? []) {
      if (ts.isEnumMember(declaration) || ts.isEnumDeclaration(declaration)) {
        const members = ts.isEnumDeclaration(declaration) ? declaration.members : [declaration];
        for (const member of members)
          parts.push(`  ${member.name.getText()}=${String(checker.getConstantValue(member))}`);
      }
    }
    // A re-exported symbol (a barrel) is named with its own file's surface hash.
    nameFile(symbol);
    if (valueType) describeType(valueType, 0);
    if (declared) describeType(declared, 0);
  }
  return parts.join('\n');
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
