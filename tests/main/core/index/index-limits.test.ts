// Nothing silently partial: a project over the index's file limit (injected small here) is
// indexed up to the limit and the refresh says exactly which files were left out.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, type TestProject } from './index-test-project';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { SymbolIndex } from '../../../../src/main/core/index/symbol-index';

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

function generated(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const folder = `pkg${String(Math.floor(i / 10)).padStart(2, '0')}`;
    files[`${folder}/f${String(i % 10).padStart(2, '0')}.ts`] = `export const v${i} = ${i};\n`;
  }
  return files;
}

describe('SymbolIndex limits', () => {
  it('indexes a project over the listing cap of the workspace - the index has its own limit', async () => {
    project = await makeProject(generated(60));
    // The tools' listFiles cap (maxResults) is 25 here: it must not cap the index.
    const workspace = await Workspace.open(project.dir, { maxResults: 25 });
    const index = SymbolIndex.open({ source: workspace, home: null, prestartWorkers: false });
    try {
      const summary = await index.refresh();
      expect(summary.files).toBe(60);
      expect(summary.incomplete).toBeUndefined();
      expect(index.status().notices).toBeUndefined();
    } finally {
      await index.close();
    }
  });

  it('over maxFiles - indexes up to the limit and names every left-out folder with its count', async () => {
    project = await makeProject(generated(35));
    const index = project.openIndex({ maxFiles: 22 });
    const summary = await index.refresh();
    expect(summary.files).toBe(22);
    expect(summary.incomplete?.message).toBe(
      'Index incomplete: 13 of 35 code files left out (limit maxIndexFiles: 22).',
    );
    expect(summary.incomplete?.leftOut).toEqual(['pkg02/ (8 code files)', 'pkg03/ (5 code files)']);
    expect(index.status().notices).toEqual([summary.incomplete?.message]);
    // Under the limit again: complete, and the notice is gone.
    const roomy = project.openIndex({ maxFiles: 100 });
    const again = await roomy.refresh();
    expect(again.files).toBe(35);
    expect(again.incomplete).toBeUndefined();
    expect(roomy.status().notices).toBeUndefined();
  });

  it('names a folder the walk did not enter - maxWalkDepth', async () => {
    project = await makeProject({
      'a.ts': 'export const a = 1;\n',
      'd1/d2/d3/deep.ts': 'export const deep = 1;\n',
    });
    const workspace = await Workspace.open(project.dir, { maxWalkDepth: 2 });
    const index = SymbolIndex.open({ source: workspace, home: null, prestartWorkers: false });
    try {
      const summary = await index.refresh();
      expect(summary.files).toBe(1);
      expect(summary.incomplete?.message).toMatch(/1 folder deeper than 2 levels not entered/);
      expect(summary.incomplete?.leftOut).toEqual(['d1/d2/ (folder not entered)']);
    } finally {
      await index.close();
    }
  });
});
