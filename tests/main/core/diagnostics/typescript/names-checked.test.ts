// The confined checker on both compilers checks the importers that use what a change alters,
// and only those: an importer of an unchanged name (directly, through an `export *` barrel,
// through a namespace read as `ns.name`) is not checked, while the errors of every importer of
// the changed name are reported, and a name added fixes its importers' errors. Real processes.
import { describe, expect, it } from 'vitest';
import type { LanguageOutcome } from '../../../../../src/main/core/diagnostics/language-checker';
import { compareDiagnostics } from '../../../../../src/main/core/diagnostics/diagnostic-comparison';
import { STRICT_TSCONFIG } from '../diagnostics-test-project';
import { TYPESCRIPT6, typescriptProject } from './typescript-test-language';

const LONG = 180_000;

const X =
  'export function greet(name: string): string {\n  return name;\n}\nexport const size = 3;\n';
const FILES = {
  'tsconfig.json': STRICT_TSCONFIG,
  'src/x.ts': X,
  'src/use-greet.ts': "import { greet } from './x';\nexport const hello: string = greet('a');\n",
  'src/use-size.ts': "import { size } from './x';\nexport const twice: number = size * 2;\n",
  'src/index.ts': "export * from './x';\n",
  'src/via-greet.ts': "import { greet } from './index';\nexport const hi: string = greet('b');\n",
  'src/via-size.ts': "import { size } from './index';\nexport const s: number = size;\n",
  'src/ns-size.ts': "import * as x from './x';\nexport const n: number = x.size;\n",
  'src/ns-all.ts': "import * as x from './x';\nexport const all = x;\n",
  'src/early.ts': "import { part } from './x';\nexport const p: number = part;\n",
  'src/config.ts': 'export interface Config {\n  port: number;\n}\nexport const label = "c";\n',
  'src/load.ts':
    "import type { Config } from './config';\nexport function load(): Config {\n  return JSON.parse('{}') as Config;\n}\nexport const retries = 3;\n",
  'src/server.ts': "import { load } from './load';\nexport const port: number = load().port;\n",
  'src/retry.ts': "import { retries } from './load';\nexport const r: number = retries;\n",
  'src/base.ts':
    'export abstract class Shape {\n  abstract area(): number;\n}\nexport const unit = 1;\n',
  'src/square.ts':
    "import { Shape } from './base';\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n",
  'src/unit.ts': "import { unit } from './base';\nexport const u: number = unit;\n",
};

const summary = (
  outcome: LanguageOutcome,
): { introduced: string[]; fixed: string[]; files: number } => {
  if (outcome.state !== 'checked') throw new Error(`not checked: ${outcome.reason}`);
  const { introduced, fixed } = compareDiagnostics(outcome.before, outcome.after);
  const words = (list: typeof introduced): string[] =>
    list.map((d) => `${d.path}:${d.line} ${d.code}`).sort();
  return { introduced: words(introduced), fixed: words(fixed), files: outcome.filesChecked };
};

describe('typescript checker - importers by name', () => {
  it.each([
    ['Sluice’s TypeScript 7', null],
    ['the project’s TypeScript 6', TYPESCRIPT6],
  ] as const)(
    '%s - only the importers using a changed name are checked, and their errors reported',
    async (_compiler, own) => {
      const { ts } = typescriptProject(FILES, own);
      const check = async (path: string, after: string) =>
        summary(await ts.check([{ path, after }], new AbortController().signal));

      // x, its importer of greet, the barrel and its importer of greet, the namespace passed on.
      expect(
        await check(
          'src/x.ts',
          X.replace('string): string {\n  return name;', 'string): number {\n  return 1;'),
        ),
      ).toEqual({
        introduced: ['src/use-greet.ts:2 TS2322', 'src/via-greet.ts:2 TS2322'],
        fixed: [],
        files: 5,
      });
      // A name added: its importer's error is fixed; nobody else's name changed.
      expect(await check('src/x.ts', `${X}export const part = 1;\n`)).toEqual({
        introduced: [],
        fixed: ['src/early.ts:1 TS2305'],
        files: 4,
      });
      // A type that travels through load.ts reaches server.ts, not retry.ts.
      expect(
        await check(
          'src/config.ts',
          FILES['src/config.ts'].replace('port: number', 'portNumber: number'),
        ),
      ).toEqual({ introduced: ['src/server.ts:2 TS2339'], fixed: [], files: 3 });
      // A base class's new abstract member reaches the subclass in another file.
      expect(
        await check(
          'src/base.ts',
          FILES['src/base.ts'].replace('number;\n', 'number;\n  abstract name(): string;\n'),
        ),
      ).toEqual({ introduced: ['src/square.ts:2 TS2515'], fixed: [], files: 2 });
    },
    LONG,
  );
});
