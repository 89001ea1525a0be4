// Java: definitions through the query; exported = `public`, or a member of an interface or
// annotation type, or an enum constant; a `static final` field is a constant. Imports:
// - `import a.b.C;`: class C of file a/b/C.java, bound as C.
// - `import a.b.*;`: every class of package a.b (the package directory), no binding.
// - `import static a.b.C.m;`: member `C.m` of a/b/C.java, bound as m; `.*` binds nothing.
// - A class of the file's own package used without an import (`extends Shape`, `Shape.of()`)
//   is an import of `<package>.Shape`, bound as Shape: Java needs none, and importers and
//   definitions follow it like any other. Names that are no class of the package (String,
//   type parameters) stay unresolved and count for nothing.
import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../../../../../shared/contract/symbol-service';
import type { ExtractedImport } from '../../index-types';
import { nodeText, position, type LanguageSpec } from '../language-spec';
import { JAVA_QUERY } from './java-query';

function modifiersOf(node: Node): string {
  const modifiers = node.namedChildren.find((child) => child?.type === 'modifiers');
  return modifiers ? nodeText(modifiers) : '';
}

const PUBLIC_BODIES = new Set(['interface_body', 'annotation_type_body']);

function isJavaExported(node: Node): boolean {
  if (node.type === 'enum_constant') return true;
  if (/\bpublic\b/.test(modifiersOf(node))) return true;
  return PUBLIC_BODIES.has(node.parent?.type ?? '');
}

function refineJavaKind(kind: SymbolKind, node: Node): SymbolKind {
  if (kind !== 'property') return kind;
  const modifiers = modifiersOf(node);
  return /\bstatic\b/.test(modifiers) && /\bfinal\b/.test(modifiers) ? 'constant' : kind;
}

function extractJavaImports(root: Node): { imports: ExtractedImport[]; exports: [] } {
  const imports: ExtractedImport[] = [];
  // Imports are top-level declarations: no need to search the whole tree.
  const declarations = root.namedChildren.filter((child) => child?.type === 'import_declaration');
  for (const declaration of declarations) {
    if (!declaration) continue;
    const name = declaration.namedChildren.find(
      (child) => child?.type === 'scoped_identifier' || child?.type === 'identifier',
    );
    if (!name) continue;
    const path = nodeText(name).replace(/\s+/g, '');
    const wildcard = declaration.namedChildren.some((child) => child?.type === 'asterisk');
    const isStatic = /^import\s+static\b/.test(nodeText(declaration));
    const segments = path.split('.');
    const last = segments[segments.length - 1] as string;
    const base = { kind: 'import' as const, ...position(name), typeOnly: false, exportedAs: null };
    if (wildcard) {
      imports.push({
        ...base,
        specifier: isStatic ? path : `${path}.*`,
        imported: '*',
        local: null,
      });
    } else if (isStatic && segments.length > 1) {
      const owner = segments.slice(0, -1);
      imports.push({
        ...base,
        specifier: owner.join('.'),
        imported: `${owner[owner.length - 1]}.${last}`,
        local: last,
      });
    } else {
      imports.push({ ...base, specifier: path, imported: last, local: last });
    }
  }
  imports.push(...samePackageImports(root, new Set(imports.map((row) => row.local ?? ''))));
  return { imports, exports: [] };
}

const TYPE_DECLARATIONS = [
  'class_declaration',
  'interface_declaration',
  'enum_declaration',
  'record_declaration',
  'annotation_type_declaration',
];
const QUALIFIED_USES = new Set(['method_invocation', 'field_access']);

/** Capitalised type names used in the file that it neither declares nor imports by name. */
function samePackageImports(root: Node, imported: ReadonlySet<string>): ExtractedImport[] {
  const pkg = root.namedChildren.find((child) => child?.type === 'package_declaration');
  const pkgName = pkg?.namedChildren.find(
    (child) => child?.type === 'scoped_identifier' || child?.type === 'identifier',
  );
  if (!pkgName) return []; // the default package: no package name to import from
  const prefix = nodeText(pkgName).replace(/\s+/g, '');
  const own = new Set(imported);
  for (const node of root.descendantsOfType(TYPE_DECLARATIONS))
    own.add(nodeText(node.childForFieldName('name')));
  for (const node of root.descendantsOfType('type_parameter'))
    own.add(nodeText(node.namedChildren.find((child) => child?.type !== 'annotation')));
  const first = new Map<string, Node>();
  const uses = root.descendantsOfType(['type_identifier', 'identifier']);
  for (const node of uses) {
    const name = node.text;
    if (!/^[A-Z]/u.test(name) || own.has(name) || first.has(name)) continue;
    // An identifier names a class only as the object of `X.m()` or `X.f` (static use).
    if (node.type === 'identifier') {
      const parent = node.parent;
      if (!parent || !QUALIFIED_USES.has(parent.type)) continue;
      if (parent.childForFieldName('object')?.id !== node.id) continue;
    }
    first.set(name, node);
  }
  return [...first].map(([name, node]) => ({
    specifier: `${prefix}.${name}`,
    kind: 'import' as const,
    ...position(node),
    typeOnly: false,
    imported: name,
    local: name,
    exportedAs: null,
  }));
}

export const javaLanguage: LanguageSpec = {
  id: 'java',
  query: JAVA_QUERY,
  isExported: (node) => isJavaExported(node),
  refineKind: (kind, node) => refineJavaKind(kind, node),
  extractImports: (root) => extractJavaImports(root),
};
