// pyright's errors of an open document, pulled as it is now (`textDocument/diagnostic`
// analyses the document's current version on request, so "before" and "after" never mix),
// read as Sluice's diagnostics: errors only, lines and columns from 1.
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { lineTextAt } from '../diagnostic-comparison';

interface LspDiagnostic {
  range: { start: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  message: string;
}

function toDiagnostics(
  relative: string,
  text: string,
  items: readonly LspDiagnostic[],
): Diagnostic[] {
  return items
    .filter((d) => (d.severity ?? 1) === 1)
    .map((d) => ({
      path: relative,
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      code: d.code === undefined ? '' : String(d.code),
      message: d.message,
      lineText: lineTextAt(text, d.range.start.line + 1),
      source: 'pyright',
    }));
}

/** The errors of the open document `uri` (project-relative `relative`, its text `text`). */
export async function pullDiagnostics(
  connection: MessageConnection,
  uri: string,
  relative: string,
  text: string,
): Promise<Diagnostic[]> {
  const report = await connection.sendRequest<{ kind: string; items?: LspDiagnostic[] }>(
    'textDocument/diagnostic',
    { textDocument: { uri } },
  );
  return toDiagnostics(relative, text, report.items ?? []);
}
