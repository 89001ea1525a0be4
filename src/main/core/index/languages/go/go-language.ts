// Go: definitions through the query; exported = capitalised, as the language says. Imports
// name a package (a directory): each import is the whole package (`*`) bound to its alias or
// to the last path element (a `/vN` major-version suffix skipped); `import _` is a
// side-effect import and `import .` merges the package's names (no binding).
import type { Node } from 'web-tree-sitter';
import type { ExtractedImport } from '../../index-types';
import { nodeText, position, type LanguageSpec } from '../language-spec';
import { GO_QUERY } from './go-query';

export function goPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts.pop() ?? importPath;
  if (/^v\d+$/.test(last) && parts.length) last = parts.pop() as string;
  return last.replace(/^go-/, '').replace(/[.-].*$/, '');
}

function extractGoImports(root: Node): { imports: ExtractedImport[]; exports: [] } {
  const imports: ExtractedImport[] = [];
  // Imports are top-level declarations: searching them only (not the whole tree) is cheaper.
  const specs = root.namedChildren
    .filter((child) => child?.type === 'import_declaration')
    .flatMap((declaration) => declaration?.descendantsOfType('import_spec') ?? []);
  for (const spec of specs) {
    if (!spec) continue;
    const pathNode = spec.childForFieldName('path');
    if (!pathNode) continue;
    const importPath = nodeText(pathNode).replace(/^["`]|["`]$/g, '');
    const name = spec.childForFieldName('name');
    const alias = name?.type === 'package_identifier' ? nodeText(name) : undefined;
    imports.push({
      specifier: importPath,
      kind: name?.type === 'blank_identifier' ? 'side-effect' : 'import',
      ...position(pathNode),
      typeOnly: false,
      imported: '*',
      local:
        name?.type === 'dot' || name?.type === 'blank_identifier'
          ? null
          : (alias ?? goPackageName(importPath)),
      exportedAs: null,
    });
  }
  return { imports, exports: [] };
}

export const goLanguage: LanguageSpec = {
  id: 'go',
  query: GO_QUERY,
  isExported: (_node, name) => /^\p{Lu}/u.test(name),
  extractImports: (root) => extractGoImports(root),
};
