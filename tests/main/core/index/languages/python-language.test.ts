import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolIndex } from '../../../../../src/main/core/index/symbol-index';
import { makeProject, type TestProject } from '../index-test-project';

let project: TestProject;
let index: SymbolIndex;

beforeAll(async () => {
  project = await makeProject('languages/python');
  index = project.openIndex();
  await index.refresh();
});
afterAll(() => project.cleanup());

const ORDER = 'src/shop/models/order.py';

function one(name: string) {
  const found = index.findDefinition(name).definitions;
  expect(found.length, `definitions of ${name}`).toBeGreaterThan(0);
  return found[0]!;
}

describe('Python definitions', () => {
  it('python definitions - kind, position, public flag and signature per construct', () => {
    expect(one('Order')).toMatchObject({
      path: ORDER,
      kind: 'class',
      line: 10,
      column: 7,
      exported: true,
      signature: 'class Order',
    });
    expect(one('Order.add')).toMatchObject({
      kind: 'method',
      line: 16,
      signature: 'def add(self, sku: str, qty: int = 1) -> "Order"',
    });
    expect(one('Order.size')).toMatchObject({ kind: 'method', signature: 'def size(self) -> int' });
    expect(one('Order.id')).toMatchObject({ kind: 'property', signature: 'id: OrderId' });
    expect(one('Order.Status')).toMatchObject({ kind: 'class' });
    expect(one('Order.Status.OPEN')).toMatchObject({ kind: 'property' });
    expect(one('Order._check')).toMatchObject({ kind: 'method', exported: false });
    expect(one('_private_helper')).toMatchObject({ kind: 'function', exported: false });
    expect(one('OrderId')).toMatchObject({ kind: 'type', signature: 'OrderId: TypeAlias = int' });
    expect(one('Lines')).toMatchObject({
      kind: 'type',
      signature: 'type Lines = list[tuple[str, int]]',
    });
    expect(one('MAX_LINES')).toMatchObject({ kind: 'constant', signature: 'MAX_LINES = 50' });
    expect(one('refresh_prices')).toMatchObject({
      kind: 'function',
      signature: 'async def refresh_prices()',
    });
    expect(one('Customer.__init__')).toMatchObject({ kind: 'method', exported: true });
  });

  it('python definitions - locals inside functions are not indexed', () => {
    expect(index.findDefinition('count').definitions).toEqual([]);
    expect(index.findDefinition('inner').definitions).toEqual([]);
    expect(index.findDefinition('Customer.name').definitions).toHaveLength(1); // the class attribute only
  });

  it('python definitions - --kind filters by the language kinds', () => {
    expect(index.findDefinition('MAX_LINES', 'constant').definitions).toHaveLength(1);
    expect(index.findDefinition('MAX_LINES', 'variable').definitions).toEqual([]);
  });
});

describe('Python imports', () => {
  const from = (name: string) => index.findDefinitionFrom(name, 'src/app.py')[0];

  it('python imports - follow __init__.py re-exports and `from x import *` to the declaration', () => {
    expect(from('Order')).toMatchObject({ path: ORDER, name: 'Order', line: 10 });
    expect(from('total')).toMatchObject({ path: 'src/shop/pricing.py', name: 'total', line: 4 });
  });

  it('python imports - a name that is a submodule lands on the module', () => {
    expect(from('util')).toMatchObject({ path: 'src/shop/util.py', kind: 'module' });
    expect(from('customer')).toMatchObject({ path: 'src/shop/models/customer.py', kind: 'module' });
  });

  it('python imports - aliases, dotted imports, imports inside functions', () => {
    expect(from('make_slug')).toMatchObject({ path: 'src/shop/util.py', name: 'slug' });
    expect(from('shop.models.order')).toMatchObject({ path: ORDER, kind: 'module' });
    expect(from('shop')).toMatchObject({ path: 'src/shop/__init__.py', kind: 'module' });
    expect(from('refresh_prices')).toMatchObject({ path: 'src/shop/pricing.py' });
  });

  it('python imports - src-layout and pyproject extraPaths are import roots', () => {
    expect(from('shout')).toMatchObject({ path: 'tools/helpers.py', name: 'shout' });
  });

  it('python imports - unresolved imports are kept as external', () => {
    expect(from('requests')).toBeUndefined();
    const rows = index.findImporters('src/app.py');
    expect(rows).toEqual([]);
    expect(index.status().imports).toBeGreaterThan(0);
  });

  it('python importers - direct, relative, and through package re-exports', () => {
    const importers = index.findImporters(ORDER);
    const where = importers.map((i) => `${i.path}:${i.line}:${i.specifier}`);
    expect(where).toEqual([
      'src/app.py:1:shop',
      'src/app.py:2:shop.models.order',
      'src/app.py:3:shop',
      'src/shop/__init__.py:2:.models',
      'src/shop/__init__.py:3:.pricing',
      'src/shop/models/__init__.py:1:.order',
      'src/shop/pricing.py:1:.models.order',
    ]);
    expect(importers.find((i) => i.path === 'src/app.py' && i.line === 3)?.via).toEqual([
      'src/shop/__init__.py',
      'src/shop/models/__init__.py',
    ]);
  });

  it('python importers - of one symbol follow only the names that carry it', () => {
    const where = index
      .findImporters('src/shop/pricing.py#total')
      .map((i) => `${i.path}:${i.line}`);
    expect(where).toEqual(['src/app.py:1', 'src/app.py:3', 'src/shop/__init__.py:3']);
    const slug = index.findImporters('src/shop/util.py#slug').map((i) => `${i.path}:${i.line}`);
    expect(slug).toContain('src/app.py:5');
  });

  it('python index - a changed file is re-read and its importers re-resolved', async () => {
    project.write('src/shop/extra.py', 'def bonus():\n    pass\n');
    project.write('src/app2.py', 'from shop.extra import bonus\n');
    await index.refresh();
    expect(index.findDefinitionFrom('bonus', 'src/app2.py')[0]).toMatchObject({
      path: 'src/shop/extra.py',
    });
  });
});

