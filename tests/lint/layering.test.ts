// The layering rule (DESIGN.md "Layout") must fail on a forbidden import and pass a clean one.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The samples are paths that do not exist, so type information (which needs the file in a
// tsconfig) is off here; the type-aware rules have their own test.
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

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'local/layering')
    .map((m) => m.message);
}

describe('layering lint rule', () => {
  it.each([
    [
      'src/shared/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    ['src/shared/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src/shared/x.ts', "import { x as y } from '../main/core/tools/tool';\nexport const x = y;\n"],
    ['src/main/core/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    ['src/main/core/x.ts', "import { y } from '../electron/app';\nexport const x = y;\n"],
    ['src/renderer/src/x.ts', "import fs from 'fs';\nexport const x = fs;\n"],
    [
      'src/renderer/src/x.ts',
      "import { y } from '../../main/core/tools/tool';\nexport const x = y;\n",
    ],
    ['src/cli/x.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n"],
    ['src/preload/x.ts', "import { y } from '../main/core/tools/tool';\nexport const x = y;\n"],
  ])('%s importing a forbidden module - fails', async (file, code) => {
    expect(await layeringErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/shared/x.ts', "import { z } from 'zod';\nexport const x = z;\n"],
    [
      'src/main/core/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    ],
    ['src/main/electron/x.ts', "import { app } from 'electron';\nexport const x = app;\n"],
    [
      'src/renderer/src/x.ts',
      "import { y } from '../../shared/missing-case';\nexport const x = y;\n",
    ],
  ])('%s importing an allowed module - passes', async (file, code) => {
    expect(await layeringErrors(file, code)).toEqual([]);
  });
});

describe('core floors', () => {
  it.each([
    [
      'src/main/core/store/x.ts',
      "import { y } from '../commands/command-policy';\nexport const x = y;\n",
    ],
    [
      'src/main/core/workspace/x.ts',
      "import { y } from '../edits/proposal';\nexport const x = y;\n",
    ],
    [
      'src/main/core/mcp-client/x.ts',
      "import { y } from '../mcp-server/sluice-mcp-server';\nexport const x = y;\n",
    ],
    [
      'src/main/core/tools/x.ts',
      "import type { y } from '../agent/agent-loop';\nexport type x = y;\n",
    ],
    [
      'src/main/core/newfolder/x.ts',
      "import { y } from '../workspace/workspace';\nexport const x = y;\n",
    ],
    [
      'src/main/core/agent/x.ts',
      "import { y } from '../project/open-project-engine';\nexport const x = y;\n",
    ],
    [
      'src/main/core/project/x.ts',
      "import { y } from '../services/create-app-services';\nexport const x = y;\n",
    ],
  ])('%s importing a floor above it - fails', async (file, code) => {
    expect(await layeringErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/main/core/store/x.ts', "import { y } from '../edits/proposal';\nexport const x = y;\n"],
    [
      'src/main/core/mcp-server/x.ts',
      "import { y } from '../mcp-client/mcp-tool';\nexport const x = y;\n",
    ],
    ['src/main/core/tools/x.ts', "import { y } from './tool';\nexport const x = y;\n"],
    [
      'src/main/core/project/x.ts',
      "import { y } from '../agent/conversation-runner';\nexport const x = y;\n",
    ],
    [
      'src/main/core/services/x.ts',
      "import { y } from '../project/open-project-engine';\nexport const x = y;\n",
    ],
    [
      'src/main/core/services/x.ts',
      "import { y } from '../../../shared/approvals';\nexport const x = y;\n",
    ],
  ])('%s importing its own floor or one below - passes', async (file, code) => {
    expect(await layeringErrors(file, code)).toEqual([]);
  });

  it('every folder of the core has a floor', async () => {
    const { readdirSync } = await import('node:fs');
    const { CORE_FLOORS } = await import('../../eslint-rules/layering.js');
    const folders = readdirSync('src/main/core', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !CORE_FLOORS.includes(f))).toEqual([]);
  });
});
