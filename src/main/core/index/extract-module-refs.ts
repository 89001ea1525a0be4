// Every module reference of one parsed file: static imports and re-exports (top level and
// inside `declare module` bodies), `import x = require()`, and, through a full walk only
// when the text can contain them, `require('x')`, `import('x')` and `import('x').T` types.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { ExtractedImport, ModuleRefKind } from './index-types';
import { lineIndexOf } from './line-index';

function lineColumn(sf: TS.SourceFile, node: TS.Node): { line: number; column: number } {
  return lineIndexOf(sf).at(node.getStart(sf));
}

function moduleNameText(node: TS.Expression | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)))
    return node.text;
  return undefined;
}

function exportName(name: TS.ModuleExportName): string {
  return name.text;
}

export function extractModuleRefs(sf: TS.SourceFile): ExtractedImport[] {
  const out: ExtractedImport[] = [];
  visitStatementRefs(sf.statements, sf, out);
  // The walk is needed only when the text can hold a call form; `includes` is cheap.
  const text = sf.text;
  if (text.includes('require') || text.includes('import(') || text.includes('import ('))
    walkCalls(sf, sf, out, keywordOffsets(text));
  return out;
}

/** Sorted offsets of every `require` and `import` in the text (comments and strings too). */
function keywordOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const word of ['require', 'import'])
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length))
      offsets.push(at);
  return offsets.sort((a, b) => a - b);
}

/** True when some offset lies in [pos, end). */
function anyWithin(offsets: readonly number[], pos: number, end: number): boolean {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid] as number) < pos) low = mid + 1;
    else high = mid;
  }
  return low < offsets.length && (offsets[low] as number) < end;
}

function push(
  out: ExtractedImport[],
  sf: TS.SourceFile,
  at: TS.Node,
  specifier: string,
  kind: ModuleRefKind,
  typeOnly: boolean,
  imported: string,
  local: string | null,
  exportedAs: string | null,
): void {
  out.push({ specifier, kind, ...lineColumn(sf, at), typeOnly, imported, local, exportedAs });
}

// One small handler per statement kind behind a switch: as one long if-chain V8 recompiled
// the whole walk (40-65 ms each time) whenever a kind it had not seen yet turned up.
function visitStatementRefs(
  statements: TS.NodeArray<TS.Statement>,
  sf: TS.SourceFile,
  out: ExtractedImport[],
): void {
  for (const node of statements) {
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration:
        importRefs(node as TS.ImportDeclaration, sf, out);
        break;
      case ts.SyntaxKind.ExportDeclaration:
        exportRefs(node as TS.ExportDeclaration, sf, out);
        break;
      case ts.SyntaxKind.ImportEqualsDeclaration:
        importEqualsRef(node as TS.ImportEqualsDeclaration, sf, out);
        break;
      case ts.SyntaxKind.ModuleDeclaration:
        moduleDeclarationRefs(node as TS.ModuleDeclaration, sf, out);
        break;
      default:
        break;
    }
  }
}

function importRefs(node: TS.ImportDeclaration, sf: TS.SourceFile, out: ExtractedImport[]): void {
  const specifier = moduleNameText(node.moduleSpecifier);
  if (specifier === undefined) return;
  const clause = node.importClause;
  if (!clause) {
    push(out, sf, node, specifier, 'side-effect', false, '*', null, null);
    return;
  }
  const clauseTypeOnly = clause.isTypeOnly;
  let any = false;
  if (clause.name) {
    push(out, sf, node, specifier, 'import', clauseTypeOnly, 'default', clause.name.text, null);
    any = true;
  }
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    push(out, sf, node, specifier, 'import', clauseTypeOnly, '*', bindings.name.text, null);
    any = true;
  } else if (bindings?.elements.length) {
    namedRefs(out, sf, node, specifier, 'import', clauseTypeOnly, bindings.elements);
    any = true;
  }
  // `import {} from 'x'` still loads the module.
  if (!any) push(out, sf, node, specifier, 'side-effect', clauseTypeOnly, '*', null, null);
}

