// Loose TypeScript and JavaScript files (no tsconfig.json or jsconfig.json at the root) are
// checked by Sluice's own TypeScript 7 through the config the checker gives them, with the
// 5.x/6.x checker's default options, and say so; a jsconfig.json keeps 6.x; a config that
// appears at the root later starts the checker again. Real checker processes, real bubblewrap.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TypeScript from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTypeScriptLanguage,
  type TypeScriptLanguage,
} from '../../../../../src/main/core/diagnostics/typescript/typescript-language';
import type { LanguageOutcome } from '../../../../../src/main/core/diagnostics/language-checker';
import { compareDiagnostics } from '../../../../../src/main/core/diagnostics/diagnostic-comparison';
import { defaultCompilerOptions } from '../../../../../src/main/core/diagnostics/typescript/project-configs';
import {
  inferredConfig,
  INFERRED_COMPILER_OPTIONS,
} from '../../../../../src/main/core/diagnostics/typescript/native-inferred-project';
import { makeDiagnosticsProject, writeFiles } from '../diagnostics-test-project';

const LONG = 120_000;
const require = createRequire(import.meta.url);
const version = (name: string): string =>
  (
    JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;
const OWN_7 = `TypeScript ${version('typescript-7')}, Sluice's own (the project has none)`;
const OWN_6 = `TypeScript ${version('typescript')}, Sluice's own (the project has none)`;
const DEFAULTS = 'no tsconfig.json: checked with default compiler options';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function project(files: Record<string, string>): string {
  const made = makeDiagnosticsProject(files);
  cleanups.push(() => made.cleanup());
  return made.root;
}

function language(root: string): TypeScriptLanguage {
  const made = createTypeScriptLanguage({ root });
  cleanups.push(() => made.dispose());
  return made;
}

const signal = (): AbortSignal => new AbortController().signal;

const introduced = (outcome: LanguageOutcome): string[] =>
  outcome.state === 'checked'
    ? compareDiagnostics(outcome.before, outcome.after).introduced.map(
        (d) => `${d.path}:${d.line} ${d.code}`,
      )
    : [`not checked: ${outcome.reason}`];

describe('typescript checker - loose files', () => {
  it('the inferred config - the 6.x checker’s default options, as tsconfig.json writes them', () => {
    const ts = require('typescript') as typeof TypeScript;
    const root = '/project';
    const config = inferredConfig(root);
    const parsed = ts.convertCompilerOptionsFromJson(INFERRED_COMPILER_OPTIONS, root);
    expect(parsed.errors).toEqual([]);
    expect(parsed.options).toEqual(defaultCompilerOptions(ts));
    expect(path.dirname(config.path)).toBe(root);
    expect(JSON.parse(config.text)).toMatchObject({
      compilerOptions: INFERRED_COMPILER_OPTIONS,
      include: ['**/*'],
    });
  });

  it(
    'TypeScript files - Sluice’s TypeScript 7 answers: an importer’s error, strict as tsc, the default options said',
    async () => {
      const root = project({
        'a.ts': 'export function f(n: number): number {\n  return n;\n}\n',
        'lib/b.ts': "import { f } from '../a';\nexport const r: number = f(1);\n",
      });
      const ts = language(root);
      const renamed = await ts.check(
        [{ path: 'a.ts', after: 'export function f(n: string): number {\n  return 1;\n}\n' }],
        signal(),
      );
      expect(renamed.checker).toBe(OWN_7);
      expect(introduced(renamed)).toEqual(['lib/b.ts:2 TS2345']);
      expect(renamed.state === 'checked' && renamed.reason).toBe(DEFAULTS);
      const untyped = await ts.check(
        [{ path: 'c.ts', after: 'export function g(x) {\n  return x;\n}\n' }],
        signal(),
      );
      expect(introduced(untyped)).toEqual(['c.ts:1 TS7006']);
      const whole = await ts.project(signal());
      expect(whole).toMatchObject({
        state: 'checked',
        filesChecked: 2,
        diagnostics: [],
        reason: DEFAULTS,
        checker: OWN_7,
      });
    },
    LONG,
  );

  it(
    'JavaScript files - not type-checked without // @ts-check, in its words; checked with it',
    async () => {
      const root = project({ 'a.js': 'export const n = 1;\n' });
      const ts = language(root);
      const plain = await ts.check(
        [{ path: 'a.js', after: 'export const n = 1;\nn.foo();\n' }],
        signal(),
      );
      expect(plain).toMatchObject({
        state: 'not_checked',
        reason: 'JavaScript files are not type-checked (no checkJs or // @ts-check)',
        checker: OWN_7,
      });
      const checked = await ts.check(
        [{ path: 'a.js', after: '// @ts-check\nexport const n = 1;\nn.foo();\n' }],
        signal(),
      );
      expect(introduced(checked)).toEqual(['a.js:3 TS2339']);
    },
    LONG,
  );

  it(
    'a jsconfig.json - Sluice’s 6.x answers, as before',
    async () => {
      const root = project({
        'jsconfig.json': JSON.stringify({ compilerOptions: { checkJs: true } }),
        'a.js': 'export const n = 1;\n',
      });
      const outcome = await language(root).check(
        [{ path: 'a.js', after: 'export const n = 1;\nn.foo();\n' }],
        signal(),
      );
      expect(outcome.checker).toBe(OWN_6);
      expect(introduced(outcome)).toEqual(['a.js:2 TS2339']);
    },
    LONG,
  );

  it(
    'a tsconfig.json appears at the root - the checker started for loose files starts again and checks through it',
    async () => {
      const root = project({ 'a.ts': 'export const a = 1;\n' });
      const ts = language(root);
      const untyped = 'export function g(x) {\n  return x;\n}\n';
      const loose = await ts.check([{ path: 'a.ts', after: untyped }], signal());
      expect(introduced(loose)).toEqual(['a.ts:1 TS7006']);
      writeFiles(root, {
        'tsconfig.json': JSON.stringify({ compilerOptions: { strict: false, noEmit: true } }),
      });
      const configured = await ts.check([{ path: 'a.ts', after: untyped }], signal());
      expect(configured.checker).toBe(OWN_7);
      expect(introduced(configured)).toEqual([]);
      expect(configured.state === 'checked' && configured.reason).toBeFalsy();
    },
    LONG,
  );
});
