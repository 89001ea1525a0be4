// Definitions and local exports of one parsed file. Walks statements only (top level,
// namespace bodies, `declare module` bodies, class members), never expressions, so it
// stays linear in the number of declarations.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { ExtractedExport, ExtractedSymbol } from './index-types';
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { signatureOf, variableSignature } from './signature-text';
import { lineIndexOf } from './line-index';

interface Scope {
  /** `Ns.` inside a namespace; '' at the top level and inside `declare module 'x'`. */
  readonly prefix: string;
  /** Top level of the file: the only scope whose exports are the module's exports. */
  readonly isModuleScope: boolean;
  /** Inside `declare module` / `declare namespace`: members are visible without `export`. */
  readonly ambient: boolean;
}

export interface DeclarationSink {
  readonly symbols: ExtractedSymbol[];
  readonly exports: ExtractedExport[];
}

function hasModifier(node: TS.Node, kind: TS.SyntaxKind): boolean {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return modifiers?.some((m) => m.kind === kind) ?? false;
}

function position(sf: TS.SourceFile, pos: number): { line: number; column: number } {
  return lineIndexOf(sf).at(pos);
}

function memberName(name: TS.PropertyName | undefined, sf: TS.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(sf);
}

function bindingNames(name: TS.BindingName, out: TS.Identifier[]): void {
  if (ts.isIdentifier(name)) {
    out.push(name);
    return;
  }
  for (const element of name.elements) {
    if (ts.isBindingElement(element)) bindingNames(element.name, out);
  }
}

export function extractDeclarations(sf: TS.SourceFile): DeclarationSink {
  const sink: DeclarationSink = { symbols: [], exports: [] };
  const exportedLocals = new Set<string>();
  visitStatements(
    sf.statements,
    sf,
    { prefix: '', isModuleScope: true, ambient: sf.isDeclarationFile },
    sink,
    exportedLocals,
  );
  // `export { a as b }` and `export default a` export a local declared elsewhere in the file.
  if (exportedLocals.size) {
    for (let i = 0; i < sink.symbols.length; i++) {
      const symbol = sink.symbols[i] as ExtractedSymbol;
      if (!symbol.exported && exportedLocals.has(symbol.name))
        sink.symbols[i] = { ...symbol, exported: true };
    }
  }
  return sink;
}

function visitStatements(
  statements: TS.NodeArray<TS.Statement>,
  sf: TS.SourceFile,
  scope: Scope,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
): void {
  for (const statement of statements) visitStatement(statement, sf, scope, sink, exportedLocals);
}

/**
 * One statement being visited. The handlers below are small functions behind one switch on
 * the node kind: as one long function of closures and `ts.isX` tests, V8 recompiled this
 * walk (50-65 ms each time) whenever a statement kind it had not seen yet turned up.
 */
interface StatementContext {
  readonly node: TS.Statement;
  readonly sf: TS.SourceFile;
  readonly scope: Scope;
  readonly sink: DeclarationSink;
  readonly exportedLocals: Set<string>;
  /** Has the `export` keyword. */
  readonly exportedKeyword: boolean;
  readonly isDefault: boolean;
  /** Visible to importers: `export`, or a member of an ambient namespace/module. */
  readonly exported: boolean;
}

function add(
  c: StatementContext,
  name: string,
  kind: SymbolKind,
  at: TS.Node,
  signature: string,
  isExported = c.exported,
): void {
  c.sink.symbols.push({
    name: c.scope.prefix + name,
    kind,
    ...position(c.sf, at.getStart(c.sf)),
    exported: isExported,
    signature,
  });
}

/** The module's default symbol; `export =` is recorded under its own export name. */
function addDefault(
  c: StatementContext,
  at: TS.Node,
  signature: string,
  local: string | null,
  exportedAs: 'default' | 'export=' = 'default',
): void {
  if (!c.scope.isModuleScope) return;
  c.sink.symbols.push({
    name: 'default',
    kind: 'default',
    ...position(c.sf, at.getStart(c.sf)),
    exported: true,
    signature,
  });
  c.sink.exports.push({
    exported: exportedAs,
    local,
    line: position(c.sf, c.node.getStart(c.sf)).line,
  });
}

function addExport(c: StatementContext, name: string): void {
  if (c.scope.isModuleScope && c.exportedKeyword && !c.isDefault) {
    c.sink.exports.push({
      exported: name,
      local: name,
      line: position(c.sf, c.node.getStart(c.sf)).line,
    });
  }
}