function exportRefs(node: TS.ExportDeclaration, sf: TS.SourceFile, out: ExtractedImport[]): void {
  if (!node.moduleSpecifier) return;
  const specifier = moduleNameText(node.moduleSpecifier);
  if (specifier === undefined) return;
  const clause = node.exportClause;
  if (!clause) push(out, sf, node, specifier, 'reexport-all', node.isTypeOnly, '*', null, null);
  else if (ts.isNamespaceExport(clause)) {
    push(
      out,
      sf,
      node,
      specifier,
      'reexport-namespace',
      node.isTypeOnly,
      '*',
      null,
      exportName(clause.name),
    );
  } else namedRefs(out, sf, node, specifier, 'reexport', node.isTypeOnly, clause.elements);
}

/**
 * `{ a, b as c }` of an import or a re-export, one row per name: `a` or `b` is imported,
 * bound here as `c` (import) or exported on as `c` (re-export); `type` on either side counts.
 */
function namedRefs(
  out: ExtractedImport[],
  sf: TS.SourceFile,
  node: TS.ImportDeclaration | TS.ExportDeclaration,
  specifier: string,
  kind: 'import' | 'reexport',
  typeOnly: boolean,
  elements: readonly (TS.ImportSpecifier | TS.ExportSpecifier)[],
): void {
  for (const element of elements) {
    const imported = exportName(element.propertyName ?? element.name);
    const name = exportName(element.name);
    const local = kind === 'import' ? name : null;
    const exportedAs = kind === 'reexport' ? name : null;
    push(
      out,
      sf,
      node,
      specifier,
      kind,
      typeOnly || element.isTypeOnly,
      imported,
      local,
      exportedAs,
    );
  }
}

function importEqualsRef(
  node: TS.ImportEqualsDeclaration,
  sf: TS.SourceFile,
  out: ExtractedImport[],
): void {
  if (!ts.isExternalModuleReference(node.moduleReference)) return;
  const specifier = moduleNameText(node.moduleReference.expression);
  if (specifier === undefined) return;
  push(out, sf, node, specifier, 'import-equals', node.isTypeOnly, '*', node.name.text, null);
}

function moduleDeclarationRefs(
  node: TS.ModuleDeclaration,
  sf: TS.SourceFile,
  out: ExtractedImport[],
): void {
  if (!ts.isStringLiteral(node.name)) return;
  // In a module file, `declare module './x'` augments module x: it depends on x, as
  // ts.preProcessFile reports. A global `declare module 'x'` in a script declares it instead.
  if (isModuleFile(sf)) push(out, sf, node, node.name.text, 'side-effect', true, '*', null, null);
  if (node.body && ts.isModuleBlock(node.body)) visitStatementRefs(node.body.statements, sf, out);
}

// The tree is built without parent pointers (faster), so the walk passes the parent along.
function isModuleFile(sf: TS.SourceFile): boolean {
  return sf.statements.some(
    (s) =>
      ts.isImportDeclaration(s) ||
      ts.isExportDeclaration(s) ||
      ts.isExportAssignment(s) ||
      (ts.isImportEqualsDeclaration(s) && ts.isExternalModuleReference(s.moduleReference)) ||
      (ts.canHaveModifiers(s) &&
        (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)),
  );
}

// Every call form contains its `import` / `require` keyword, so a subtree whose text holds
// neither is skipped unvisited: same results in the same order, a fraction of the nodes.
function walkCalls(
  node: TS.Node,
  sf: TS.SourceFile,
  out: ExtractedImport[],
  offsets: readonly number[],
  parent?: TS.Node,
): void {
  if (ts.isCallExpression(node)) {
    const [first] = node.arguments;
    const specifier = moduleNameText(first);
    if (specifier !== undefined && node.arguments.length >= 1) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        push(out, sf, node, specifier, 'dynamic', false, '*', null, null);
      } else if (
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'require' &&
        node.arguments.length === 1
      ) {
        push(out, sf, node, specifier, 'require', false, '*', requireBinding(parent), null);
      }
    }
  } else if (ts.isImportTypeNode(node)) {
    const argument = node.argument;
    if (ts.isLiteralTypeNode(argument)) {
      const specifier = moduleNameText(argument.literal as TS.Expression);
      if (specifier !== undefined) push(out, sf, node, specifier, 'dynamic', true, '*', null, null);
    }
  }
  ts.forEachChild(node, (child) => {
    if (anyWithin(offsets, child.pos, child.end)) walkCalls(child, sf, out, offsets, node);
  });
}

/** `const x = require('y')` binds x; anything else binds nothing we track. */
function requireBinding(parent: TS.Node | undefined): string | null {
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return null;
}
