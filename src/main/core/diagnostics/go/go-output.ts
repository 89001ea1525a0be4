// What `go build` / `go vet` / `go list` said, read for the checker: the
// file:line errors of .go files, and everything else that is not a list of errors (an import
// cycle, a go.mod that does not parse, a missing module, a crash) as project-level problems,
// so an output with no file:line error is never taken for "no errors".
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { lineTextAt } from '../diagnostic-comparison';
import { oneLine } from '../tool-words';

const ERROR_LINE = /^(?:vet: )?(.+?\.go):(\d+):(\d+): (.+)$/u;
/** A position in go.mod (or go.sum / go.work): `go.mod:3: unknown directive: x`. */
const MODULE_FILE_LINE =
  /^(?:go: )?(?:errors parsing )?(.+?(?:go\.mod|go\.sum|go\.work)):(\d+)(?::\d+)?: (.+)$/u;
/** Lines that frame errors rather than being one (a heading ends with a colon). */
const FRAMING = /^(#|note:|go: downloading|go: finding|\(\.\.\.|too many errors)|:$/u;
/** A continuation of the line above (`\timports example.com/a: import cycle not allowed`). */
const CONTINUATION = /^\s/u;

export interface GoOutput {
  /** file:line errors in .go files inside the root. */
  readonly diagnostics: Diagnostic[];
  /** Everything else that reads as an error, one line each, paths made project-relative. */
  readonly problems: Diagnostic[];
}

function relativeTo(root: string, cwd: string, file: string): string {
  return path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/');
}

export function parseGoOutput(
  output: string,
  cwd: string,
  root: string,
  textOf: (relative: string) => string,
  /** Where a problem without a position is filed (the module's go.mod, project-relative). */
  problemPath: string,
): GoOutput {
  const diagnostics: Diagnostic[] = [];
  const problems: Diagnostic[] = [];
  const seen = new Set<string>();
  // Continuation lines join the line they continue; a file:line error keeps its first line.
  const lines: string[] = [];
  for (const raw of output.split('\n')) {
    if (!raw.trim()) continue;
    if (CONTINUATION.test(raw) && lines.length) {
      lines[lines.length - 1] += ` ${raw.trim()}`;
      continue;
    }
    lines.push(raw.trim());
  }
  for (const line of lines) {
    if (FRAMING.test(line)) continue;
    const match = ERROR_LINE.exec(line);
    if (match) {
      const [, file = '', row = '0', column = '0', message = ''] = match;
      const relative = relativeTo(root, cwd, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
      diagnostics.push({
        path: relative,
        line: Number(row),
        column: Number(column),
        code: '',
        message,
        lineText: lineTextAt(textOf(relative), Number(row)),
        source: 'go',
      });
      continue;
    }
    const moduleFile = MODULE_FILE_LINE.exec(line);
    const relative = moduleFile ? relativeTo(root, cwd, moduleFile[1] ?? '') : '';
    const inside = relative && !relative.startsWith('..') && !path.isAbsolute(relative);
    const problem: Diagnostic = {
      path: inside ? relative : problemPath,
      line: inside ? Number(moduleFile?.[2] ?? 0) : 0,
      column: 0,
      code: 'go',
      message: oneLine(inside ? (moduleFile?.[3] ?? line) : line, root),
      lineText: '',
      source: 'go',
    };
    const key = `${problem.path}:${problem.line}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return { diagnostics, problems };
}