function visitStatement(
  node: TS.Statement,
  sf: TS.SourceFile,
  scope: Scope,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
): void {
  const exportedKeyword = hasModifier(node, ts.SyntaxKind.ExportKeyword);
  const isDefault = hasModifier(node, ts.SyntaxKind.DefaultKeyword);
  const c: StatementContext = {
    node,
    sf,
    scope,
    sink,
    exportedLocals,
    exportedKeyword,
    isDefault,
    exported: exportedKeyword || (scope.ambient && !scope.isModuleScope),
  };
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
      return visitFunction(c, node as TS.FunctionDeclaration);
    case ts.SyntaxKind.ClassDeclaration:
      return visitClass(c, node as TS.ClassDeclaration);
    case ts.SyntaxKind.InterfaceDeclaration:
      return visitInterface(c, node as TS.InterfaceDeclaration);
    case ts.SyntaxKind.TypeAliasDeclaration:
    case ts.SyntaxKind.EnumDeclaration:
      return visitTypeOrEnum(c, node as TS.TypeAliasDeclaration | TS.EnumDeclaration);
    case ts.SyntaxKind.ModuleDeclaration:
      return visitModuleDeclaration(
        node as TS.ModuleDeclaration,
        sf,
        scope,
        sink,
        exportedLocals,
        c.exported,
      );
    case ts.SyntaxKind.VariableStatement:
      return visitVariables(c, node as TS.VariableStatement);
    case ts.SyntaxKind.ExportAssignment:
      return visitExportAssignment(c, node as TS.ExportAssignment);
    case ts.SyntaxKind.ExportDeclaration:
      return visitExportDeclaration(c, node as TS.ExportDeclaration);
    case ts.SyntaxKind.ImportEqualsDeclaration:
      return visitImportEquals(c, node as TS.ImportEqualsDeclaration);
    default:
      return;
  }
}

function visitFunction(c: StatementContext, node: TS.FunctionDeclaration): void {
  const signature = signatureOf(node, c.sf);
  if (node.name) {
    add(c, node.name.text, 'function', node.name, signature);
    addExport(c, node.name.text);
  }
  if (c.isDefault) addDefault(c, node.name ?? node, signature, node.name?.text ?? null);
}

function visitClass(c: StatementContext, node: TS.ClassDeclaration): void {
  const signature = signatureOf(node, c.sf);
  const className = node.name?.text ?? (c.isDefault ? 'default' : undefined);
  if (node.name) {
    add(c, node.name.text, 'class', node.name, signature);
    addExport(c, node.name.text);
  }
  if (c.isDefault) addDefault(c, node.name ?? node, signature, node.name?.text ?? null);
  if (className)
    visitClassMembers(
      node,
      `${c.scope.prefix}${className}`,
      c.sf,
      c.sink,
      c.exported || c.isDefault,
    );
}

function visitInterface(c: StatementContext, node: TS.InterfaceDeclaration): void {
  add(c, node.name.text, 'interface', node.name, signatureOf(node, c.sf));
  addExport(c, node.name.text);
  if (c.isDefault) addDefault(c, node.name, signatureOf(node, c.sf), node.name.text);
}

function visitTypeOrEnum(
  c: StatementContext,
  node: TS.TypeAliasDeclaration | TS.EnumDeclaration,
): void {
  const kind: SymbolKind = node.kind === ts.SyntaxKind.EnumDeclaration ? 'enum' : 'type';
  add(c, node.name.text, kind, node.name, signatureOf(node, c.sf));
  addExport(c, node.name.text);
}

function visitVariables(c: StatementContext, node: TS.VariableStatement): void {
  for (const decl of node.declarationList.declarations) {
    const names: TS.Identifier[] = [];
    bindingNames(decl.name, names);
    const signature = variableSignature(node.declarationList, decl, c.sf);
    for (const id of names) {
      add(c, id.text, 'variable', id, signature);
      addExport(c, id.text);
    }
  }
}

/** `export default expr` and `export = expr`. */
function visitExportAssignment(c: StatementContext, node: TS.ExportAssignment): void {
  if (!c.scope.isModuleScope) return;
  const local = ts.isIdentifier(node.expression) ? node.expression.text : null;
  if (local) c.exportedLocals.add(local);
  const signature = signatureOf(node, c.sf);
  addDefault(c, node, signature, local, node.isExportEquals ? 'export=' : 'default');
}

function visitExportDeclaration(c: StatementContext, node: TS.ExportDeclaration): void {
  const clause = node.exportClause;
  if (!clause) return;
  if (!node.moduleSpecifier && ts.isNamedExports(clause)) {
    if (!c.scope.isModuleScope) return;
    for (const element of clause.elements) {
      const exportedName = element.name.text;
      const local = (element.propertyName ?? element.name).text;
      c.exportedLocals.add(local);
      c.sink.exports.push({
        exported: exportedName,
        local,
        line: position(c.sf, element.getStart(c.sf)).line,
      });
    }
    return;
  }
  // `export * as ns from './x'` declares ns here: go-to-definition on an import of ns lands on it.
  if (node.moduleSpecifier && ts.isNamespaceExport(clause) && c.scope.isModuleScope)
    add(c, clause.name.text, 'namespace', clause.name, signatureOf(node, c.sf), true);
}

/** `export import X = Ns.Y`: an exported alias is a definition of X. */
function visitImportEquals(c: StatementContext, node: TS.ImportEqualsDeclaration): void {
  if (!c.exportedKeyword || ts.isExternalModuleReference(node.moduleReference)) return;
  add(c, node.name.text, 'variable', node.name, signatureOf(node, c.sf));
  addExport(c, node.name.text);
}

