// Definitions and local exports of one parsed file. Walks statements only (top level,
// namespace bodies, `declare module` bodies, class members), never expressions, so it
// stays linear in the number of declarations. Class members: extract-class-members.ts.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { ExtractedSymbol } from './index-types';
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { signatureOf, variableSignature } from './signature-text';
import { addModuleExport, addSymbol, hasModifier, type DeclarationSink } from './declaration-rows';
import { extractClassMembers } from './extract-class-members';

interface Scope {
  /** `Ns.` inside a namespace; '' at the top level and inside `declare module 'x'`. */
  readonly prefix: string;
  /** Top level of the file: the only scope whose exports are the module's exports. */
  readonly isModuleScope: boolean;
  /** Inside `declare module` / `declare namespace`: members are visible without `export`. */
  readonly ambient: boolean;
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
  addSymbol(c.sink, c.sf, at, c.scope.prefix + name, kind, isExported, signature);
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
  addSymbol(c.sink, c.sf, at, 'default', 'default', true, signature);
  addModuleExport(c.sink, c.sf, c.node, exportedAs, local);
}

function addExport(c: StatementContext, name: string): void {
  if (c.scope.isModuleScope && c.exportedKeyword && !c.isDefault)
    addModuleExport(c.sink, c.sf, c.node, name, name);
}

/** A declaration under its own name: the symbol, and the module export when it has `export`. */
function addDeclared(
  c: StatementContext,
  id: TS.Identifier,
  kind: SymbolKind,
  signature: string,
): void {
  add(c, id.text, kind, id, signature);
  addExport(c, id.text);
}

/** A function, class or interface: by its name when it has one, and as the default export. */
function addNamedOrDefault(
  c: StatementContext,
  node: TS.FunctionDeclaration | TS.ClassDeclaration | TS.InterfaceDeclaration,
  kind: SymbolKind,
  signature: string,
): void {
  if (node.name) addDeclared(c, node.name, kind, signature);
  if (c.isDefault) addDefault(c, node.name ?? node, signature, node.name?.text ?? null);
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
      return visitModuleDeclaration(c, node as TS.ModuleDeclaration);
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
  addNamedOrDefault(c, node, 'function', signatureOf(node, c.sf));
}

function visitClass(c: StatementContext, node: TS.ClassDeclaration): void {
  const className = node.name?.text ?? (c.isDefault ? 'default' : undefined);
  addNamedOrDefault(c, node, 'class', signatureOf(node, c.sf));
  if (className)
    extractClassMembers(
      node,
      `${c.scope.prefix}${className}`,
      c.sf,
      c.sink,
      c.exported || c.isDefault,
    );
}

function visitInterface(c: StatementContext, node: TS.InterfaceDeclaration): void {
  addNamedOrDefault(c, node, 'interface', signatureOf(node, c.sf));
}

function visitTypeOrEnum(
  c: StatementContext,
  node: TS.TypeAliasDeclaration | TS.EnumDeclaration,
): void {
  const kind: SymbolKind = node.kind === ts.SyntaxKind.EnumDeclaration ? 'enum' : 'type';
  addDeclared(c, node.name, kind, signatureOf(node, c.sf));
}

function visitVariables(c: StatementContext, node: TS.VariableStatement): void {
  for (const decl of node.declarationList.declarations) {
    const names: TS.Identifier[] = [];
    bindingNames(decl.name, names);
    const signature = variableSignature(node.declarationList, decl, c.sf);
    for (const id of names) addDeclared(c, id, 'variable', signature);
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
      addModuleExport(c.sink, c.sf, element, exportedName, local);
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
  addDeclared(c, node.name, 'variable', signatureOf(node, c.sf));
}

/** The statements of `declare module 'x' { … }` or `declare global { … }`: ambient, not module scope. */
function visitAmbientBody(c: StatementContext, node: TS.ModuleDeclaration): void {
  if (!node.body || !ts.isModuleBlock(node.body)) return;
  visitStatements(
    node.body.statements,
    c.sf,
    { prefix: '', isModuleScope: false, ambient: true },
    c.sink,
    c.exportedLocals,
  );
}

function visitModuleDeclaration(c: StatementContext, node: TS.ModuleDeclaration): void {
  const { sf, scope } = c;
  if (ts.isStringLiteral(node.name)) {
    // `declare module 'x' { … }`: its members are the exports of module 'x'.
    addSymbol(c.sink, sf, node.name, node.name.text, 'module', true, signatureOf(node, sf));
    visitAmbientBody(c, node);
    return;
  }
  if (node.name.text === 'global' && node.flags & ts.NodeFlags.GlobalAugmentation) {
    visitAmbientBody(c, node);
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
  addSymbol(c.sink, sf, node.name, fullName, 'namespace', c.exported, signatureOf(node, sf));
  if (scope.isModuleScope && c.exportedKeyword)
    addModuleExport(c.sink, sf, node, node.name.text, node.name.text);
  const ambient = scope.ambient || hasModifier(node, ts.SyntaxKind.DeclareKeyword);
  if (body && ts.isModuleBlock(body)) {
    visitStatements(
      body.statements,
      sf,
      { prefix: `${fullName}.`, isModuleScope: false, ambient },
      c.sink,
      c.exportedLocals,
    );
  }
}
