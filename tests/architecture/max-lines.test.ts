// A source file under src/ holds one concept: over 400 lines (as `wc -l` counts them, blank
// lines and comments included) fails the lint (eslint.config.js, `max-lines`).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The sample path does not exist, so type information is off here (as in the layering test).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** A file of exactly `lines` lines, ending in a newline, half of them blank or comments. */
function fileOf(lines: number): string {
  const body = Array.from({ length: lines - 1 }, (_, i) =>
    i % 3 === 0 ? '' : i % 3 === 1 ? '// a comment' : `export const v${i} = ${i};`,
  );
  return ['export const first = 0;', ...body].join('\n') + '\n';
}

async function maxLinesErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

describe('max-lines', () => {
  it('a src/ file of 400 lines - passes', async () => {
    expect(fileOf(400).split('\n').length - 1).toBe(400);
    expect(await maxLinesErrors('src/main/core/x.ts', fileOf(400))).toEqual([]);
  });

  it('a src/ file of 401 lines - fails', async () => {
    expect(await maxLinesErrors('src/main/core/x.ts', fileOf(401))).not.toEqual([]);
    expect(await maxLinesErrors('src/renderer/src/x.tsx', fileOf(401))).not.toEqual([]);
  });

  it('a test file is not held to it', async () => {
    expect(await maxLinesErrors('tests/main/core/x.test.ts', fileOf(401))).toEqual([]);
  });
});