describe('Python in the worker pool', () => {
  it('python index - worker threads load the grammar and extract the same symbols', async () => {
    const other = await makeProject('languages/python');
    try {
      const pooled = other.openIndex({ home: null, pool: { size: 1, inProcessBelow: 0 } });
      const summary = await pooled.refresh();
      expect(summary.skipped).toEqual([]);
      expect(pooled.outline(ORDER)).toEqual(index.outline(ORDER));
      expect(pooled.findDefinitionFrom('total', 'src/app.py')[0]).toMatchObject({
        path: 'src/shop/pricing.py',
      });
    } finally {
      other.cleanup();
    }
  });
});

describe('Python stubs', () => {
  it('python importers - a stub beside its source wins resolution, and both are one module', async () => {
    const other = await makeProject({
      'pkg/__init__.py': '',
      'pkg/mod.py': 'def f():\n    pass\n',
      'pkg/mod.pyi': 'def f() -> None: ...\n',
      'main.py': 'from pkg.mod import f\n',
    });
    try {
      const idx = other.openIndex();
      await idx.refresh();
      expect(idx.findDefinitionFrom('f', 'main.py')[0]).toMatchObject({ path: 'pkg/mod.pyi' });
      expect(idx.findImporters('pkg/mod.py').map((i) => i.path)).toEqual(['main.py']);
      expect(idx.findImporters('pkg/mod.pyi').map((i) => i.path)).toEqual(['main.py']);
    } finally {
      other.cleanup();
    }
  });
});

describe('Python packages importing themselves', () => {
  it('python imports - `from . import x` in an __init__.py with a stub twin lands on submodule x', async () => {
    const other = await makeProject({
      'pkg/__init__.py': 'from . import sub\n',
      'pkg/__init__.pyi': 'sub: int\n',
      'pkg/sub.py': 'def f():\n    pass\n',
    });
    try {
      const idx = other.openIndex();
      await idx.refresh();
      expect(idx.findDefinitionFrom('sub', 'pkg/__init__.py')[0]).toMatchObject({
        path: 'pkg/sub.py',
        kind: 'module',
      });
    } finally {
      other.cleanup();
    }
  });
});

describe('Python syntax errors', () => {
  it('python index - a file with a syntax error keeps the definitions tree-sitter recovered', async () => {
    const other = await makeProject({
      'broken.py': 'def good():\n    pass\n\ndef bad(:\n    pass\n\nclass Fine:\n    x = 1\n',
    });
    try {
      const idx = other.openIndex();
      const summary = await idx.refresh();
      expect(summary.skipped).toEqual([]);
      const names = idx.outline('broken.py').map((d) => d.name);
      expect(names).toContain('good');
      expect(names).toContain('Fine');
    } finally {
      other.cleanup();
    }
  });
});

describe('Python configuration changes', () => {
  it('python index - a pyproject.toml change re-resolves imports of unchanged files', async () => {
    const other = await makeProject({
      'pyproject.toml': '[project]\nname = "p"\n',
      'lib3/m3.py': 'def helper():\n    pass\n',
      'app3.py': 'from m3 import helper\n',
    });
    try {
      const idx = other.openIndex();
      await idx.refresh();
      expect(idx.findImporters('lib3/m3.py')).toEqual([]);
      other.write(
        'pyproject.toml',
        '[project]\nname = "p"\n\n[tool.pyright]\nextraPaths = ["lib3"]\n',
      );
      await idx.refresh();
      expect(idx.findImporters('lib3/m3.py').map((i) => i.path)).toEqual(['app3.py']);
      expect(idx.findDefinitionFrom('helper', 'app3.py')[0]).toMatchObject({ path: 'lib3/m3.py' });
    } finally {
      other.cleanup();
    }
  });
});
