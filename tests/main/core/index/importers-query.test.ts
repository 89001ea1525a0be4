import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import { parseImporterTarget } from '../../../../src/main/core/index/importers-query';
import { makeProject, type TestProject } from './index-test-project';

let project: TestProject;
let index: SymbolIndex;

beforeAll(async () => {
  project = await makeProject('constructs');
  index = project.openIndex();
  await index.refresh();
});
afterAll(() => project.cleanup());

function summary(target: string): string[] {
  return index
    .findImporters(target)
    .map(
      (i) =>
        `${i.path}:${i.line} ${i.specifier}${i.typeOnly ? ' type' : ''}${i.via.length ? ` via ${i.via.join(',')}` : ''}`,
    );
}

describe('parseImporterTarget', () => {
  it('splits file#symbol - and keeps a bare file', () => {
    expect(parseImporterTarget('src/a.ts#foo')).toEqual({ path: 'src/a.ts', symbol: 'foo' });
    expect(parseImporterTarget('src/a.ts')).toEqual({ path: 'src/a.ts' });
    expect(parseImporterTarget('src/a.ts#')).toEqual({ path: 'src/a.ts' });
  });
});

describe('findImporters', () => {
  it('follows aliases, namespace imports, barrels and import-then-export - with the via chain', () => {
    expect(summary('src/shapes.ts#area')).toEqual([
      'src/barrel.ts:1 ./shapes.js',
      'src/consumer.ts:1 ./shapes',
      'src/consumer.ts:2 ./shapes',
      'src/consumer.ts:6 ./barrel via src/barrel.ts',
      'src/consumer.ts:8 ./reexport-imported via src/reexport-imported.ts',
      'src/consumer.ts:15 ./outer-barrel via src/outer-barrel.ts,src/barrel.ts',
      'src/outer-barrel.ts:1 ./barrel via src/barrel.ts',
      'src/reexport-imported.ts:1 ./shapes',
    ]);
  });

  it('marks type-only imports and re-exports', () => {
    expect(summary('src/shapes.ts#Sized')).toEqual([
      'src/barrel.ts:4 ./shapes type',
      'src/consumer.ts:1 ./shapes type',
      'src/consumer.ts:2 ./shapes',
      'src/outer-barrel.ts:1 ./barrel via src/barrel.ts',
    ]);
  });

  it('finds a whole file through export * and import()', () => {
    expect(summary('src/colors.ts')).toEqual([
      'src/barrel.ts:2 ./colors',
      'src/consumer.ts:6 ./barrel via src/barrel.ts',
      'src/consumer.ts:15 ./outer-barrel via src/outer-barrel.ts,src/barrel.ts',
      'src/consumer.ts:20 ./colors',
      'src/outer-barrel.ts:1 ./barrel via src/barrel.ts',
    ]);
  });

  it('follows export * as ns - and the default export by its local name', () => {
    expect(summary('src/geometry/index.ts#distance')).toEqual([
      'src/barrel.ts:3 ./geometry',
      'src/consumer.ts:6 ./barrel via src/barrel.ts',
      'src/consumer.ts:14 ./geometry',
      'src/outer-barrel.ts:1 ./barrel via src/barrel.ts',
    ]);
    expect(summary('src/shapes.ts#makeShape')).toEqual([
      'src/consumer.ts:1 ./shapes',
      'src/consumer.ts:2 ./shapes',
    ]);
    expect(summary('src/default-ident.ts#settings')).toEqual(['src/consumer.ts:5 ./default-ident']);
  });

  it('covers require(), import x = require() and side-effect imports', () => {
    expect(summary('src/plain.js')).toEqual([
      'src/consumer.ts:13 ./plain.js',
      'src/consumer.ts:21 ./plain.js',
    ]);
    expect(summary('src/cjs-util.cts')).toEqual(['src/consumer.ts:17 ./cjs-util.cjs']);
    expect(summary('src/side-effect.ts')).toEqual(['src/consumer.ts:16 ./side-effect']);
    expect(summary('./src/esm-util.mts')).toEqual(['src/consumer.ts:9 ./esm-util.mjs']);
  });

  it('finds every import ts.preProcessFile + ts.resolveModuleName find', () => {
    const config = ts.parseJsonConfigFileContent(
      ts.readConfigFile(path.join(project.dir, 'tsconfig.json'), ts.sys.readFile).config,
      ts.sys,
      project.dir,
    );
    let edges = 0;
    for (const file of config.fileNames) {
      const relative = path.relative(project.dir, file).split(path.sep).join('/');
      if (relative === 'src/broken.ts') continue;
      const text = readFileSync(file, 'utf8');
      const info = ts.preProcessFile(text, true, true);
      for (const ref of info.importedFiles) {
        const resolved = ts.resolveModuleName(
          ref.fileName,
          file,
          config.options,
          ts.sys,
        ).resolvedModule;
        if (!resolved || !resolved.resolvedFileName.startsWith(project.dir)) continue;
        const target = path
          .relative(project.dir, resolved.resolvedFileName)
          .split(path.sep)
          .join('/');
        const line =
          ts
            .createSourceFile(file, text, ts.ScriptTarget.Latest)
            .getLineAndCharacterOfPosition(ref.pos).line + 1;
        const hits = index.findImporters(target);
        expect(
          hits.some((h) => h.path === relative && h.line === line && h.via.length === 0),
          `${relative}:${line} → ${target}`,
        ).toBe(true);
        edges++;
      }
    }
    expect(edges).toBeGreaterThanOrEqual(22);
  });
});
