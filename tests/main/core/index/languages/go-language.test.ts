import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolIndex } from '../../../../../src/main/core/index/symbol-index';
import { makeProject, type TestProject } from '../index-test-project';

let project: TestProject;
let index: SymbolIndex;

beforeAll(async () => {
  project = await makeProject('languages/go');
  index = project.openIndex();
  await index.refresh();
});
afterAll(() => project.cleanup());

function one(name: string) {
  const found = index.findDefinition(name).definitions;
  expect(found.length, `definitions of ${name}`).toBeGreaterThan(0);
  return found[0]!;
}

describe('Go definitions', () => {
  it('go definitions - kind, position, exported flag and signature per construct', () => {
    expect(one('New')).toMatchObject({
      path: 'geo/point.go',
      kind: 'function',
      line: 23,
      column: 6,
      exported: true,
      signature: 'func New(x, y float64) *Point',
    });
    expect(one('Point')).toMatchObject({
      kind: 'struct',
      exported: true,
      signature: 'Point struct',
    });
    expect(one('Point.X')).toMatchObject({ kind: 'property', exported: true });
    expect(one('Point.Y')).toMatchObject({ kind: 'property', line: 15, column: 5 });
    expect(one('Point.label')).toMatchObject({ kind: 'property', exported: false });
    expect(one('Point.Dist')).toMatchObject({
      kind: 'method',
      signature: 'func (p *Point) Dist(q Point) float64',
    });
    expect(one('Point.zero')).toMatchObject({ kind: 'method', exported: false });
    expect(one('ID')).toMatchObject({ kind: 'type', signature: 'ID = string' });
    expect(one('Meters')).toMatchObject({ kind: 'type' });
    expect(one('Max')).toMatchObject({ kind: 'constant', exported: true });
    expect(one('min')).toMatchObject({ kind: 'constant', exported: false });
    expect(one('Unit')).toMatchObject({ kind: 'constant' });
    expect(one('Origin')).toMatchObject({ kind: 'variable', exported: true });
    expect(one('Shape')).toMatchObject({ kind: 'interface' });
    expect(one('Shape.Area')).toMatchObject({ kind: 'method' });
    expect(one('List')).toMatchObject({ kind: 'struct' });
    expect(one('List.Push')).toMatchObject({ kind: 'method', path: 'geo/shape.go' });
    expect(one('Map')).toMatchObject({ kind: 'function' });
  });

  it('go definitions - locals inside functions are not indexed', () => {
    expect(index.findDefinition('scratch').definitions).toEqual([]);
    expect(index.findDefinition('struct', 'struct').definitions).toEqual([]);
  });
});

describe('Go imports', () => {
  it('go imports - a package import resolves through go.mod to the package directory', () => {
    expect(index.findDefinitionFrom('g.New', 'main.go')[0]).toMatchObject({
      path: 'geo/point.go',
      name: 'New',
    });
    expect(index.findDefinitionFrom('g.Map', 'main.go')[0]).toMatchObject({ path: 'geo/shape.go' });
    expect(index.findDefinitionFrom('util.Clamp', 'main.go')[0]).toMatchObject({
      path: 'util/v2/util.go',
    });
    expect(index.findDefinitionFrom('g', 'main.go')[0]).toMatchObject({
      kind: 'module',
      path: 'geo/',
    });
  });

  it('go importers - every file of the package has the package importers', () => {
    for (const file of ['geo/point.go', 'geo/shape.go'])
      expect(index.findImporters(file).map((i) => `${i.path}:${i.line}:${i.specifier}`)).toEqual([
        'main.go:5:example.com/shapes/geo',
      ]);
    expect(index.findImporters('geo/shape.go#Map').map((i) => i.path)).toEqual(['main.go']);
  });

  it('go imports - the standard library and other modules stay external', () => {
    expect(index.findDefinitionFrom('fmt.Println', 'main.go')).toEqual([]);
    expect(index.status().imports).toBe(5);
  });
});
