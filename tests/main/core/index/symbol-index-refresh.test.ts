import { afterEach, describe, expect, it } from 'vitest';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexStatus } from '../../../../src/shared/contract/symbol-service';
import { makeProject, type TestProject } from './index-test-project';

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

const BASE = {
  'src/a.ts': 'export function alpha() {}\n',
  'src/b.ts':
    "import { alpha } from './a';\nimport { gamma } from './c';\nexport const beta = alpha;\n",
};

describe('SymbolIndex.refresh', () => {
  it('re-parses only new and changed files - and nothing when nothing changed', async () => {
    project = await makeProject(BASE);
    const first = project.openIndex();
    const cold = await first.refresh();
    expect(cold).toMatchObject({ files: 2, parsed: 2, removed: 0 });
    await first.close();

    // A second process opening the same project finds the index on disk.
    const second = project.openIndex();
    const reopened = await second.refresh();
    expect(reopened).toMatchObject({ files: 2, parsed: 0, removed: 0 });

    project.write('src/a.ts', 'export function alpha() {}\nexport function delta() {}\n');
    const changed = await second.refresh();
    expect(changed.parsed).toBe(1);
    expect(second.findDefinition('delta').definitions).toHaveLength(1);
  });

  it('skips re-parsing a touched file whose content is the same - by hash', async () => {
    project = await makeProject(BASE);
    const index = project.openIndex();
    await index.refresh();
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(project.dir, 'src/a.ts'), future, future);
    expect((await index.refresh()).parsed).toBe(0);
    expect((await index.refresh()).parsed).toBe(0);
  });

  it('drops deleted files - and re-resolves imports when files appear or vanish', async () => {
    project = await makeProject(BASE);
    const index = project.openIndex();
    await index.refresh();
    expect(index.findImporters('src/a.ts').map((i) => i.path)).toEqual(['src/b.ts']);

    project.write('src/c.ts', 'export const gamma = 3;\n');
    await index.refresh();
    expect(index.findImporters('src/c.ts').map((i) => `${i.path}:${i.line}`)).toEqual([
      'src/b.ts:2',
    ]);

    rmSync(path.join(project.dir, 'src/c.ts'));
    const after = await index.refresh();
    expect(after.removed).toBe(1);
    expect(index.findDefinition('gamma').definitions).toEqual([]);
    expect(index.findImporters('src/c.ts')).toEqual([]);
  });

  it('re-resolves when a tsconfig changes', async () => {
    project = await makeProject({
      ...BASE,
      'src/lib/tool.ts': 'export const tool = 1;\n',
      'src/use.ts': "import { tool } from '@lib/tool';\n",
    });
    const index = project.openIndex();
    await index.refresh();
    expect(index.findImporters('src/lib/tool.ts')).toEqual([]);
    project.write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./src/lib/*'] } } }),
    );
    await index.refresh();
    expect(index.findImporters('src/lib/tool.ts').map((i) => i.path)).toEqual(['src/use.ts']);
  });

  it('skips files over the size limit and lists them - and survives unreadable content', async () => {
    project = await makeProject({
      ...BASE,
      'dist/bundle.js': `export const big = "${'x'.repeat(5000)}";\n`,
      'src/bin.ts': 'a\u0000b',
    });
    const index = project.openIndex({ maxFileBytes: 1000 });
    const summary = await index.refresh();
    expect(summary.files).toBe(2);
    expect(summary.skipped.map((s) => s.path)).toEqual(['dist/bundle.js', 'src/bin.ts']);
    expect(summary.skipped[0]!.reason).toMatch(
      /too-large: \d+ bytes is over the index limit of 1000 bytes/,
    );
    expect(summary.skipped[1]!.reason).toMatch(/binary/);
  });

  it('survives broken configs and pathological nesting - nothing in a project crashes it', async () => {
    project = await makeProject({
      ...BASE,
      'tsconfig.json': '{ "extends": "./missing.json", "compilerOptions": { "paths": ',
      'package.json': '{ "workspaces": [',
      'src/deep.ts': `export const deep = ${'['.repeat(20_000)}${']'.repeat(20_000)};\n`,
      'src/uses-paths.ts': "import { x } from '@nowhere/x';\n",
    });
    const index = project.openIndex();
    const summary = await index.refresh();
    expect(summary.files).toBeGreaterThanOrEqual(3);
    expect(index.findDefinition('alpha').definitions).toHaveLength(1);
    expect(index.findImporters('src/a.ts').map((i) => i.path)).toEqual(['src/b.ts']);
  });

  it('reports progress as status events - ending with indexing false', async () => {
    project = await makeProject(BASE);
    const statuses: IndexStatus[] = [];
    const index = project.openIndex({ onStatus: (s) => statuses.push(s) });
    await index.refresh();
    expect(statuses[0]).toMatchObject({ indexing: true, total: 2 });
    expect(statuses.at(-1)).toMatchObject({ indexing: false, files: 2 });
  });
});

describe('SymbolIndex.refreshFile', () => {
  it('makes an edit queryable as soon as it resolves', async () => {
    project = await makeProject(BASE);
    const index = project.openIndex();
    await index.refresh();
    writeFileSync(path.join(project.dir, 'src/a.ts'), 'export function renamed() {}\n');
    await index.refreshFile('src/a.ts');
    expect(index.findDefinition('renamed').definitions[0]).toMatchObject({
      path: 'src/a.ts',
      line: 1,
    });
    expect(index.findDefinition('alpha').definitions).toEqual([]);
  });

  it('adds a new file, resolving imports that pointed at it - and drops a deleted one', async () => {
    project = await makeProject(BASE);
    const index = project.openIndex();
    await index.refresh();
    project.write('src/c.ts', 'export const gamma = 3;\n');
    await index.refreshFile(path.join(project.dir, 'src/c.ts'));
    expect(index.findImporters('src/c.ts#gamma').map((i) => i.path)).toEqual(['src/b.ts']);
    rmSync(path.join(project.dir, 'src/c.ts'));
    await index.refreshFile('src/c.ts');
    expect(index.hasFile('src/c.ts')).toBe(false);
    expect(index.findImporters('src/c.ts')).toEqual([]);
  });
});
