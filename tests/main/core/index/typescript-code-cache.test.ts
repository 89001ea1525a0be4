// The symbol index loads the TypeScript compiler through a V8 code cache under
// SLUICE_HOME/cache: the first refresh that parses writes it. This file must load the
// compiler only through the index (each test file runs in its own process), so nothing here
// imports `typescript` directly.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import {
  saveTypeScriptCodeCache,
  typescriptCodeCacheState,
} from '../../../../src/main/core/index/typescript-runtime';

let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('typescript code cache', () => {
  it('SymbolIndex - the first refresh that parses writes the compiler code cache under home/cache', async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'sluice-ts-cache-'));
    const project = path.join(base, 'project');
    const home = path.join(base, 'home');
    mkdirSync(project);
    writeFileSync(path.join(project, 'a.ts'), 'export function alpha(): number { return 1; }\n');
    writeFileSync(
      path.join(project, 'b.ts'),
      "import { alpha } from './a';\nexport const beta = alpha();\n",
    );
    expect(typescriptCodeCacheState()).toBe('not-loaded');

    const index = SymbolIndex.open({
      source: await Workspace.open(project),
      home,
      prestartWorkers: false,
    });
    try {
      const summary = await index.refresh();
      expect(summary.files).toBe(2);
      expect(index.findDefinition('alpha').definitions).toHaveLength(1);
    } finally {
      await index.close();
    }
    expect(typescriptCodeCacheState()).toBe('saved');
    const files = readdirSync(path.join(home, 'cache'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^typescript-\d+\.\d+\.\d+[^/]*-[0-9a-f]{16}\.v8cache$/);
    // Once written (or loaded from a cache), the thread does not write again.
    expect(saveTypeScriptCodeCache()).toBe(false);
  });
});
