// Every module reference of one parsed file: static imports and re-exports (top level and
// inside `declare module` bodies), `import x = require()`, and, through a full walk only
// when the text can contain them, `require('x')`, `import('x')` and `import('x').T` types.
import ts from 'typescript';
import type { ExtractedImport, ModuleRefKind } from './index-types';
import { lineIndexOf } from './line-index';

function lineColumn(sf: ts.SourceFile, node: ts.Node): { line: number; column: number } {
  return lineIndexOf(sf).at(node.getStart(sf));
}

function moduleNameText(node: ts.Expression | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)))
    return node.text;
  return undefined;
}

function exportName(name: ts.ModuleExportName): string {
  return name.text;
}

export function extractModuleRefs(sf: ts.SourceFile): ExtractedImport[] {
  const out: ExtractedImport[] = [];
  visitStatementRefs(sf.statements, sf, out);
  // The full walk is needed only when the text can hold a call form; `includes` is cheap.
  const text = sf.text;
  if (text.includes('require') || text.includes('import(') || text.includes('import ('))
    walkCalls(sf, sf, out);
  return out;
}

function push(
  out: ExtractedImport[],
  sf: ts.SourceFile,
  at: ts.Node,
  specifier: string,
  kind: ModuleRefKind,
  typeOnly: boolean,
  imported: string,
  local: string | null,
  exportedAs: string | null,
): void {
  out.push({ specifier, kind, ...lineColumn(sf, at), typeOnly, imported, local, exportedAs });
}

function visitStatementRefs(
  statements: ts.NodeArray<ts.Statement>,
  sf: ts.SourceFile,
  out: ExtractedImport[],
): void {
  for (const node of statements) {
    if (ts.isImportDeclaration(node)) {
      const specifier = moduleNameText(node.moduleSpecifier);
      if (specifier === undefined) continue;
      const clause = node.importClause;
      if (!clause) {
        push(out, sf, node, specifier, 'side-effect', false, '*', null, null);
        continue;
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
      } else if (bindings) {
        for (const element of bindings.elements) {
          const imported = exportName(element.propertyName ?? element.name);
          push(
            out,
            sf,
            node,
            specifier,
            'import',
            clauseTypeOnly || element.isTypeOnly,
            imported,
            element.name.text,
            null,
          );
          any = true;
        }
      }
      // `import {} from 'x'` still loads the module.
      if (!any) push(out, sf, node, specifier, 'side-effect', clauseTypeOnly, '*', null, null);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = moduleNameText(node.moduleSpecifier);
      if (specifier === undefined) continue;
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
      } else {
        for (const element of clause.elements) {
          const imported = exportName(element.propertyName ?? element.name);
          push(
            out,
            sf,
            node,
            specifier,
            'reexport',
            node.isTypeOnly || element.isTypeOnly,
            imported,
            null,
            exportName(element.name),
          );
        }
      }
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      const specifier = moduleNameText(node.moduleReference.expression);
      if (specifier === undefined) continue;
      push(out, sf, node, specifier, 'import-equals', node.isTypeOnly, '*', node.name.text, null);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      // In a module file, `declare module './x'` augments module x: it depends on x, as
      // ts.preProcessFile reports. A global `declare module 'x'` in a script declares it instead.
      if (isModuleFile(sf))
        push(out, sf, node, node.name.text, 'side-effect', true, '*', null, null);
      if (node.body && ts.isModuleBlock(node.body))
        visitStatementRefs(node.body.statements, sf, out);
    }
  }
}

// The tree is built without parent pointers (faster), so the walk passes the parent along.
function isModuleFile(sf: ts.SourceFile): boolean {
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

function walkCalls(
  node: ts.Node,
  sf: ts.SourceFile,
  out: ExtractedImport[],
  parent?: ts.Node,
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
      const specifier = moduleNameText(argument.literal as ts.Expression);
      if (specifier !== undefined) push(out, sf, node, specifier, 'dynamic', true, '*', null, null);
    }
  }
  ts.forEachChild(node, (child) => walkCalls(child, sf, out, node));
}

/** `const x = require('y')` binds x; anything else binds nothing we track. */
function requireBinding(parent: ts.Node | undefined): string | null {
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return null;
}
