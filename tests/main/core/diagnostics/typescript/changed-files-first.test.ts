// The TypeScript checker answers the changed files first, on both compilers:
// an edit that changes what a module exports sends the changed file's errors before its
// importers are checked, then the complete answer; an edit that keeps the module's shape
// (a comment) is one answer, since no importer is checked. Real confined processes.
import { describe, expect, it } from 'vitest';
import type { TypeScriptLanguage } from '../../../../../src/main/core/diagnostics/typescript/typescript-language';
import type {
  ChangedFilesOutcome,
  LanguageOutcome,
} from '../../../../../src/main/core/diagnostics/language-checker';
import { compareDiagnostics } from '../../../../../src/main/core/diagnostics/diagnostic-comparison';
import { STRICT_TSCONFIG } from '../diagnostics-test-project';
import { TYPESCRIPT6, typescriptProject } from './typescript-test-language';

const LONG = 120_000;

const language = (files: Record<string, string>, own: string | null): TypeScriptLanguage =>
  typescriptProject(files, own).ts;

const introduced = (outcome: LanguageOutcome | ChangedFilesOutcome): string[] =>
  outcome.state === 'checked'
    ? compareDiagnostics(outcome.before, outcome.after)
        .introduced.map((d) => `${d.path}:${d.line} ${d.code}`)
        .sort()
    : [`not checked: ${outcome.reason}`];

const FILES = {
  'tsconfig.json': STRICT_TSCONFIG,
  'src/a.ts': 'export function f(n: number): number {\n  return n;\n}\n',
  'src/index.ts': "export * from './a';\n",
  'src/use.ts': "import { f } from './index';\nexport const u: number = f(1);\n",
};

describe('typescript checker - the changed files first', () => {
  it.each([
    ['Sluice’s TypeScript 7', null],
    ['the project’s TypeScript 6', TYPESCRIPT6],
  ] as const)(
    '%s - the changed file is answered before its importers; a comment edit checks that file alone',
    async (_compiler, own) => {
      const ts = language(FILES, own);
      const early: { outcome: ChangedFilesOutcome; at: number }[] = [];
      const outcome = await ts.check(
        [
          {
            path: 'src/a.ts',
            after:
              'export function f(n: string): number {\n  const k: string = 1;\n  return 1;\n}\n',
          },
        ],
        new AbortController().signal,
        undefined,
        (changed) => early.push({ outcome: changed, at: Date.now() }),
      );
      const answeredAt = Date.now();
      expect(early).toHaveLength(1);
      const [first] = early;
      expect(first?.at).toBeLessThanOrEqual(answeredAt);
      expect(first && introduced(first.outcome)).toEqual(['src/a.ts:2 TS2322']);
      expect(first?.outcome.filesChecked).toBe(1);
      expect(first?.outcome.checker).toBe(outcome.checker);
      expect(introduced(outcome)).toEqual(['src/a.ts:2 TS2322', 'src/use.ts:2 TS2345']);

      const comment: ChangedFilesOutcome[] = [];
      const benign = await ts.check(
        [
          {
            path: 'src/a.ts',
            after: '// a comment\nexport function f(n: number): number {\n  return n;\n}\n',
          },
        ],
        new AbortController().signal,
        undefined,
        (changed) => comment.push(changed),
      );
      // The changed file is answered before the shape test; the shape kept, nothing follows it.
      expect(comment.map((c) => c.filesChecked)).toEqual([1]);
      expect(benign.filesChecked).toBe(1);
      expect(introduced(benign)).toEqual([]);
    },
    LONG,
  );
});
