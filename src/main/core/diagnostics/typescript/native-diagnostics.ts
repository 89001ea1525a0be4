// TypeScript 7's diagnostics as Sluice's `Diagnostic`s (errors only, lines counted in the text
// the program saw), and a program's configuration problems in TypeScript's own words, split
// by whether they make its errors untrustworthy.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { lineTextAt } from '../diagnostic-comparison';
import type { NativeDiagnostic, NativeProgram } from './native-api';
import { isFatalConfigError, type ConfigError } from './project-configs';

const ERROR = 1;
/**
 * From this share of the program's own files on, the files are checked as the whole program
 * in one request: TypeScript 7 spreads it over its checkers, and the files' types are worked
 * out once instead of in each file's request.
 */
export const WHOLE_PROGRAM_SHARE = 0.5;

export interface NativeDiagnostics {
  /** `onDisk`: the diagnostics are the disk program's, their lines counted in the disk text. */
  errorsOf(program: NativeProgram, file: string, onDisk?: boolean): Diagnostic[];
  /**
   * The errors of each of `files` in the proposed program from one request for the whole
   * program, which TypeScript 7 checks across its checkers at once (faster than the files one
   * after another), when they are most of its files; null when they are fewer (each is asked
   * for alone, with errorsOf, when it is checked).
   */
  errorsOfFiles(program: NativeProgram, files: readonly string[]): Map<string, Diagnostic[]> | null;
  configProblems(program: NativeProgram): { fatal: ConfigError[]; other: ConfigError[] };
  /** Up to three problems in TypeScript's words, the root shortened away. */
  words(errors: readonly ConfigError[]): string;
}

export function createNativeDiagnostics(options: {
  readonly root: string;
  readonly isProjectFile: (file: string) => boolean;
  /** A file's text on disk ('' when it cannot be read). */
  readonly diskText: (file: string) => string;
  /** A file's text as the program sees it (a proposal's overlay, else the disk). */
  readonly currentText: (file: string) => string;
}): NativeDiagnostics {
  const { root, isProjectFile } = options;
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');

  const convert = (list: readonly NativeDiagnostic[], onDisk: boolean): Diagnostic[] =>
    list
      .filter((d) => d.category === ERROR && d.fileName)
      .map((d) => {
        const file = d.fileName as string;
        const text = !isProjectFile(file)
          ? ''
          : onDisk
            ? options.diskText(file)
            : options.currentText(file);
        const before = text.slice(0, d.pos);
        const line = before.split('\n').length;
        const column = d.pos - before.lastIndexOf('\n');
        return {
          path: relative(file),
          line,
          column,
          code: `TS${d.code}`,
          message: d.text,
          lineText: text ? lineTextAt(text, line) : '',
          source: 'typescript',
        };
      });

  const errorsOf = (program: NativeProgram, file: string, onDisk = false): Diagnostic[] =>
    convert(
      [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)],
      onDisk,
    );

  return {
    errorsOf,
    errorsOfFiles(program, files) {
      const inProgram = program.getSourceFileNames().filter(isProjectFile);
      if (files.length < inProgram.length * WHOLE_PROGRAM_SHARE) return null;
      const out = new Map<string, Diagnostic[]>(files.map((file) => [file, []]));
      const all = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()];
      for (const d of all) out.get(d.fileName ?? '')?.push(...convert([d], false));
      return out;
    },
    configProblems(program) {
      const all = [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
        .filter((d) => d.category === ERROR)
        .map((d) => ({ code: d.code, message: d.text.split(`${root}/`).join('') }));
      return {
        fatal: all.filter(isFatalConfigError),
        other: all.filter((e) => !isFatalConfigError(e)),
      };
    },
    words: (errors) =>
      [
        ...new Set(
          errors.map((e) => `TS${e.code}: ${e.message.replace(/\s+/g, ' ').slice(0, 300)}`),
        ),
      ]
        .slice(0, 3)
        .join('; '),
  };
}
