// Parses one file's text with the TypeScript compiler's own parser and extracts its
// definitions, imports and exports. Chosen over typescript-estree for speed: estree runs the
// same parser and then converts the whole tree (figures in bench/index-bench.ts's notes).
// Contract: never throws; a syntax error or a parser crash is a 'parse-error' outcome.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { ParseOutcome } from './index-types';
import { extractDeclarations } from './extract-declarations';
import { extractModuleRefs } from './extract-module-refs';
import { extractTreeSitterFile } from './languages/languages';

export function scriptKindFor(path: string): TS.ScriptKind {
  const lower = path.toLowerCase();
  if (lower.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (lower.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (lower.endsWith('.js') || lower.endsWith('.mjs') || lower.endsWith('.cjs'))
    return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

interface WithParseDiagnostics {
  readonly parseDiagnostics?: readonly TS.Diagnostic[];
}

export function extractFile(path: string, text: string): ParseOutcome {
  // Python, Go, Rust, Java: tree-sitter (grammars loaded by prepareGrammarsFor first).
  const other = extractTreeSitterFile(path, text);
  if (other) return other;
  try {
    // JSDoc is not needed for definitions or imports; skipping it is a large part of the speed.
    const options = {
      languageVersion: ts.ScriptTarget.Latest,
      jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
    };
    const sf = ts.createSourceFile(path, text, options, false, scriptKindFor(path));
    const diagnostics = (sf as unknown as WithParseDiagnostics).parseDiagnostics ?? [];
    const firstError = diagnostics.find((d) => d.category === ts.DiagnosticCategory.Error);
    if (firstError) {
      const where =
        firstError.start !== undefined
          ? sf.getLineAndCharacterOfPosition(firstError.start)
          : undefined;
      const message = ts.flattenDiagnosticMessageText(firstError.messageText, ' ');
      return {
        status: 'parse-error',
        error: where ? `${where.line + 1}:${where.character + 1} ${message}` : message,
      };
    }
    const { symbols, exports } = extractDeclarations(sf);
    return { status: 'ok', extraction: { symbols, exports, imports: extractModuleRefs(sf) } };
  } catch (error) {
    return { status: 'parse-error', error: error instanceof Error ? error.message : String(error) };
  }
}
