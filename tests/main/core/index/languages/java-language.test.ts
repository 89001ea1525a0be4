import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolIndex } from '../../../../../src/main/core/index/symbol-index';
import { makeProject, type TestProject } from '../index-test-project';

let project: TestProject;
let index: SymbolIndex;

beforeAll(async () => {
  project = await makeProject('languages/java');
  index = project.openIndex();
  await index.refresh();
});
afterAll(() => project.cleanup());

const ROOT = 'src/main/java/com/acme';
const CIRCLE = `${ROOT}/shapes/Circle.java`;
const MAIN = `${ROOT}/app/Main.java`;

function one(name: string) {
  const found = index.findDefinition(name).definitions;
  expect(found.length, `definitions of ${name}`).toBeGreaterThan(0);
  return found[0]!;
}

describe('Java definitions', () => {
  it('java definitions - kind, position, public flag and signature per construct', () => {
    expect(one('Circle')).toMatchObject({
      path: CIRCLE,
      kind: 'class',
      line: 5,
      column: 14,
      exported: true,
      signature: 'public class Circle extends Shape implements Area',
    });
    expect(one('Circle.PI')).toMatchObject({ kind: 'constant', exported: true });
    expect(one('Circle.id')).toMatchObject({ kind: 'property', exported: false });
    expect(one('Circle.version')).toMatchObject({ kind: 'property', line: 7 });
    expect(one('Circle.label')).toMatchObject({ kind: 'property', exported: false });
    expect(index.findDefinition('Circle.Circle').definitions[0]).toMatchObject({
      kind: 'method',
      signature: 'public Circle(double radius)',
    });
    expect(one('Circle.area')).toMatchObject({
      kind: 'method',
      signature: '@Override public double area()',
    });
    expect(one('Circle.unit')).toMatchObject({ kind: 'method', exported: true });
    expect(one('Circle.Builder')).toMatchObject({ kind: 'class', exported: false });
    expect(one('Circle.Builder.radius')).toMatchObject({ kind: 'method' });
    expect(one('Area')).toMatchObject({ kind: 'interface' });
    expect(one('Area.ZERO')).toMatchObject({ kind: 'constant', exported: true });
    expect(one('Area.area')).toMatchObject({ kind: 'method', exported: true });
    expect(one('Kind')).toMatchObject({ kind: 'enum' });
    expect(one('Kind.ROUND')).toMatchObject({ kind: 'constant', exported: true });
    expect(one('Kind.isRound')).toMatchObject({ kind: 'method' });
    expect(one('Point')).toMatchObject({
      kind: 'class',
      signature: 'public record Point(int x, int y)',
    });
    expect(one('Marker')).toMatchObject({ kind: 'interface', exported: false });
  });

  it('java definitions - locals inside methods are not indexed', () => {
    expect(index.findDefinition('local').definitions).toEqual([]);
  });
});

describe('Java imports', () => {
  it('java imports - single-type, static and wildcard imports resolve under the source root', () => {
    expect(index.findDefinitionFrom('Circle', MAIN)[0]).toMatchObject({
      path: CIRCLE,
      name: 'Circle',
    });
    expect(index.findDefinitionFrom('Point', MAIN)[0]).toMatchObject({
      path: `${ROOT}/util/Point.java`,
    });
    expect(index.findDefinitionFrom('unit', MAIN)[0]).toMatchObject({
      path: CIRCLE,
      name: 'Circle.unit',
    });
    expect(index.findDefinitionFrom('Map', MAIN)).toEqual([]);
  });

  it('java importers - a class file has its direct and wildcard importers', () => {
    const rows = (target: string) =>
      index.findImporters(target).map((i) => `${i.path}:${i.line}:${i.specifier}`);
    expect(rows(CIRCLE)).toEqual([
      `${MAIN}:3:com.acme.shapes.Circle`,
      `${MAIN}:4:com.acme.shapes.*`,
      `${MAIN}:6:com.acme.shapes.Circle`,
    ]);
    expect(rows(`${ROOT}/shapes/Kind.java`)).toEqual([
      `${MAIN}:4:com.acme.shapes.*`,
      `${CIRCLE}:20:com.acme.shapes.Kind`,
    ]);
  });

  it('java importers - classes of the same package count without an import statement', () => {
    const rows = (target: string) =>
      index.findImporters(target).map((i) => `${i.path}:${i.line}:${i.specifier}`);
    // Circle extends Shape and implements Area, both of its own package, never imported.
    expect(rows(`${ROOT}/shapes/Shape.java`)).toEqual([
      `${MAIN}:4:com.acme.shapes.*`,
      `${CIRCLE}:5:com.acme.shapes.Shape`,
    ]);
    expect(rows(`${ROOT}/shapes/Area.java`)).toContain(`${CIRCLE}:5:com.acme.shapes.Area`);
    // A static use (`Kind.values()`, above) is a use of the class too.
    // Go-to-definition from Circle follows the same binding.
    expect(index.findDefinitionFrom('Shape', CIRCLE)[0]).toMatchObject({
      path: `${ROOT}/shapes/Shape.java`,
      name: 'Shape',
    });
    // JDK names and the file's own classes stay unresolved or local: no importer rows.
    expect(rows(CIRCLE).filter((row) => row.startsWith(CIRCLE))).toEqual([]);
    expect(index.findDefinitionFrom('String', CIRCLE)).toEqual([]);
  });

  it('java importers - a same-package class added later links the files that already used it', async () => {
    const later = await makeProject({
      'src/com/acme/Uses.java': 'package com.acme;\n\nclass Uses extends Gadget {}\n',
    });
    const live = later.openIndex();
    try {
      await live.refresh();
      expect(live.findImporters('src/com/acme/Gadget.java')).toEqual([]);
      later.write('src/com/acme/Gadget.java', 'package com.acme;\n\npublic class Gadget {}\n');
      await live.refresh();
      expect(
        live.findImporters('src/com/acme/Gadget.java').map((i) => `${i.path}:${i.line}`),
      ).toEqual(['src/com/acme/Uses.java:3']);
    } finally {
      await live.close();
      later.cleanup();
    }
  });
});
