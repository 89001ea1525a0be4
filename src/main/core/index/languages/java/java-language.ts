// Java: definitions through the query; exported = `public`, or a member of an interface or
// annotation type, or an enum constant; a `static final` field is a constant. Imports:
// - `import a.b.C;`: class C of file a/b/C.java, bound as C.
// - `import a.b.*;`: every class of package a.b (the package directory), no binding.
// - `import static a.b.C.m;`: member `C.m` of a/b/C.java, bound as m; `.*` binds nothing.
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
  return { imports, exports: [] };
}

export const javaLanguage: LanguageSpec = {
  id: 'java',
  query: JAVA_QUERY,
  isExported: (node) => isJavaExported(node),
  refineKind: (kind, node) => refineJavaKind(kind, node),
  extractImports: (root) => extractJavaImports(root),
};
