// TypeScript's diagnostics as Sluice's `Diagnostic`s, and the configuration problems of a
// program in TypeScript's own words, with the project's path shortened away.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type * as TypeScript from 'typescript';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { lineTextAt } from '../diagnostic-comparison';
import type { ProjectOutcome } from '../language-checker';
import { isFatalConfigError, type ConfigError } from './project-configs';

export interface DiagnosticList {
  /** Errors only; a line's text is kept only for a project file (never a dependency's). */
  convert(list: readonly TypeScript.Diagnostic[], source: TypeScript.SourceFile): Diagnostic[];
  /** One line of TypeScript's words for a person, the root shown as a relative path. */
  words(error: ConfigError): string;
  /** The program's configuration errors that make its own errors untrustworthy, and the rest. */
  configProblems(
    configErrors: readonly ConfigError[],
    program: TypeScript.Program | undefined,
  ): { fatal: ConfigError[]; other: ConfigError[] };
}

export function createDiagnosticList(
  ts: typeof TypeScript,
  root: string,
  isProjectFile: (file: string) => boolean,
): DiagnosticList {
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  return {
    convert(list, source) {
      return list
        .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file)
        .map((d) => {
          const file = d.file ?? source;
          const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
          return {
            path: relative(file.fileName),
            line: line + 1,
            column: character + 1,
            code: `TS${d.code}`,
            message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
            lineText: isProjectFile(file.fileName) ? lineTextAt(file.text, line + 1) : '',
            source: 'typescript',
          };
        });
    },
    words(error) {
      const text = error.message.split(`${root}/`).join('').replace(/\s+/g, ' ').trim();
      return `TS${error.code}: ${text.length > 300 ? `${text.slice(0, 299)}…` : text}`;
    },
    configProblems(configErrors, program) {
      const fromProgram = (program?.getOptionsDiagnostics() ?? [])
        .filter((d) => d.category === ts.DiagnosticCategory.Error)
        .map((d) => ({
          code: d.code,
          message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
        }));
      const all = [...configErrors, ...fromProgram];
      return {
        fatal: all.filter(isFatalConfigError),
        other: all.filter((e) => !isFatalConfigError(e)),
      };
    },
  };
}

/** The same error at the same place from two programs (a file in two configs) counts once. */
export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.path}:${d.line}:${d.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A project checked: its errors (each once), how many files, and what was said beside them. */
export function checkedProject(
  diagnostics: readonly Diagnostic[],
  filesChecked: number,
  reason: string | undefined,
): ProjectOutcome {
  return {
    state: 'checked',
    diagnostics: dedupeDiagnostics(diagnostics),
    filesChecked,
    ...(reason ? { reason } : {}),
  };
}
