// Definitions and local exports of one file from oxc's tree, the same rows TypeScript's walk
// gives (extract-declarations.ts, which this mirrors rule for rule): statements only (top
// level, namespace and `declare module` bodies, class members), never expressions. Where
// TypeScript keeps `export`/`default` as modifiers of the declaration, ESTree wraps it in an
// export statement: the wrapper's start and kind travel in the statement context.
import type {
  BindingPattern,
  BindingRestElement,
  Class,
  Declaration,
  ExportAllDeclaration,
  Expression,
  ModuleExportName,
  Statement,
  Directive,
  TSModuleDeclaration,
  TSGlobalDeclaration,
  VariableDeclaration,
} from 'oxc-parser';
import type { SymbolKind } from '../../../../shared/contract/symbol-service';
import type { ExtractedSymbol } from '../index-types';
import { SIGNATURE_READ_MAX, oneLine } from '../signature-line';
import { extractOxcClassMembers } from './oxc-class-members';
import {
  addModuleExport,
  addSymbol,
  headerStart,
  nodeStart,
  signatureBetween,
  type OxcSource,
  type Span,
} from './oxc-source';

interface Scope {
  /** `Ns.` inside a namespace; '' at the top level and inside `declare module 'x'`. */
  readonly prefix: string;
  /** Top level of the file: the only scope whose exports are the module's exports. */
  readonly isModuleScope: boolean;
  /** Inside `declare module` / `declare namespace`: members are visible without `export`. */
  readonly ambient: boolean;
}

interface Context {
  readonly source: OxcSource;
  readonly scope: Scope;
  readonly exportedLocals: Set<string>;
  /** The statement's start: its `export` when it has one. */
  readonly start: number;
  readonly exportedKeyword: boolean;
  readonly isDefault: boolean;
  readonly exported: boolean;
}

interface Named extends Span {
  readonly name: string;
}

export function extractOxcDeclarations(
  source: OxcSource,
  body: readonly (Statement | Directive)[],
  isDeclarationFile: boolean,
): void {
  const exportedLocals = new Set<string>();
  const scope = { prefix: '', isModuleScope: true, ambient: isDeclarationFile };
  for (const statement of body) visitStatement(source, scope, exportedLocals, statement);
  // `export { a as b }` and `export default a` export a local declared elsewhere in the file.
  if (!exportedLocals.size) return;
  source.symbols.forEach((symbol: ExtractedSymbol, i) => {
    if (!symbol.exported && exportedLocals.has(symbol.name))
      source.symbols[i] = { ...symbol, exported: true };
  });
}

function context(
  source: OxcSource,
  scope: Scope,
  exportedLocals: Set<string>,
  start: number,
  exportedKeyword: boolean,
  isDefault: boolean,
): Context {
  const exported = exportedKeyword || (scope.ambient && !scope.isModuleScope);
  return { source, scope, exportedLocals, start, exportedKeyword, isDefault, exported };
}

function visitStatement(
  source: OxcSource,
  scope: Scope,
  exportedLocals: Set<string>,
  node: Statement | Directive,
): void {
  const at = (exportedKeyword: boolean, isDefault: boolean): Context =>
    context(source, scope, exportedLocals, node.start, exportedKeyword, isDefault);
  switch (node.type) {
    case 'ExportNamedDeclaration':
      if (node.declaration) return visitDeclaration(at(true, false), node.declaration);
      if (node.source || !scope.isModuleScope) return;
      for (const specifier of node.specifiers) {
        const local = exportName(specifier.local);
        exportedLocals.add(local);
        addModuleExport(source, specifier.start, exportName(specifier.exported), local);
      }
      return;
    case 'ExportDefaultDeclaration': {
      const declaration = node.declaration;
      if (isDefaultDeclaration(declaration)) return visitDeclaration(at(true, true), declaration);
      return visitExportAssignment(at(true, true), node, declaration as Expression, 'default');
    }
    case 'TSExportAssignment':
      return visitExportAssignment(at(false, false), node, node.expression, 'export=');
    case 'ExportAllDeclaration':
      return visitNamespaceExport(at(false, false), node);
    default:
      if (isDeclaration(node)) visitDeclaration(at(false, false), node);
  }
}

