// The diagnostics bench's reference checkers, whole-project and independent of the service's
// choice of affected files: TypeScript's full program check (what `tsc --noEmit` does: every
// file's syntactic and semantic errors, a fresh checker per run) and the pyright CLI
// (`--outputjson`) over a copy of the project with the edit written to disk.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import type { Diagnostic } from '../src/shared/diagnostics';
import { lineTextAt } from '../src/main/core/diagnostics/diagnostic-comparison';

export interface TypeScriptReference {
  /** Errors of every project file with `overrides` (absolute path → text) laid over the disk. */
  errors(overrides: ReadonlyMap<string, string>): Diagnostic[];
}

export function createTypeScriptReference(root: string): TypeScriptReference {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  let previous: ts.Program | undefined;
  return {
    errors(overrides) {
      const host = ts.createCompilerHost(parsed.options, true);
      const readFile = host.readFile.bind(host);
      host.readFile = (file) => overrides.get(file) ?? readFile(file);
      const getSourceFile = host.getSourceFile.bind(host);
      host.getSourceFile = (file, language, onError, fresh) => {
        const text = overrides.get(file);
        return text !== undefined
          ? ts.createSourceFile(file, text, language, true)
          : getSourceFile(file, language, onError, fresh);
      };
      const program = ts.createProgram({
        rootNames: parsed.fileNames,
        options: parsed.options,
        host,
        ...(previous ? { oldProgram: previous } : {}),
      });
      if (!overrides.size) previous = program;
      const out: Diagnostic[] = [];
      for (const source of program.getSourceFiles()) {
        if (source.fileName.includes('/node_modules/') || !source.fileName.startsWith(root))
          continue;
        const list = [
          ...program.getSyntacticDiagnostics(source),
          ...program.getSemanticDiagnostics(source),
        ];
        for (const d of list) {
          if (d.category !== ts.DiagnosticCategory.Error || !d.file) continue;
          const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
          out.push({
            path: path.relative(root, d.file.fileName).split(path.sep).join('/'),
            line: line + 1,
            column: character + 1,
            code: `TS${d.code}`,
            message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
            lineText: lineTextAt(d.file.text, line + 1),
            source: 'typescript',
          });
        }
      }
      return out;
    },
  };
}

interface PyrightJson {
  generalDiagnostics?: {
    file: string;
    severity: string;
    message: string;
    rule?: string;
    range?: { start: { line: number; character: number } };
  }[];
}

/** Errors pyright's CLI reports for the project at `root` as it is on disk. */
export function pyrightErrors(root: string): Diagnostic[] {
  const cli = createRequire(import.meta.url).resolve('pyright/index.js');
  const run = spawnSync(process.execPath, [cli, '--outputjson', '-p', root], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout || '{}') as PyrightJson;
  const texts = new Map<string, string>();
  const textOf = (file: string): string => {
    let text = texts.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = '';
      }
      texts.set(file, text);
    }
    return text;
  };
  return (report.generalDiagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => {
      const line = (d.range?.start.line ?? 0) + 1;
      return {
        path: path.relative(root, d.file).split(path.sep).join('/'),
        line,
        column: (d.range?.start.character ?? 0) + 1,
        code: d.rule ?? '',
        message: d.message,
        lineText: lineTextAt(textOf(d.file), line),
        source: 'pyright',
      };
    });
}
