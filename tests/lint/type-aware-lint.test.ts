// The type-aware rules (issue 21) are errors in the project's own lint configuration. Each
// sample is linted as if it were this file, which is in a tsconfig, so types are known.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const here = fileURLToPath(import.meta.url);

async function ruleIds(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: here });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('type-aware lint', () => {
  // The first sample builds the typed program of the whole project: seconds, more on a busy machine.
  it('a promise nobody awaits - fails', { timeout: 90_000 }, async () => {
    expect(await ruleIds('export async function f(): Promise<void> {}\nf();\n')).toContain(
      '@typescript-eslint/no-floating-promises',
    );
  });

  it('an async handler where a void callback is expected - fails', async () => {
    const code =
      "import { EventEmitter } from 'node:events';\nexport const e = new EventEmitter();\ne.on('x', async () => {\n  await Promise.resolve();\n});\n";
    expect(await ruleIds(code)).toContain('@typescript-eslint/no-misused-promises');
  });

  it('awaiting a value that is not a promise - fails', async () => {
    expect(
      await ruleIds('export async function f(): Promise<number> {\n  return await 1;\n}\n'),
    ).toContain('@typescript-eslint/await-thenable');
  });

  it('a switch over a union that forgets a member - fails', async () => {
    const code =
      "export function f(x: 'a' | 'b'): number {\n  switch (x) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n";
    expect(await ruleIds(code)).toContain('@typescript-eslint/switch-exhaustiveness-check');
  });

  it('the same code done right - passes', async () => {
    const code =
      "export async function f(): Promise<void> {}\nvoid f();\nexport function g(x: 'a' | 'b'): number {\n  switch (x) {\n    case 'a':\n      return 1;\n    case 'b':\n      return 2;\n  }\n}\n";
    expect(await ruleIds(code)).toEqual([]);
  });
});

describe('react hooks lint', () => {
  // Linted as a renderer file that exists, so the renderer's configuration applies.
  const renderer = 'src/renderer/src/chat/chat-input.tsx';
  const hooksErrors = async (code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: renderer });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  };

  it('a hook called conditionally - fails', async () => {
    const code =
      "import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await hooksErrors(code)).toContain('react-hooks/rules-of-hooks');
  });

  it('an effect that misses a dependency - fails', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function C({ n }: { n: number }) {\n  useEffect(() => {\n    console.log(n);\n  }, []);\n  return null;\n}\n";
    expect(await hooksErrors(code)).toContain('react-hooks/exhaustive-deps');
  });
});
