// The one extractor every tree-sitter language shares: runs the language's definitions
// query, qualifies members by their container (`Type.member`), drops locals, and asks the
// language for its imports. Never throws: a crash is a 'parse-error' outcome; a file with
// syntax errors is still indexed as far as tree-sitter recovered it, as ctags would.
import type { Node } from 'web-tree-sitter';
import type { SymbolKind } from '../../../../shared/contract/symbol-service';
import type { ExtractedSymbol, ParseOutcome } from '../index-types';
import { oneLine } from '../signature-line';
import { CONTAINER_KINDS, position, type LanguageSpec } from './language-spec';
import { compiledQuery, grammarFor } from './tree-sitter-runtime';

interface Definition {
  readonly pattern: number;
  readonly node: Node;
  readonly nameNode: Node;
  readonly kind: SymbolKind | 'scope';
  readonly receiver?: string;
}

const FUNCTION_KINDS = new Set(['function', 'method']);

// Every SymbolKind (the compiler checks the list is whole), so a `@definition.<kind>` capture
// maps to its kind with a lookup. Kept free of the contract's zod schema: each parse worker
// would load zod for this one check (~85 ms of a worker's start, measured).
const KINDS: Record<SymbolKind, true> = {
  function: true,
  class: true,
  method: true,
  property: true,
  interface: true,
  type: true,
  enum: true,
  namespace: true,
  module: true,
  variable: true,
  default: true,
  struct: true,
  trait: true,
  constant: true,
  macro: true,
};
const DEFINITION_CAPTURES = new Map(
  (Object.keys(KINDS) as SymbolKind[]).map((kind) => [`definition.${kind}`, kind]),
);

function signatureOf(node: Node): string {
  const body = node.childForFieldName('body');
  const text = node.text;
  let head = body ? text.slice(0, body.startIndex - node.startIndex) : text;
  const newline = head.indexOf('\n');
  if (!body && newline >= 0) head = head.slice(0, newline);
  return oneLine(head.replace(/[{:]\s*$/, ''));
}

export function extractWithQuery(spec: LanguageSpec, text: string): ParseOutcome {
  const grammar = grammarFor(spec.id);
  if (typeof grammar === 'string') return { status: 'parse-error', error: grammar };
  const tree = grammar.parser.parse(text);
  if (!tree) return { status: 'parse-error', error: `tree-sitter returned no tree` };
  try {
    const root = tree.rootNode;
    // By declaration node (what qualifies members), and by node + name (one declaration may
    // name several: Go's `const a, b = 1, 2`). Of two patterns naming the same node, the
    // earlier in the query wins (a Go struct before the generic type pattern).
    const definitions = new Map<number, Definition>();
    const named = new Map<string, Definition>();
    const importNodes: Node[] = [];
    for (const match of compiledQuery(grammar, spec.query).matches(root)) {
      let node: Node | undefined;
      let nameNode: Node | undefined;
      let kind: Definition['kind'] | undefined;
      let receiver: string | undefined;
      for (const capture of match.captures) {
        if (capture.name === 'name') nameNode = capture.node;
        else if (capture.name === 'import') importNodes.push(capture.node);
        else if (capture.name === 'receiver') receiver = capture.node.text;
        else if (capture.name === 'scope') {
          node = capture.node;
          kind = 'scope';
        } else {
          const definitionKind = DEFINITION_CAPTURES.get(capture.name);
          if (definitionKind) {
            node = capture.node;
            kind = definitionKind;
          }
        }
      }
      if (!node || !nameNode || !kind) continue;
      const definition: Definition = {
        pattern: match.patternIndex,
        node,
        nameNode,
        kind,
        ...(receiver ? { receiver } : {}),
      };
      const byNode = definitions.get(node.id);
      if (!byNode || byNode.pattern > definition.pattern) definitions.set(node.id, definition);
      const key = `${node.id}:${nameNode.id}`;
      const byName = named.get(key);
      if (!byName || byName.pattern > definition.pattern) named.set(key, definition);
    }
    // What encloses each declaration, from source ranges in one sweep (walking `parent`
    // crosses into WASM per step, several times slower on large files).
    const ends = new Map<number, number>();
    for (const d of definitions.values()) ends.set(d.node.id, d.node.endIndex);
    const ordered = [...definitions.values()].sort(
      (a, b) =>
        a.node.startIndex - b.node.startIndex ||
        (ends.get(b.node.id) ?? 0) - (ends.get(a.node.id) ?? 0),
    );
    const enclosing = new Map<number, Definition[]>();
    const stack: Definition[] = [];
    for (const d of ordered) {
      while (
        stack.length &&
        (ends.get((stack[stack.length - 1] as Definition).node.id) ?? 0) <= d.node.startIndex
      )
        stack.pop();
      enclosing.set(d.node.id, [...stack]);
      stack.push(d);
    }
    const symbols: ExtractedSymbol[] = [];
    for (const definition of named.values()) {
      if (definition.kind === 'scope') continue;
      const containers: string[] = [];
      let nearest: Definition['kind'] | undefined;
      let local = false;
      const outers = enclosing.get(definition.node.id) ?? [];
      for (let i = outers.length - 1; i >= 0; i--) {
        const outer = outers[i] as Definition;
        if (outer.kind !== 'scope' && FUNCTION_KINDS.has(outer.kind)) {
          local = true;
          break;
        }
        if (outer.kind === 'scope' || CONTAINER_KINDS.has(outer.kind)) {
          containers.unshift(outer.nameNode.text);
          nearest ??= outer.kind;
        }
      }
      if (local) continue;
      if (definition.receiver) containers.push(definition.receiver);
      const inContainer = containers.length > 0;
      // A field outside any named type (Go's anonymous struct in a variable) is not a symbol.
      if (!inContainer && definition.kind === 'property') continue;
      const ownName = definition.nameNode.text;
      let kind: SymbolKind = definition.kind;
      // A function in a type, trait or impl is a method; in a module it stays a function.
      if (inContainer && kind === 'function' && nearest !== 'module') kind = 'method';
      if (inContainer && kind === 'variable') kind = 'property';
      kind = spec.refineKind?.(kind, definition.node, ownName, inContainer) ?? kind;
      symbols.push({
        name: [...containers, ownName].join('.'),
        kind,
        ...position(definition.nameNode),
        exported: spec.isExported(definition.node, ownName, inContainer),
        signature: signatureOf(definition.node),
      });
    }
    symbols.sort((a, b) => a.line - b.line || a.column - b.column);
    importNodes.sort((a, b) => a.startIndex - b.startIndex);
    const { imports, exports } = spec.extractImports(root, symbols, importNodes);
    return { status: 'ok', extraction: { symbols, imports, exports } };
  } catch (error) {
    return { status: 'parse-error', error: error instanceof Error ? error.message : String(error) };
  } finally {
    tree.delete();
  }
}
