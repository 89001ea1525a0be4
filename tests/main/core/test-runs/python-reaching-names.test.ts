import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  grammarFor,
  prepareGrammarsFor,
  type LoadedGrammar,
} from '../../../../src/main/core/index/languages/tree-sitter-runtime';
import { pythonChangedNames } from '../../../../src/shared/python-changed-names';
import {
  pythonFirstStage,
  reachingTests,
} from '../../../../src/main/core/test-runs/python-first-stage';
import { readTestModule } from '../../../../src/main/core/test-runs/python-test-units';
import { pythonImportGraph } from '../../../../src/main/core/test-runs/python-test-selection';

let grammar: LoadedGrammar;
beforeAll(async () => {
  await prepareGrammarsFor(['a.py']);
  const loaded = grammarFor('python');
  if (typeof loaded === 'string') throw new Error(loaded);
  grammar = loaded;
});

const LIB = [
  'import math',
  '',
  '_cache = {}',
  '',
  'def chunked(items, n):',
  '    return [items[i:i + n] for i in range(0, len(items), n)]',
  '',
  'def ichunked(items, n):',
  '    return iter(chunked(items, n))',
  '',
  'def first(items):',
  '    return items[0]',
  '',
  'class Cart:',
  '    rate = 1',
  '',
  '    def total(self):',
  '        return 1',
  '',
  '    def __repr__(self):',
  '        return "Cart"',
  '',
].join('\n');

const reach = (source: string, names: string[]): 'module' | string[] =>
  reachingTests(readTestModule(grammar, source), new Set(names));

describe('changed names of a Python module', () => {
  it('pythonChangedNames - a changed function, and the module functions that use it', () => {
    const names = pythonChangedNames(LIB, LIB.replace('range(0, len(items), n)', 'range(0, n)'));
    expect(names?.shown).toEqual(['chunked']);
    expect([...(names?.reaching ?? [])].sort()).toEqual(['chunked', 'ichunked']);
    // A function that calls it inside an f-string uses it too; a plain string does not.
    const shown = `${LIB}\ndef show(items):\n    return f"{chunked(items, 2)}"\n\n\ndef label():\n    return "chunked"\n`;
    const through = pythonChangedNames(
      shown,
      shown.replace('range(0, len(items), n)', 'range(0, n)'),
    );
    expect([...(through?.reaching ?? [])].sort()).toEqual(['chunked', 'ichunked', 'show']);
  });

  it('pythonChangedNames - a changed method counts as its class and itself; a dunder as its class only', () => {
    const total = pythonChangedNames(LIB, LIB.replace('return 1', 'return 2'));
    expect(total?.shown).toEqual(['Cart.total']);
    expect([...(total?.reaching ?? [])].sort()).toEqual(['Cart', 'total']);
    const repr = pythonChangedNames(LIB, LIB.replace('"Cart"', '"Cart()"'));
    expect(repr?.shown).toEqual(['Cart.__repr__']);
    expect([...(repr?.reaching ?? [])]).toEqual(['Cart']);
    // A class attribute is outside every method: the class as a whole.
    expect(pythonChangedNames(LIB, LIB.replace('rate = 1', 'rate = 2'))?.shown).toEqual(['Cart']);
  });

  it('pythonChangedNames - comments and spacing change nothing; an added or removed function is a changed name', () => {
    expect(
      pythonChangedNames(LIB, LIB.replace('def first(items):', 'def first( items ):  # one'))
        ?.reaching.size,
    ).toBe(0);
    expect(
      pythonChangedNames(LIB, `${LIB}\ndef last(items):\n    return items[-1]\n`)?.shown,
    ).toEqual(['last']);
    const removed = LIB.replace('def first(items):\n    return items[0]\n', '');
    expect(pythonChangedNames(LIB, removed)?.shown).toEqual(['first']);
  });

  it('pythonChangedNames - module code: no names (every test may reach it)', () => {
    expect(pythonChangedNames(LIB, LIB.replace('_cache = {}', '_cache = {1: 2}'))).toBeNull();
    expect(pythonChangedNames(LIB, LIB.replace('import math', 'import math, os'))).toBeNull();
    // Module code that uses a changed function runs it on import.
    const uses = `${LIB}\nDEFAULT = first([1])\n`;
    expect(pythonChangedNames(uses, uses.replace('items[0]', 'items[1]'))).toBeNull();
    // Also through a function that uses it.
    const through = `${LIB}\ndef head(items):\n    return first(items)\n\n\nDEFAULT = head([1])\n`;
    expect(pythonChangedNames(through, through.replace('items[0]', 'items[1]'))).toBeNull();
    // A name defined twice, or a text the tokens cannot read.
    const twice = `${LIB}\ndef first(items):\n    return None\n`;
    expect(pythonChangedNames(twice, twice.replace('return None', 'return 0'))).toBeNull();
    expect(pythonChangedNames(LIB, `${LIB}\nx = "unclosed\n`)).toBeNull();
  });
});