const DECLARATIONS = new Set([
  'VariableDeclaration',
  'FunctionDeclaration',
  'TSDeclareFunction',
  'ClassDeclaration',
  'TSTypeAliasDeclaration',
  'TSInterfaceDeclaration',
  'TSEnumDeclaration',
  'TSModuleDeclaration',
  'TSImportEqualsDeclaration',
]);

function isDeclaration(node: { type: string }): node is Declaration {
  return DECLARATIONS.has(node.type);
}

function isDefaultDeclaration(node: { type: string }): node is Declaration {
  return (
    node.type === 'FunctionDeclaration' ||
    node.type === 'TSDeclareFunction' ||
    node.type === 'ClassDeclaration' ||
    node.type === 'TSInterfaceDeclaration'
  );
}

function exportName(name: ModuleExportName): string {
  return name.type === 'Literal' ? name.value : name.name;
}

function visitDeclaration(c: Context, node: Declaration): void {
  const text = c.source.text;
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'TSDeclareFunction': {
      const signature = signatureBetween(c.source, c.start, node.body?.start ?? node.end);
      return addNamedOrDefault(c, node.id, c.start, 'function', signature);
    }
    case 'ClassDeclaration':
      return visitClass(c, node);
    case 'TSInterfaceDeclaration': {
      const signature = signatureBetween(c.source, c.start, node.body.start);
      return addNamedOrDefault(c, node.id, c.start, 'interface', signature);
    }
    case 'TSTypeAliasDeclaration':
      return addDeclared(c, node.id, 'type', signatureBetween(c.source, c.start, node.end));
    case 'TSEnumDeclaration':
      return addDeclared(c, node.id, 'enum', signatureBetween(c.source, c.start, node.body.start));
    case 'TSModuleDeclaration':
      return visitModule(c, node);
    case 'VariableDeclaration':
      return visitVariables(c, node, text);
    case 'TSImportEqualsDeclaration':
      // `export import X = Ns.Y`: an exported alias is a definition of X.
      if (!c.exportedKeyword || node.moduleReference.type === 'TSExternalModuleReference') return;
      return addDeclared(c, node.id, 'variable', signatureBetween(c.source, c.start, node.end));
    default:
      // Expressions: no statement declares one.
      return;
  }
}

function add(c: Context, name: string, kind: SymbolKind, at: number, signature: string): void {
  addSymbol(c.source, at, c.scope.prefix + name, kind, c.exported, signature);
}

/** A declaration under its own name: the symbol, and the module export when it has `export`. */
function addDeclared(c: Context, id: Named, kind: SymbolKind, signature: string): void {
  add(c, id.name, kind, id.start, signature);
  if (c.scope.isModuleScope && c.exportedKeyword && !c.isDefault)
    addModuleExport(c.source, c.start, id.name, id.name);
}

/** The module's default symbol; `export =` is recorded under its own export name. */
function addDefault(
  c: Context,
  at: number,
  exportLine: number,
  signature: string,
  local: string | null,
  exportedAs: 'default' | 'export=' = 'default',
): void {
  if (!c.scope.isModuleScope) return;
  addSymbol(c.source, at, 'default', 'default', true, signature);
  addModuleExport(c.source, exportLine, exportedAs, local);
}

/** A function, class or interface: by its name when it has one, and as the default export. */
function addNamedOrDefault(
  c: Context,
  id: Named | null | undefined,
  start: number,
  kind: SymbolKind,
  signature: string,
): void {
  if (id) addDeclared(c, id, kind, signature);
  if (c.isDefault) addDefault(c, id ? id.start : start, start, signature, id?.name ?? null);
}

function visitClass(c: Context, node: Class): void {
  const start = nodeStart(c.start, node.decorators);
  const header = headerStart(c.source.text, c.start, node.decorators);
  const signature = signatureBetween(c.source, header, node.body.start);
  if (node.id) addDeclared({ ...c, start }, node.id, 'class', signature);
  if (c.isDefault)
    addDefault(c, node.id ? node.id.start : start, start, signature, node.id?.name ?? null);
  const className = node.id?.name ?? (c.isDefault ? 'default' : undefined);
  if (className)
    extractOxcClassMembers(
      c.source,
      node,
      `${c.scope.prefix}${className}`,
      c.exported || c.isDefault,
    );
}

