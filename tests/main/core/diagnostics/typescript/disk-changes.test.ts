// The warm TypeScript checker follows the file watcher's news: a file created
// on disk after the checker read the project is resolved by the next check, on both compilers,
// without waiting for the checker's own look at the disk. Real confined processes.
import { describe, expect, it } from 'vitest';
import type { LanguageOutcome } from '../../../../../src/main/core/diagnostics/language-checker';
import { compareDiagnostics } from '../../../../../src/main/core/diagnostics/diagnostic-comparison';
import { STRICT_TSCONFIG } from '../diagnostics-test-project';
import { TYPESCRIPT6, typescriptProject } from './typescript-test-language';

const LONG = 120_000;

const codes = (outcome: LanguageOutcome, which: 'introduced' | 'fixed'): string[] => {
  if (outcome.state !== 'checked') return [`not checked: ${outcome.reason}`];
  const compared = compareDiagnostics(outcome.before, outcome.after);
  return compared[which].map((d) => `${d.path}:${d.line} ${d.code}`).sort();
};

describe('typescript checker - the file watcher', () => {
  it.each([
    ['Sluice’s TypeScript 7', null],
    ['the project’s TypeScript 6', TYPESCRIPT6],
  ] as const)(
    '%s - a file created on disk is resolved by the next check after the news',
    async (_compiler, own) => {
      const { project, ts } = typescriptProject(
        {
          'tsconfig.json': STRICT_TSCONFIG,
          'src/use.ts': "import { value } from './helpers';\nexport const u: number = value;\n",
        },
        own,
      );
      const signal = new AbortController().signal;
      const proposal = [
        {
          path: 'src/use.ts',
          after: "import { value } from './helpers';\nexport const u: string = value;\n",
        },
      ];
      // The checker has read the project: './helpers' is missing on disk and as proposed.
      expect(codes(await ts.check(proposal, signal), 'introduced')).toEqual([]);
      project.write('src/helpers.ts', 'export const value: number = 1;\n');
      ts.diskChanged?.(['src/helpers.ts']);
      const outcome = await ts.check(proposal, signal);
      // Resolved now: the missing module on disk is no longer an error, the proposal's
      // assignment of a number to a string is.
      expect(codes(outcome, 'introduced')).toEqual(['src/use.ts:2 TS2322']);
      expect(codes(outcome, 'fixed')).toEqual([]);
    },
    LONG,
  );
});