describe('tests that reach changed names', () => {
  it('reachingTests - direct use, a module attribute, a dotted module path and an alias', () => {
    const source = [
      'import shop',
      'import shop.lib',
      'import shop.lib as L',
      'from shop.lib import chunked as ck, first',
      '',
      'def test_direct():',
      '    assert first([1]) == 1',
      'def test_attribute():',
      '    assert L.chunked([1], 1)',
      'def test_dotted():',
      '    assert shop.lib.chunked([1], 1)',
      'def test_alias():',
      '    assert ck([1], 1)',
      'def test_other():',
      '    assert shop.lib.ichunked([1], 1)',
    ].join('\n');
    expect(reach(source, ['chunked'])).toEqual(['test_attribute', 'test_dotted', 'test_alias']);
    expect(reach(source, ['first'])).toEqual(['test_direct']);
  });

  it('reachingTests - a helper function chain and a fixture of the module, by the names used', () => {
    const source = [
      'import pytest',
      'from shop.lib import chunked',
      '',
      'def pairs(items):',
      '    return chunked(items, 2)',
      'def pairs_of_pairs(items):',
      '    return pairs(pairs(items))',
      '',
      '@pytest.fixture',
      'def batches():',
      '    return chunked([1, 2, 3], 2)',
      '',
      '@pytest.fixture(name="numbers")',
      'def make_numbers():',
      '    return [1, 2]',
      '',
      'def test_helper_chain():',
      '    assert pairs_of_pairs([1, 2, 3, 4])',
      'def test_fixture(batches):',
      '    assert batches',
      'def test_named_fixture(numbers):',
      '    assert numbers',
      '@pytest.mark.usefixtures("batches")',
      'def test_usefixtures():',
      '    pass',
    ].join('\n');
    expect(reach(source, ['chunked'])).toEqual([
      'test_helper_chain',
      'test_fixture',
      'test_usefixtures',
    ]);
  });

  it('reachingTests - test classes by method, their set-up and helpers; unittest classes; a foreign base whole', () => {
    const source = [
      'from unittest import TestCase',
      'from shop.lib import Cart, chunked',
      'from shop.base import Base',
      '',
      'class TestCart:',
      '    def test_total(self):',
      '        assert Cart().total() == 1',
      '    def test_empty(self):',
      '        assert self.empty() == []',
      '    def test_none(self):',
      '        assert True',
      '    def empty(self):',
      '        return chunked([], 1)',
      '',
      'class ChunkedTests(TestCase):',
      '    def setUp(self):',
      '        self.c = chunked',
      '    def test_one(self):',
      '        pass',
      '',
      'class TestBased(Base):',
      '    def test_inherited_too(self):',
      '        pass',
    ].join('\n');
    expect(reach(source, ['Cart', 'total'])).toEqual(['TestCart::test_total']);
    expect(reach(source, ['chunked'])).toEqual(['TestCart::test_empty', 'ChunkedTests::test_one']);
    // A base from elsewhere may define tests and use anything: the class whole, when it uses it.
    expect(reach(source, ['Base'])).toEqual(['TestBased']);
  });

  it('reachingTests - a star import, getattr on a module, module code or an autouse fixture: the whole module', () => {
    const tests = 'def test_a():\n    pass\ndef test_b():\n    pass\n';
    expect(reach(`from shop.lib import *\n${tests}`, ['chunked'])).toBe('module');
    expect(
      reach(`import shop.lib as L\n${tests}def test_c():\n    getattr(L, "chunked")\n`, [
        'chunked',
      ]),
    ).toBe('module');
    expect(reach(`from shop.lib import chunked\nCASES = [chunked]\n${tests}`, ['chunked'])).toBe(
      'module',
    );
    const autouse = `import pytest\nfrom shop.lib import chunked\n@pytest.fixture(autouse=True)\ndef reset():\n    chunked([], 1)\n${tests}`;
    expect(reach(autouse, ['chunked'])).toBe('module');
    // getattr on anything else is read as it is written.
    expect(reach(`${tests}def test_c(self):\n    getattr(self, "x")\n`, ['chunked'])).toEqual([]);
  });
});

describe('the first stage of a Python selection', () => {
  let base: string | undefined;
  afterEach(() => base && rmSync(base, { recursive: true, force: true }));

  function project(files: Record<string, string>): { root: string; files: string[] } {
    base = mkdtempSync(path.join(os.tmpdir(), 'sluice-first-stage-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      writeFileSync(path.join(base, file), text);
    }
    return { root: base, files: Object.keys(files).sort() };
  }

  const TESTS = [
    'import shop.lib as L',
    'def test_chunked():',
    '    assert L.chunked([1, 2], 1) == [[1], [2]]',
    'def test_first():',
    '    assert L.first([1]) == 1',
    'def test_math():',
    '    assert 1 + 1 == 2',
    '',
  ].join('\n');

  function stageFor(
    files: Record<string, string>,
    after: string,
    tests = ['tests/test_lib.py'],
  ): ReturnType<typeof pythonFirstStage> {
    const { root, files: all } = project(files);
    return pythonFirstStage({
      root,
      changes: [{ path: 'shop/lib.py', before: LIB, after }],
      tests,
      files: all,
      graph: pythonImportGraph(root, all),
      grammar,
    });
  }

  it('pythonFirstStage - the tests that use the changed function, by node id', () => {
    const files = { 'shop/__init__.py': '', 'shop/lib.py': LIB, 'tests/test_lib.py': TESTS };
    expect(stageFor(files, LIB.replace('items[0]', 'items[-1]'))).toEqual({
      kind: 'stage',
      nodeIds: ['tests/test_lib.py::test_first'],
      shown: ['first'],
      first: 1,
      all: 3,
    });
  });

  it('pythonFirstStage - module code, no test using the names, or a conftest importing the change: none', () => {
    const files = { 'shop/__init__.py': '', 'shop/lib.py': LIB, 'tests/test_lib.py': TESTS };
    expect(stageFor(files, LIB.replace('_cache = {}', '_cache = []'))).toEqual({
      kind: 'none',
      reason: 'shop/lib.py changes outside its functions and classes',
    });
    expect(stageFor(files, LIB.replace('return 1', 'return 3'))).toEqual({
      kind: 'none',
      reason: 'no test uses the changed names',
    });
    const withConftest = { ...files, 'tests/conftest.py': 'from shop.lib import first\n' };
    expect(stageFor(withConftest, LIB.replace('items[0]', 'items[-1]'))).toEqual({
      kind: 'none',
      reason: 'every selected test module may use the changed names',
    });
  });
});
