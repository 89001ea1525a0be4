// The kinds of symbol the index stores, as a plain list: `sluice def --kind` checks against
// it without loading zod (symbol-service.ts builds its schema from the same list), since the
// first `sluice def` in a project is timed against rg + node.
export const SYMBOL_KINDS = [
  'function',
  'class',
  'method',
  'property',
  'interface',
  'type',
  'enum',
  'namespace',
  'module',
  'variable',
  'default',
  // Python, Go, Rust, Java (tree-sitter languages)
  'struct',
  'trait',
  'constant',
  'macro',
] as const;

export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export function isSymbolKind(text: string): text is SymbolKind {
  return (SYMBOL_KINDS as readonly string[]).includes(text);
}
