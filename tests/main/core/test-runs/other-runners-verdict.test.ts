import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, treeHash, type TempProject } from './test-run-projects';
import { spawnSync } from 'node:child_process';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;
const hasGo = sandboxExecutable('go') !== null;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe.skipIf(!canRun)('tests before approval with jest', () => {
  const PRICE = `function discount(price, percent) { return price - (price * percent) / 100; }\nmodule.exports = { discount };\n`;
  const files = {
    'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'jest' } }),
    'src/price.js': PRICE,
    'src/label.js': `const { discount } = require('./price');\nmodule.exports = { label: (p) => 'now ' + discount(p, 10) };\n`,
    'src/other.js': 'module.exports = { other: () => 1 };\n',
    '__tests__/label.test.js': `const { label } = require('../src/label');\ntest('label shows the discounted price', () => { expect(label(100)).toBe('now 90'); });\n`,
    '__tests__/other.test.js': `const { other } = require('../src/other');\ntest('other is one', () => { expect(other()).toBe(1); });\n`,
  };

  it('test verdict - jest: a breaking edit names the test reached through an importer; a benign one passes', async () => {
    project = tempProject(files, true);
    const before = treeHash(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    const broken = await service.verdict({
      changes: [{ path: 'src/price.js', after: PRICE.replace('price -', 'price +') }],
      deadlineMs: 120_000,
    });
    expect(broken.state).toBe('failed');
    expect(broken.selection?.label).toBe('jest --findRelatedTests');
    expect(broken.selection?.targets).toEqual(['__tests__/label.test.js']);
    expect(broken.newlyFailing.map((f) => f.name)).toEqual(['label shows the discounted price']);
    expect(broken.newlyFailing[0]?.output).toMatch(/now 110/u);
    const benign = await service.verdict({
      changes: [{ path: 'src/price.js', after: `// Percent off.\n${PRICE}` }],
      deadlineMs: 120_000,
    });
    expect(benign.state).toBe('passed');
    expect(benign.passed).toBe(1);
    expect(treeHash(project.root)).toBe(before);
  }, 180_000);
});

describe.skipIf(!canRun || !hasPytest)('tests before approval with pytest', () => {
  const CART = 'def total(items):\n    return sum(p * q for p, q in items)\n';
  const files = {
    'shop/__init__.py': 'from .cart import total\n',
    'shop/cart.py': CART,
    'shop/tax.py': 'def rate():\n    return 0.2\n',
    'tests/test_cart.py':
      'from shop import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n\ndef test_old_bug():\n    assert total([]) == 1\n',
    'tests/test_tax.py':
      'from shop.tax import rate\n\ndef test_rate():\n    assert rate() == 0.2\n',
    'other/test_misc.py': 'def test_misc():\n    assert True\n',
  };

  it('test verdict - pytest: tests importing the package barrel are selected; breaking, already failing, untouched', async () => {
    project = tempProject(files);
    const before = treeHash(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [{ path: 'shop/cart.py', after: CART.replace('p * q', 'p + q') }],
      deadlineMs: 120_000,
    });
    expect(verdict.selection?.targets).toContain('tests/test_cart.py');
    expect(verdict.selection?.targets).not.toContain('other/test_misc.py');
    expect(verdict.state).toBe('failed');
    expect(verdict.newlyFailing.map((f) => f.name)).toEqual(['tests/test_cart.py::test_total']);
    expect(verdict.newlyFailing[0]?.file).toBe('tests/test_cart.py');
    expect(verdict.newlyFailing[0]?.output).toMatch(/assert 5 == 6/u);
    expect(verdict.alreadyFailing.map((f) => f.name)).toEqual(['tests/test_cart.py::test_old_bug']);
    expect(treeHash(project.root)).toBe(before);
  }, 180_000);

  it('test verdict - pytest: a conftest.py selects its folder; a benign edit has no new failure', async () => {
    project = tempProject(files);
    const service = createTestRunService({ root: project.root, home: project.home });
    const conftest = await service.verdict({
      changes: [{ path: 'other/conftest.py', after: 'import pytest\n' }],
      deadlineMs: 120_000,
    });
    expect(conftest.selection?.targets).toEqual(['other/test_misc.py']);
    expect(conftest.state).toBe('passed');
    const benign = await service.verdict({
      changes: [{ path: 'shop/tax.py', after: '# Flat rate.\ndef rate():\n    return 0.2\n' }],
      deadlineMs: 120_000,
    });
    expect(benign.selection?.targets).toEqual(['tests/test_tax.py']);
    expect(benign.state).toBe('passed');
    expect(benign.newlyFailing).toEqual([]);
  }, 180_000);
});

describe.skipIf(!canRun || !hasGo)('tests before approval with go test', () => {
  const MATHS = 'package maths\n\nfunc Double(n int) int { return n * 2 }\n';
  const files = {
    'go.mod': 'module example.com/shop\n\ngo 1.19\n',
    'maths/maths.go': MATHS,
    'maths/maths_test.go':
      'package maths\n\nimport "testing"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatalf("Double(2) = %d", Double(2))\n\t}\n}\n',
    'price/price.go':
      'package price\n\nimport "example.com/shop/maths"\n\nfunc Twice(n int) int { return maths.Double(n) }\n',
    'price/price_test.go':
      'package price\n\nimport "testing"\n\nfunc TestTwice(t *testing.T) {\n\tif Twice(3) != 6 {\n\t\tt.Fatal("Twice(3) is not 6")\n\t}\n}\n',
    'text/text.go': 'package text\n\nfunc Hi() string { return "hi" }\n',
  };

  it('test verdict - go test: the changed package and its importers; a build error is reported', async () => {
    project = tempProject(files);
    const before = treeHash(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [{ path: 'maths/maths.go', after: MATHS.replace('n * 2', 'n * 3') }],
      deadlineMs: 120_000,
    });
    expect(verdict.selection?.targets).toEqual(['./maths', './price']);
    expect(verdict.selection?.reason).toBe(
      'package maths and 1 package that import it, directly or through others',
    );
    expect(verdict.state).toBe('failed');
    expect(verdict.newlyFailing.map((f) => `${f.file} ${f.name}`).sort()).toEqual([
      'maths TestDouble',
      'price TestTwice',
    ]);
    expect(verdict.newlyFailing.find((f) => f.name === 'TestDouble')?.output).toMatch(
      /Double\(2\) = 6/u,
    );
    const broken = await service.verdict({
      changes: [{ path: 'maths/maths.go', after: MATHS.replace('n * 2', 'n * "2"') }],
      deadlineMs: 120_000,
    });
    expect(broken.state).toBe('failed');
    expect(broken.newlyFailing[0]?.output).toMatch(
      /mismatched types|cannot convert|invalid operation/u,
    );
    const benign = await service.verdict({
      changes: [{ path: 'maths/maths.go', after: `// Package maths doubles.\n${MATHS}` }],
      deadlineMs: 120_000,
    });
    expect(benign.state).toBe('passed');
    expect(benign.passed).toBe(2);
    expect(treeHash(project.root)).toBe(before);
  }, 240_000);
});
