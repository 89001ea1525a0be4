// What the oxc extractors read besides the tree: the file's text and line index, and where a
// declaration's header starts as TypeScript's extractor counts it (signature-text.ts): at its
// first modifier, or after its decorators when they come first. oxc leaves `export` and
// `export default` outside the declaration (ESTree's wrappers), so the walk passes the
// statement's start along with the declaration.
import type { ExtractedExport, ExtractedSymbol } from '../index-types';
import type { SymbolKind } from '../../../../shared/contract/symbol-service';
import { LineIndex } from '../line-index';
import { headerSignature } from '../signature-line';

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface OxcSource {
  readonly text: string;
  readonly lines: LineIndex;
  readonly symbols: ExtractedSymbol[];
  readonly exports: ExtractedExport[];
}

export function oxcSource(text: string): OxcSource {
  return { text, lines: new LineIndex(text), symbols: [], exports: [] };
}

/** Where TypeScript's node starts: its first decorator when they come before `start`. */
export function nodeStart(start: number, decorators: readonly Span[] = []): number {
  const first = decorators[0];
  return first && first.start < start ? first.start : start;
}

/** A modifier keyword (not a member named like one: `readonly: boolean`, `async() {}`). */
const MODIFIER =
  /^(?:abstract|declare|export|default|public|private|protected|static|readonly|override|async|accessor|const)\b(?!\s*[(<:=;?!,)}])/;

/** Past whitespace and comments from `at`. */
function skipTrivia(text: string, at: number): number {
  for (;;) {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
    if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      at = end < 0 ? text.length : end + 2;
    } else return at;
  }
}

/**
 * Where the header text starts, as TypeScript counts it: at the first modifier (`export`
 * included), else just after the last decorator and the whitespace that follows it, else at
 * `start`. `start` is the statement's (its `export` when ESTree wraps it).
 */
export function headerStart(text: string, start: number, decorators: readonly Span[] = []): number {
  const first = decorators[0];
  const last = decorators[decorators.length - 1];
  if (!first || !last || start < first.start || start > last.end) return start;
  const next = skipTrivia(text, last.end);
  if (MODIFIER.test(text.slice(next, next + 40))) return next;
  let at = last.end;
  const limit = Math.min(text.length, last.end + 200);
  while (at < limit && /\s/.test(text[at] as string)) at++;
  return at;
}

export function signatureBetween(source: OxcSource, start: number, end: number): string {
  return headerSignature(source.text, start, end);
}

export function addSymbol(
  source: OxcSource,
  at: number,
  name: string,
  kind: SymbolKind,
  exported: boolean,
  signature: string,
): void {
  source.symbols.push({ name, kind, ...source.lines.at(at), exported, signature });
}

export function addModuleExport(
  source: OxcSource,
  at: number,
  exported: string,
  local: string | null,
): void {
  source.exports.push({ exported, local, line: source.lines.at(at).line });
}
