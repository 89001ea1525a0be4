// Rust: definitions through the query; exported = has a visibility modifier (`pub`,
// `pub(crate)`…), or is a trait's item, a trait impl's item or an enum variant. `use` trees
// become one module reference per name:
// - `use a::b::C [as D]`: name C of module a::b, plus a `submodule` candidate a::b::C (C
//   may be a module); `use a::b::{self}` is module a::b itself; `use a::b::*` every name.
// - `pub use` re-exports: `reexport` (exported as the local name) or `reexport-all`.
// - `mod x;` declares child module x (`self::x`), which is also one of this module's names.
import type { Node } from 'web-tree-sitter';
import type { ExtractedExport, ExtractedImport } from '../../index-types';
import { importRow, nodeText, position, type LanguageSpec } from '../language-spec';
import { RUST_QUERY } from './rust-query';

function segmentsOf(node: Node | null): string[] {
  return node ? nodeText(node).replace(/\s+/g, '').split('::').filter(Boolean) : [];
}

interface UseContext {
  readonly pub: boolean;
  readonly at: Node;
  readonly imports: ExtractedImport[];
}

function leaf(context: UseContext, at: Node, path: string[], alias: string | null): void {
  const last = path[path.length - 1];
  if (!last) return;
  if (last === 'self') {
    const module = path.slice(0, -1);
    const name = alias ?? module[module.length - 1];
    if (!name) return;
    context.imports.push(importRow(at, module.join('::'), 'import', '*', name));
    return;
  }
  const local = alias ?? last;
  if (local === '_') return; // `use Trait as _`: brings methods into scope, binds nothing
  const parent = path.slice(0, -1).join('::');
  if (parent)
    context.imports.push(
      importRow(
        at,
        parent,
        context.pub ? 'reexport' : 'import',
        last,
        local,
        context.pub ? local : null,
      ),
    );
  context.imports.push(importRow(at, path.join('::'), 'submodule', '*', local));
}

function walkUse(context: UseContext, node: Node, prefix: string[]): void {
  switch (node.type) {
    case 'identifier':
    case 'scoped_identifier':
    case 'self':
    case 'crate':
    case 'super':
      leaf(context, node, [...prefix, ...segmentsOf(node)], null);
      return;
    case 'use_as_clause':
      leaf(
        context,
        node,
        [...prefix, ...segmentsOf(node.childForFieldName('path'))],
        nodeText(node.childForFieldName('alias')) || null,
      );
      return;
    case 'use_wildcard': {
      const path = [...prefix, ...segmentsOf(node.namedChildren[0] ?? null)];
      context.imports.push(
        importRow(node, path.join('::'), context.pub ? 'reexport-all' : 'import', '*', null),
      );
      return;
    }
    case 'scoped_use_list': {
      const path = [...prefix, ...segmentsOf(node.childForFieldName('path'))];
      const list = node.childForFieldName('list');
      if (list) walkUse(context, list, path);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) if (child) walkUse(context, child, prefix);
      return;
    default:
      return;
  }
}

/** A visibility modifier is the item's first named child (comments aside) when it has one. */
function hasVisibility(node: Node): boolean {
  for (let child = node.firstNamedChild; child; child = child.nextNamedSibling) {
    if (child.type === 'visibility_modifier') return true;
    if (!child.isExtra) return false;
  }
  return false;
}

function extractRustImports(uses: readonly Node[]): {
  imports: ExtractedImport[];
  exports: ExtractedExport[];
} {
  const imports: ExtractedImport[] = [];
  const exports: ExtractedExport[] = [];
  for (const use of uses) {
    if (use.type === 'mod_item') {
      if (use.childForFieldName('body')) continue; // inline: its items are definitions
      const name = nodeText(use.childForFieldName('name'));
      if (!name || use.parent?.type !== 'source_file') continue;
      imports.push({
        specifier: `self::${name}`,
        kind: 'import',
        ...position(use),
        typeOnly: false,
        imported: '*',
        local: name,
        exportedAs: null,
      });
      exports.push({ exported: name, local: name, line: use.startPosition.row + 1 });
      continue;
    }
    const argument = use.childForFieldName('argument');
    if (argument) walkUse({ pub: hasVisibility(use), at: use, imports }, argument, []);
  }
  return { imports, exports };
}

function isRustExported(node: Node): boolean {
  if (hasVisibility(node) || node.type === 'enum_variant') return true;
  const holder = node.parent?.parent;
  return (
    holder?.type === 'trait_item' ||
    (holder?.type === 'impl_item' && holder.childForFieldName('trait') !== null)
  );
}

export const rustLanguage: LanguageSpec = {
  id: 'rust',
  query: RUST_QUERY,
  isExported: (node) => isRustExported(node),
  extractImports: (_root, _symbols, uses) => extractRustImports(uses),
};
