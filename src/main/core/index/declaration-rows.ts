// The rows the declaration walk collects (extract-declarations.ts, extract-class-members.ts):
// a symbol placed where its name starts, and a module export on the line of its statement.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { ExtractedExport, ExtractedSymbol } from './index-types';
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { lineIndexOf } from './line-index';

export interface DeclarationSink {
  readonly symbols: ExtractedSymbol[];
  readonly exports: ExtractedExport[];
}

export function hasModifier(node: TS.Node, kind: TS.SyntaxKind): boolean {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return modifiers?.some((m) => m.kind === kind) ?? false;
}

/** A symbol at the start of `at` (its name, or the whole node when it has none). */
export function addSymbol(
  sink: DeclarationSink,
  sf: TS.SourceFile,
  at: TS.Node,
  name: string,
  kind: SymbolKind,
  exported: boolean,
  signature: string,
): void {
  sink.symbols.push({
    name,
    kind,
    ...lineIndexOf(sf).at(at.getStart(sf)),
    exported,
    signature,
  });
}

/** The module exports `local` as `exported`, on the line where `at` starts. */
export function addModuleExport(
  sink: DeclarationSink,
  sf: TS.SourceFile,
  at: TS.Node,
  exported: string,
  local: string | null,
): void {
  sink.exports.push({ exported, local, line: lineIndexOf(sf).at(at.getStart(sf)).line });
}
