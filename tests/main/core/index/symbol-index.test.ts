import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import { createReferenceService, makeProject, type TestProject } from './index-test-project';

let project: TestProject;
let index: SymbolIndex;
let reference: ReturnType<typeof createReferenceService>;
let files: string[];

beforeAll(async () => {
  project = await makeProject('constructs');
  index = project.openIndex();
  await index.refresh();
  files = (
    await project.workspace.listFiles({ extensions: ['ts', 'tsx', 'mts', 'cts', 'js'] })
  ).files.filter((f) => f !== 'src/broken.ts');
  reference = createReferenceService(project.dir, files);
});
afterAll(() => project.cleanup());

function only(name: string, kind?: Parameters<SymbolIndex['findDefinition']>[1]) {
  const { definitions } = index.findDefinition(name, kind);
  expect(definitions.length, `definitions of ${name}`).toBeGreaterThan(0);
  return definitions[0]!;
}

describe('SymbolIndex definitions', () => {
  it('extracts every construct - kind, exported flag and signature', () => {
    expect(only('area')).toMatchObject({
      path: 'src/shapes.ts',
      kind: 'function',
      exported: true,
      signature: 'export function area(width: number, height: number): number',
    });
    expect(only('hidden')).toMatchObject({ kind: 'function', exported: false });
    expect(only('Shape')).toMatchObject({
      kind: 'class',
      exported: true,
      signature: 'export class Shape<T>',
    });
    expect(only('Shape.resize')).toMatchObject({
      kind: 'method',
      signature: 'resize(factor: number): Shape<T>',
    });
    expect(only('Shape.count')).toMatchObject({ kind: 'property' });
    expect(only('Shape.label')).toMatchObject({ kind: 'property' });
    expect(only('Shape.secret')).toMatchObject({ exported: false });
    expect(only('Sized')).toMatchObject({ kind: 'interface' });
    expect(only('Dimensions')).toMatchObject({ kind: 'type' });
    expect(only('Unit')).toMatchObject({ kind: 'enum' });
    expect(only('Geometry.Plane')).toMatchObject({ kind: 'namespace' });
    expect(only('Geometry.Plane.origin')).toMatchObject({ kind: 'variable' });
    expect(only('virtual:shapes')).toMatchObject({ kind: 'module' });
    expect(only('virtualShape')).toMatchObject({ kind: 'function', exported: true });
    for (const name of ['left', 'first', 'second'])
      expect(only(name)).toMatchObject({ kind: 'variable', exported: true });
    expect(only('internal')).toMatchObject({ exported: false });
    expect(only('makeShape')).toMatchObject({ kind: 'function', exported: true });
    expect(only('inner')).toMatchObject({ exported: true });
    expect(only('View')).toMatchObject({ path: 'src/view.tsx' });
    expect(only('esmValue')).toMatchObject({ path: 'src/esm-util.mts' });
    expect(only('plainHelper')).toMatchObject({ path: 'src/plain.js' });
  });

  it('records default exports under the local name and as default', () => {
    const defaults = index
      .findDefinition('default')
      .definitions.map((d) => d.path)
      .sort();
    expect(defaults).toEqual([
      'src/anon-default.ts',
      'src/colors.ts',
      'src/default-ident.ts',
      'src/shapes.ts',
    ]);
    expect(only('settings')).toMatchObject({ path: 'src/default-ident.ts', exported: true });
  });

  it('finds a member by its short name - Class.member', () => {
    expect(index.findDefinition('resize').definitions[0]).toMatchObject({ name: 'Shape.resize' });
  });

  it('filters by kind - and suggests similar names when nothing matches', () => {
    expect(index.findDefinition('area', 'class').definitions).toEqual([]);
    const missing = index.findDefinition('makeShap');
    expect(missing.definitions).toEqual([]);
    expect(missing.suggestions).toContain('makeShape');
  });

  it('places every declaration where the language service does', () => {
    let checked = 0;
    for (const file of files) {
      for (const symbol of index.outline(file)) {
        if (
          symbol.kind === 'default' ||
          symbol.kind === 'module' ||
          symbol.name.endsWith('.constructor')
        )
          continue;
        // The language service sends a shorthand destructuring name to the initializer's property.
        if (symbol.name === 'left') continue;
        // `export * as ns` is defined by the module it names, for the language service.
        if (symbol.kind === 'namespace' && symbol.signature.startsWith('export * as')) continue;
        const defs = reference.definitionsAt(file, symbol.line, symbol.column);
        expect(
          defs.some((d) => d.path === file && d.line === symbol.line && d.column === symbol.column),
          `${file}:${symbol.line}:${symbol.column} ${symbol.name} → ${JSON.stringify(defs)}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('agrees with go-to-definition at every import site - through barrels and aliases', () => {
    const text = readFileSync(path.join(project.dir, 'src/consumer.ts'), 'utf8');
    const sf = ts.createSourceFile('consumer.ts', text, ts.ScriptTarget.Latest, true);
    let checked = 0;
    for (const statement of sf.statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
      const clause = statement.importClause;
      const names: ts.Identifier[] = [];
      if (clause.name) names.push(clause.name);
      if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
        for (const e of clause.namedBindings.elements) names.push(e.name);
      for (const id of names) {
        const lc = sf.getLineAndCharacterOfPosition(id.getStart(sf));
        const expected = reference.definitionsAt('src/consumer.ts', lc.line + 1, lc.character + 1);
        const ours = index.findDefinitionFrom(id.text, 'src/consumer.ts');
        expect(ours.length, `no definition for ${id.text}`).toBeGreaterThan(0);
        const top = ours[0]!;
        expect(
          expected.some((d) => d.path === top.path && d.line === top.line),
          `${id.text}: ours ${top.path}:${top.line}, language service ${JSON.stringify(expected)}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(18);
  });

  it('records a parse failure with its error - and keeps indexing the rest', () => {
    const skipped = index.skipped();
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ path: 'src/broken.ts' });
    expect(skipped[0]!.reason).toMatch(/parse-error: \d+:\d+ '\}' expected/);
    expect(index.outline('src/broken.ts')).toEqual([]);
  });

  it('outlines one file in source order', () => {
    const outline = index.outline('./src/colors.ts').map((d) => d.name);
    expect(outline).toEqual(['Color', 'PRIMARY', 'default']);
  });

  it('searches symbols and files fuzzily', () => {
    expect(index.searchSymbols('mkshp', 5).map((d) => d.name)).toContain('makeShape');
    expect(index.searchSymbols('', 3)).toHaveLength(3);
    expect(index.searchFiles('geoidx', 3)[0]).toBe('src/geometry/index.ts');
  });
});
