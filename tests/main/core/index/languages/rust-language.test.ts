import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolIndex } from '../../../../../src/main/core/index/symbol-index';
import { makeProject, type TestProject } from '../index-test-project';

let project: TestProject;
let index: SymbolIndex;

beforeAll(async () => {
  project = await makeProject('languages/rust');
  index = project.openIndex();
  await index.refresh();
});
afterAll(() => project.cleanup());

const SHAPES = 'src/shapes/mod.rs';

function one(name: string) {
  const found = index.findDefinition(name).definitions;
  expect(found.length, `definitions of ${name}`).toBeGreaterThan(0);
  return found[0]!;
}

describe('Rust definitions', () => {
  it('rust definitions - kind, position, pub flag and signature per construct', () => {
    expect(one('Circle')).toMatchObject({
      path: SHAPES,
      kind: 'struct',
      line: 19,
      column: 12,
      exported: true,
      signature: 'pub struct Circle',
    });
    expect(one('Circle.radius')).toMatchObject({ kind: 'property', exported: true });
    expect(one('Circle.id')).toMatchObject({ kind: 'property', exported: false });
    expect(one('Circle.new')).toMatchObject({
      kind: 'method',
      exported: true,
      signature: 'pub fn new(radius: Radius) -> Self',
    });
    // An inherent impl and a trait impl both qualify by the implementing type.
    expect(index.findDefinition('Circle.area').definitions).toHaveLength(1);
    expect(index.findDefinition('Square.area').definitions).toHaveLength(1);
    expect(one('Area')).toMatchObject({ kind: 'trait', signature: 'pub trait Area' });
    expect(one('Area.area')).toMatchObject({ kind: 'method', signature: 'fn area(&self) -> f64;' });
    expect(one('Area.describe')).toMatchObject({ kind: 'method', exported: true });
    expect(one('Kind')).toMatchObject({ kind: 'enum' });
    expect(one('Kind.Angular')).toMatchObject({ kind: 'property' });
    expect(one('Radius')).toMatchObject({ kind: 'type', signature: 'pub type Radius = f64;' });
    expect(one('PI')).toMatchObject({ kind: 'constant', exported: true });
    expect(one('COUNT')).toMatchObject({ kind: 'constant', exported: false });
    expect(one('Bits')).toMatchObject({ kind: 'struct', signature: 'pub union Bits' });
    expect(one('square_of')).toMatchObject({ kind: 'macro', path: 'src/lib.rs' });
    expect(one('inline')).toMatchObject({ kind: 'module' });
    expect(one('inline.helper')).toMatchObject({ kind: 'function', exported: true });
    expect(one('scale')).toMatchObject({ kind: 'function', exported: true });
  });

  it('rust definitions - locals inside functions are not indexed', () => {
    expect(index.findDefinition('local').definitions).toEqual([]);
  });
});

describe('Rust imports', () => {
  it('rust imports - use paths through crate::, self::, super:: and the mod tree', () => {
    expect(index.findDefinitionFrom('clamp', SHAPES)[0]).toMatchObject({ path: 'src/util.rs' });
    expect(index.findDefinitionFrom('util', SHAPES)[0]).toMatchObject({
      path: 'src/util.rs',
      kind: 'module',
    });
    expect(index.findDefinitionFrom('Area', 'src/shapes/square.rs')[0]).toMatchObject({
      path: SHAPES,
      name: 'Area',
    });
    expect(index.findDefinitionFrom('Circle', 'src/lib.rs')[0]).toMatchObject({ path: SHAPES });
  });

  it('rust imports - a binary reaches its own library crate by its Cargo name, through pub use', () => {
    expect(index.findDefinitionFrom('Circle', 'src/main.rs')[0]).toMatchObject({
      path: SHAPES,
      name: 'Circle',
    });
    expect(index.findDefinitionFrom('Square', 'src/main.rs')[0]).toMatchObject({
      path: 'src/shapes/square.rs',
    });
    expect(index.findDefinitionFrom('fmt', SHAPES)).toEqual([]);
  });

  it('rust importers - mod declarations, use paths and pub use re-exports', () => {
    const rows = (target: string) =>
      index.findImporters(target).map((i) => `${i.path}:${i.line}:${i.specifier}`);
    expect(rows('src/util.rs')).toEqual([
      'src/lib.rs:3:self::util',
      'src/shapes/mod.rs:3:crate::util',
    ]);
    expect(rows('src/shapes/square.rs')).toEqual(
      expect.arrayContaining([
        'src/lib.rs:6:shapes::square',
        'src/main.rs:1:geometry::shapes::square',
        'src/shapes/mod.rs:1:self::square',
      ]),
    );
    const circle = index.findImporters(`${SHAPES}#Circle`);
    expect(circle.find((i) => i.path === 'src/main.rs')).toMatchObject({ via: ['src/lib.rs'] });
  });
});