function visitVariables(c: Context, node: VariableDeclaration, text: string): void {
  const keyword =
    node.kind === 'const' || node.kind === 'await using'
      ? 'const'
      : node.kind === 'let'
        ? 'let'
        : 'var';
  for (const declarator of node.declarations) {
    const names: Named[] = [];
    bindingNames(declarator.id, names);
    const written = text.slice(
      declarator.start,
      Math.min(declarator.end, declarator.start + SIGNATURE_READ_MAX),
    );
    // The index's trees have no parent links, so its signatures never show the
    // statement's `export`/`declare` (signature-text.ts reads them through the parent).
    const signature = oneLine(`${keyword} ${written}`);
    for (const id of names) addDeclared(c, id, 'variable', signature);
  }
}

function bindingNames(pattern: BindingPattern | BindingRestElement | null, out: Named[]): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern);
      return;
    case 'ObjectPattern':
      for (const property of pattern.properties)
        bindingNames(property.type === 'RestElement' ? property.argument : property.value, out);
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements) bindingNames(element, out);
      return;
    case 'AssignmentPattern':
      return bindingNames(pattern.left, out);
    case 'RestElement':
      return bindingNames(pattern.argument, out);
  }
}

/** `export default expr` and `export = expr`. */
function visitExportAssignment(
  c: Context,
  node: Span,
  expression: Expression,
  exportedAs: 'default' | 'export=',
): void {
  if (!c.scope.isModuleScope) return;
  const local = expression.type === 'Identifier' ? expression.name : null;
  if (local) c.exportedLocals.add(local);
  const signature = signatureBetween(c.source, node.start, node.end);
  addDefault(c, node.start, node.start, signature, local, exportedAs);
}

/** `export * as ns from './x'` declares ns here: go-to-definition on an import of ns lands on it. */
function visitNamespaceExport(c: Context, node: ExportAllDeclaration): void {
  if (!node.exported || !c.scope.isModuleScope) return;
  const signature = signatureBetween(c.source, node.start, node.end);
  addSymbol(c.source, node.exported.start, exportName(node.exported), 'namespace', true, signature);
}

function visitModule(c: Context, node: TSModuleDeclaration | TSGlobalDeclaration): void {
  const { source, scope } = c;
  const end = node.body?.start ?? node.end;
  const signature = signatureBetween(source, c.start, end);
  const ambientBody: Scope = { prefix: '', isModuleScope: false, ambient: true };
  if (node.id.type === 'Literal') {
    // `declare module 'x' { … }`: its members are the exports of module 'x'.
    addSymbol(source, node.id.start, node.id.value, 'module', true, signature);
    return visitBody(c, node, ambientBody);
  }
  if (node.kind === 'global') return visitBody(c, node, ambientBody);
  // `namespace A.B.C { … }`: one declaration under its qualified name.
  const parts = qualifiedParts(node.id);
  const first = parts[0] as Named;
  const fullName = scope.prefix + parts.map((p) => p.name).join('.');
  addSymbol(source, first.start, fullName, 'namespace', c.exported, signature);
  if (scope.isModuleScope && c.exportedKeyword)
    addModuleExport(source, c.start, first.name, first.name);
  const ambient = scope.ambient || node.declare;
  visitBody(c, node, { prefix: `${fullName}.`, isModuleScope: false, ambient });
}

interface QualifiedName {
  readonly type: string;
  readonly left?: QualifiedName;
  readonly right?: Named;
}

/** `A.B.C` as its identifiers, left to right. */
function qualifiedParts(name: QualifiedName): Named[] {
  if (name.type === 'TSQualifiedName' && name.left && name.right)
    return [...qualifiedParts(name.left), name.right];
  return [name as unknown as Named];
}

function visitBody(
  c: Context,
  node: TSModuleDeclaration | TSGlobalDeclaration,
  scope: Scope,
): void {
  for (const statement of node.body?.body ?? [])
    visitStatement(c.source, scope, c.exportedLocals, statement);
}
