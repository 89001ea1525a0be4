// Definitions and local exports of one parsed file. Walks statements only (top level,
// namespace bodies, `declare module` bodies, class members), never expressions, so it
// stays linear in the number of declarations.
import ts from 'typescript';
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

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return modifiers?.some((m) => m.kind === kind) ?? false;
}

function position(sf: ts.SourceFile, pos: number): { line: number; column: number } {
  return lineIndexOf(sf).at(pos);
}

function memberName(name: ts.PropertyName | undefined, sf: ts.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(sf);
}

function bindingNames(name: ts.BindingName, out: ts.Identifier[]): void {
  if (ts.isIdentifier(name)) {
    out.push(name);
    return;
  }
  for (const element of name.elements) {
    if (ts.isBindingElement(element)) bindingNames(element.name, out);
  }
}

export function extractDeclarations(sf: ts.SourceFile): DeclarationSink {
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
  statements: ts.NodeArray<ts.Statement>,
  sf: ts.SourceFile,
  scope: Scope,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
): void {
  for (const statement of statements) visitStatement(statement, sf, scope, sink, exportedLocals);
}

function visitStatement(
  node: ts.Statement,
  sf: ts.SourceFile,
  scope: Scope,
  sink: DeclarationSink,
  exportedLocals: Set<string>,
): void {
  const exportedKeyword = hasModifier(node, ts.SyntaxKind.ExportKeyword);
  const isDefault = hasModifier(node, ts.SyntaxKind.DefaultKeyword);
  const exported = exportedKeyword || (scope.ambient && !scope.isModuleScope);
  const add = (
    name: string,
    kind: SymbolKind,
    at: ts.Node,
    signature: string,
    isExported = exported,
  ): void => {
    sink.symbols.push({
      name: scope.prefix + name,
      kind,
      ...position(sf, at.getStart(sf)),
      exported: isExported,
      signature,
    });
  };
  const addDefault = (at: ts.Node, signature: string, local: string | null): void => {
    if (!scope.isModuleScope) return;
    sink.symbols.push({
      name: 'default',
      kind: 'default',
      ...position(sf, at.getStart(sf)),
      exported: true,
      signature,
    });
    sink.exports.push({ exported: 'default', local, line: position(sf, node.getStart(sf)).line });
  };
  const addExport = (name: string): void => {
    if (scope.isModuleScope && exportedKeyword && !isDefault) {
      sink.exports.push({
        exported: name,
        local: name,
        line: position(sf, node.getStart(sf)).line,
      });
    }
  };

  if (ts.isFunctionDeclaration(node)) {
    const signature = signatureOf(node, sf);
    if (node.name) {
      add(node.name.text, 'function', node.name, signature);
      addExport(node.name.text);
    }
    if (isDefault) addDefault(node.name ?? node, signature, node.name?.text ?? null);
    return;
  }
  if (ts.isClassDeclaration(node)) {
    const signature = signatureOf(node, sf);
    const className = node.name?.text ?? (isDefault ? 'default' : undefined);
    if (node.name) {
      add(node.name.text, 'class', node.name, signature);
      addExport(node.name.text);
    }
    if (isDefault) addDefault(node.name ?? node, signature, node.name?.text ?? null);
    if (className)
      visitClassMembers(node, `${scope.prefix}${className}`, sf, sink, exported || isDefault);
    return;
  }
  if (ts.isInterfaceDeclaration(node)) {
    add(node.name.text, 'interface', node.name, signatureOf(node, sf));
    addExport(node.name.text);
    if (isDefault) addDefault(node.name, signatureOf(node, sf), node.name.text);
    return;
  }
  if (ts.isTypeAliasDeclaration(node)) {
    add(node.name.text, 'type', node.name, signatureOf(node, sf));
    addExport(node.name.text);
    return;
  }
  if (ts.isEnumDeclaration(node)) {
    add(node.name.text, 'enum', node.name, signatureOf(node, sf));
    addExport(node.name.text);
    return;
  }
  if (ts.isModuleDeclaration(node)) {
    visitModuleDeclaration(node, sf, scope, sink, exportedLocals, exported);
    return;
  }
  if (ts.isVariableStatement(node)) {
    for (const decl of node.declarationList.declarations) {
      const names: ts.Identifier[] = [];
      bindingNames(decl.name, names);
      const signature = variableSignature(node.declarationList, decl, sf);
      for (const id of names) {
        add(id.text, 'variable', id, signature);
        addExport(id.text);
      }
    }
    return;
  }
  if (ts.isExportAssignment(node)) {
    // `export default expr` and `export = expr`
    if (!scope.isModuleScope) return;
    const local = ts.isIdentifier(node.expression) ? node.expression.text : null;
    if (local) exportedLocals.add(local);
    const signature = signatureOf(node, sf);
    if (node.isExportEquals) {
      sink.symbols.push({
        name: 'default',
        kind: 'default',
        ...position(sf, node.getStart(sf)),
        exported: true,
        signature,
      });
      sink.exports.push({ exported: 'export=', local, line: position(sf, node.getStart(sf)).line });
    } else {
      addDefault(node, signature, local);
    }
    return;
  }
  if (
    ts.isExportDeclaration(node) &&
    !node.moduleSpecifier &&
    node.exportClause &&
    ts.isNamedExports(node.exportClause)
  ) {
    if (!scope.isModuleScope) return;
    for (const element of node.exportClause.elements) {
      const exportedName = element.name.text;
      const local = (element.propertyName ?? element.name).text;
      exportedLocals.add(local);
      sink.exports.push({
        exported: exportedName,
        local,
        line: position(sf, element.getStart(sf)).line,
      });
    }
    return;
  }
  if (
    ts.isExportDeclaration(node) &&
    node.moduleSpecifier &&
    node.exportClause &&
    ts.isNamespaceExport(node.exportClause)
  ) {
    // `export * as ns from './x'` declares ns here: go-to-definition on an import of ns lands on it.
    if (scope.isModuleScope)
      add(
        node.exportClause.name.text,
        'namespace',
        node.exportClause.name,
        signatureOf(node, sf),
        true,
      );
    return;
  }
  if (
    ts.isImportEqualsDeclaration(node) &&
    exportedKeyword &&
    !ts.isExternalModuleReference(node.moduleReference)
  ) {
    // `export import X = Ns.Y`: an exported alias is a definition of X.
    add(node.name.text, 'variable', node.name, signatureOf(node, sf));
    addExport(node.name.text);
  }
}

function visitModuleDeclaration(
  node: ts.ModuleDeclaration,
  sf: ts.SourceFile,
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
    if (node.body && ts.isModuleBlock(node.body)) {
      visitStatements(
        node.body.statements,
        sf,
        { prefix: '', isModuleScope: false, ambient: true },
        sink,
        exportedLocals,
      );
    }
    return;
  }
  if (node.name.text === 'global' && node.flags & ts.NodeFlags.GlobalAugmentation) {
    if (node.body && ts.isModuleBlock(node.body)) {
      visitStatements(
        node.body.statements,
        sf,
        { prefix: '', isModuleScope: false, ambient: true },
        sink,
        exportedLocals,
      );
    }
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
  node: ts.ClassDeclaration,
  className: string,
  sf: ts.SourceFile,
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
    // Overloads and get/set pairs are one member: the first declaration wins.
    if (seen.has(name)) continue;
    seen.add(name);
    const nameNode = ts.isConstructorDeclaration(member) ? undefined : member.name;
    const at: ts.Node = nameNode ?? member;
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
