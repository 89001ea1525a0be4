import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, treeHash, type TempProject } from './test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

const CART = `export function total(items) { return items.reduce((sum, i) => sum + i.price * i.qty, 0); }
export function count(items) { return items.length; }
`;
const CART_TEST = `import { describe, expect, test } from 'vitest';
import { total, count } from '../src/cart.js';
describe('cart', () => {
  test('totals price times quantity', () => { expect(total([{ price: 2, qty: 3 }, { price: 1, qty: 1 }])).toBe(7); });
  test('counts items', () => { expect(count([1, 2])).toBe(2); });
});
`;
const CHECKOUT = `import { total } from './cart.js';
export function checkout(items) { return { due: total(items) }; }
`;
const CHECKOUT_TEST = `import { expect, test } from 'vitest';
import { checkout } from '../src/checkout.js';
test('checkout owes the total', () => { expect(checkout([{ price: 5, qty: 2 }]).due).toBe(10); });
`;
const OTHER_TEST = `import { expect, test } from 'vitest';
test('unrelated arithmetic', () => { expect(1 + 1).toBe(2); });
test('already broken', () => { expect('today').toBe('tomorrow'); });
`;

function vitestProject(): TempProject {
  return tempProject(
    {
      'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest' } }),
      'vitest.config.js': 'export default { test: {} };\n',
      'src/cart.js': CART,
      'src/checkout.js': CHECKOUT,
      'tests/cart.test.js': CART_TEST,
      'tests/checkout.test.js': CHECKOUT_TEST,
      'tests/other.test.js': OTHER_TEST,
    },
    true,
  );
}

describe.skipIf(!canRun)('tests before approval with vitest', () => {
  let project: TempProject | undefined;
  afterEach(() => project?.cleanup());

  it('test verdict - a breaking edit names the failing tests with their output, and the project is untouched', async () => {
    project = vitestProject();
    const before = treeHash(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [{ path: 'src/cart.js', after: CART.replace('i.price * i.qty', 'i.price - i.qty') }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('failed');
    expect(verdict.selection?.label).toBe('vitest related');
    expect(verdict.selection?.targets).toEqual(['tests/cart.test.js', 'tests/checkout.test.js']);
    expect(verdict.selection?.reason).toMatch(/^2 test files import src\/cart\.js/u);
    expect(verdict.newlyFailing.map((f) => f.name).sort()).toEqual([
      'cart totals price times quantity',
      'checkout owes the total',
    ]);
    const failure = verdict.newlyFailing.find((f) => f.name.startsWith('cart'));
    expect(failure?.file).toBe('tests/cart.test.js');
    expect(failure?.output).toMatch(/expected -1 to be 7/u);
    expect(verdict.passed).toBe(1);
    expect(treeHash(project.root)).toBe(before);
    expect(readdirSync(path.join(project.home, 'test-copies'))).toEqual([]);
  }, 180_000);

  it('test verdict - a benign edit reports no new failure', async () => {
    project = vitestProject();
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [{ path: 'src/cart.js', after: `// Prices are in cents.\n${CART}` }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('passed');
    expect(verdict.newlyFailing).toEqual([]);
    expect(verdict.passed).toBe(3);
  }, 180_000);

  it('test verdict - a test that fails on disk too is already failing; a config change selects the whole suite', async () => {
    project = vitestProject();
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [
        { path: 'vitest.config.js', after: 'export default { test: { testTimeout: 9000 } };\n' },
      ],
      deadlineMs: 120_000,
    });
    expect(verdict.selection?.whole).toBe(true);
    expect(verdict.selection?.label).toBe('vitest run');
    expect(verdict.selection?.reason).toMatch(
      /vitest\.config\.js changed .*the whole suite, 3 test files/u,
    );
    expect(verdict.state).toBe('passed');
    expect(verdict.newlyFailing).toEqual([]);
    expect(verdict.alreadyFailing.map((f) => f.name)).toEqual(['already broken']);
    expect(verdict.passed).toBe(4);
  }, 180_000);

  it('test verdict - a test that fails once and passes when run again is flaky', async () => {
    project = vitestProject();
    // The test passes once a file exists in the project (the copy's lower layer); the file is
    // made from outside after the first run in a copy has ended.
    const flakyTest = `import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import { count } from '../src/cart.js';
test('sometimes fails', () => { expect(existsSync(new URL('../.second-run', import.meta.url))).toBe(true); expect(count([])).toBe(0); });
`;
    const copies = path.join(project.home, 'test-copies');
    let first: string | undefined;
    const watcher = setInterval(() => {
      const now = existsSync(copies) ? readdirSync(copies) : [];
      first ??= now[0];
      if (first !== undefined && !now.includes(first)) {
        writeFileSync(path.join(project?.root ?? '', '.second-run'), '');
        clearInterval(watcher);
      }
    }, 10);
    try {
      const service = createTestRunService({ root: project.root, home: project.home });
      const verdict = await service.verdict({
        changes: [{ path: 'tests/flaky.test.js', after: flakyTest }],
        deadlineMs: 120_000,
      });
      expect(verdict.flaky.map((f) => f.name)).toEqual(['sometimes fails']);
      expect(verdict.newlyFailing).toEqual([]);
      expect(verdict.state).toBe('passed');
    } finally {
      clearInterval(watcher);
    }
  }, 180_000);

  it('test verdict - a change no test imports is not run, saying why; turned off says so', async () => {
    project = vitestProject();
    project.write('src/unused.js', 'export const x = 1;\n');
    const service = createTestRunService({ root: project.root, home: project.home });
    const none = await service.verdict({
      changes: [{ path: 'src/unused.js', after: 'export const x = 2;\n' }],
    });
    expect(none.state).toBe('not_run');
    expect(none.reason).toBe('no test file imports src/unused.js');
    const off = createTestRunService({
      root: project.root,
      home: project.home,
      settings: () => ({ enabled: false, command: '', liveDeadlineMs: 60_000, ceilingMs: 60_000 }),
    });
    const verdict = await off.verdict({ changes: [{ path: 'src/cart.js', after: '' }] });
    expect(verdict.state).toBe('not_run');
    expect(verdict.reason).toMatch(/turned off/u);
  });
});
