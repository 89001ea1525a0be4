// The errors of the files a change reaches, asked of TypeScript 7: file by file when they are a
// few, in one request for the whole program when they are most of it (its checkers share the
// work), with the same errors either way. A fake program records the requests.
import { describe, expect, it } from 'vitest';
import type {
  NativeDiagnostic,
  NativeProgram,
} from '../../../../../src/main/core/diagnostics/typescript/native-api';
import { createNativeDiagnostics } from '../../../../../src/main/core/diagnostics/typescript/native-diagnostics';

const ROOT = '/p';
const FILES = ['/p/a.ts', '/p/b.ts', '/p/c.ts', '/p/d.ts'];
const TEXT = 'const x: string = 1;\n';

/** Every file has one error (and a suggestion, which is no error); requests are recorded. */
function fakeProgram(requests: string[]): NativeProgram {
  const of = (file: string): NativeDiagnostic[] => [
    { fileName: file, pos: 6, code: 2322, category: 1, text: `bad in ${file}` },
    { fileName: file, pos: 0, code: 6133, category: 2, text: 'unused' },
  ];
  return {
    getSourceFileNames: () => [...FILES, '/p/node_modules/x/index.d.ts'],
    getSourceFile: () => undefined,
    getSyntacticDiagnostics: (file?: string) => {
      requests.push(`syntactic ${file ?? 'all'}`);
      return [];
    },
    getSemanticDiagnostics: (file?: string) => {
      requests.push(`semantic ${file ?? 'all'}`);
      return file ? of(file) : FILES.flatMap(of);
    },
    getConfigFileParsingDiagnostics: () => [],
    getProgramDiagnostics: () => [],
  };
}

const diagnostics = createNativeDiagnostics({
  root: ROOT,
  isProjectFile: (file) => file.startsWith('/p/') && !file.includes('/node_modules/'),
  diskText: () => TEXT,
  currentText: () => TEXT,
});

const messages = (found: Map<string, { message: string; line: number }[]>) =>
  [...found].map(([file, list]) => [file, list.map((d) => `${d.line} ${d.message}`)]);

describe('native diagnostics - the errors of many files', () => {
  it('errorsOfFiles - most of the program is asked for in one request', () => {
    const requests: string[] = [];
    const found = diagnostics.errorsOfFiles(fakeProgram(requests), ['/p/a.ts', '/p/b.ts']);
    expect(requests).toEqual(['syntactic all', 'semantic all']);
    expect(messages(found!)).toEqual([
      ['/p/a.ts', ['1 bad in /p/a.ts']],
      ['/p/b.ts', ['1 bad in /p/b.ts']],
    ]);
  });

  it('errorsOfFiles - a few files are left to be asked one by one, with the same errors', () => {
    const requests: string[] = [];
    const program = fakeProgram(requests);
    expect(diagnostics.errorsOfFiles(program, ['/p/a.ts'])).toBeNull();
    expect(requests).toEqual([]);
    expect(diagnostics.errorsOf(program, '/p/a.ts').map((d) => `${d.line} ${d.message}`)).toEqual([
      '1 bad in /p/a.ts',
    ]);
    expect(requests).toEqual(['syntactic /p/a.ts', 'semantic /p/a.ts']);
  });
});