/** The statements of `declare module 'x' { … }` or `declare global { … }`: ambient, not module scope. */
function visitAmbientBody(
  node: TS.ModuleDeclaration,
  sf: TS.SourceFile,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
): void {
  if (!node.body || !ts.isModuleBlock(node.body)) return;
  visitStatements(
    node.body.statements,
    sf,
    { prefix: '', isModuleScope: false, ambient: true },
    sink,
    exportedLocals,
  );
}

function visitModuleDeclaration(
  node: TS.ModuleDeclaration,
  sf: TS.SourceFile,
  scope: Scope,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
  exported: boolean,
): void {
  if (ts.isStringLiteral(node.name)) {
    // `declare module 'x' { … }`: its members are the exports of module 'x'.
    sink.symbols.push({
      name: node.name.text,
      kind: 'module',
      ...position(sf, node.name.getStart(sf)),
      exported: true,
      signature: signatureOf(node, sf),
    });
    visitAmbientBody(node, sf, sink, exportedLocals);
    return;
  }
  if (node.name.text === 'global' && node.flags & ts.NodeFlags.GlobalAugmentation) {
    visitAmbientBody(node, sf, sink, exportedLocals);
    return;
  }
  // `namespace A.B.C { … }` nests ModuleDeclarations; the qualified name is built as we go.
  let qualified = node.name.text;
  let body = node.body;
  while (body && ts.isModuleDeclaration(body)) {
    qualified += `.${body.name.text}`;
    body = body.body;
  }
  const fullName = scope.prefix + qualified;
  sink.symbols.push({
    name: fullName,
    kind: 'namespace',
    ...position(sf, node.name.getStart(sf)),
    exported,
    signature: signatureOf(node, sf),
  });
  if (scope.isModuleScope && hasModifier(node, ts.SyntaxKind.ExportKeyword)) {
    sink.exports.push({
      exported: node.name.text,
      local: node.name.text,
      line: position(sf, node.getStart(sf)).line,
    });
  }
  const ambient = scope.ambient || hasModifier(node, ts.SyntaxKind.DeclareKeyword);
  if (body && ts.isModuleBlock(body)) {
    visitStatements(
      body.statements,
      sf,
      { prefix: `${fullName}.`, isModuleScope: false, ambient },
      sink,
      exportedLocals,
    );
  }
}

function visitClassMembers(
  node: TS.ClassDeclaration,
  className: string,
  sf: TS.SourceFile,
  sink: DeclarationSink,
  exported: boolean,
): void {
  const seen = new Set<string>();
  for (const member of node.members) {
    let kind: SymbolKind | undefined;
    if (ts.isMethodDeclaration(member)) kind = 'method';
    else if (
      ts.isPropertyDeclaration(member) ||
      ts.isGetAccessorDeclaration(member) ||
      ts.isSetAccessorDeclaration(member)
    ) {
      kind = 'property';
    } else if (ts.isConstructorDeclaration(member)) {
      kind = 'method';
    }
    if (!kind) continue;
    const name = ts.isConstructorDeclaration(member) ? 'constructor' : memberName(member.name, sf);
    if (!name) continue;
    if (ts.isConstructorDeclaration(member))
      visitParameterProperties(member, className, sf, sink, exported, seen);
    // Overloads and get/set pairs are one member: the first declaration wins.
    if (seen.has(name)) continue;
    seen.add(name);
    const nameNode = ts.isConstructorDeclaration(member) ? undefined : member.name;
    const at: TS.Node = nameNode ?? member;
    const isPrivate =
      hasModifier(member, ts.SyntaxKind.PrivateKeyword) ||
      (nameNode !== undefined && ts.isPrivateIdentifier(nameNode));
    sink.symbols.push({
      name: `${className}.${name}`,
      kind,
      ...position(sf, at.getStart(sf)),
      exported: exported && !isPrivate,
      signature: signatureOf(member, sf),
    });
  }
}

/**
 * `constructor(private readonly pool: Pool, @Inject(T) public svc: Svc)`: a parameter with
 * an accessibility or `readonly`/`override` modifier declares a property of the class.
 * Only the implementation carries them (an overload may not), so every constructor is read.
 */
function visitParameterProperties(
  ctor: TS.ConstructorDeclaration,
  className: string,
  sf: TS.SourceFile,
  sink: DeclarationSink,
  exported: boolean,
  seen: Set<string>,
): void {
  for (const parameter of ctor.parameters) {
    if (!ts.isParameterPropertyDeclaration(parameter, ctor) || !ts.isIdentifier(parameter.name))
      continue;
    const name = parameter.name.text;
    if (seen.has(name)) continue;
    seen.add(name);
    sink.symbols.push({
      name: `${className}.${name}`,
      kind: 'property',
      ...position(sf, parameter.name.getStart(sf)),
      exported: exported && !hasModifier(parameter, ts.SyntaxKind.PrivateKeyword),
      signature: signatureOf(parameter, sf),
    });
  }
}
