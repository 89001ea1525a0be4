import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { projectRunCaches, pycSource } from '../../../../src/main/core/test-runs/run-caches';
import { runPlanInCopy } from '../../../../src/main/core/test-runs/test-copy-run';
import { createTestSelector } from '../../../../src/main/core/test-runs/test-selection';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { tempProject, type TempProject } from './test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

/** A run's layer with the bytecode a run would have written. */
function layer(base: string, files: Record<string, string>): string {
  const upper = path.join(base, 'upper');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(upper, file)), { recursive: true });
    writeFileSync(path.join(upper, file), text);
  }
  return upper;
}

describe('caches kept between test runs', () => {
  it('pycSource - a module, a package init and a rewritten test module name their source', () => {
    expect(pycSource('shop/__pycache__/cart.cpython-311.pyc')).toBe('shop/cart.py');
    expect(pycSource('__pycache__/__init__.cpython-311.pyc')).toBe('__init__.py');
    expect(pycSource('tests/__pycache__/test_a.cpython-311-pytest-7.2.1.pyc')).toBe(
      'tests/test_a.py',
    );
    expect(pycSource('shop/cart.cpython-311.pyc')).toBeNull();
    expect(pycSource('shop/__pycache__/notes.txt')).toBeNull();
  });

  it('python bytecode - kept for sources on disk, never for a laid-over file or a source changed since', () => {
    project = tempProject({ 'shop/cart.py': 'x = 1\n', 'shop/tax.py': 'y = 2\n' });
    const caches = projectRunCaches(project.home, project.root);
    const laid = [{ path: 'shop/tax.py', after: 'y = 3\n' }];
    const upper = layer(path.join(project.home, 'run1'), {
      'shop/__pycache__/cart.cpython-311.pyc': 'CART',
      'shop/__pycache__/tax.cpython-311.pyc': 'TAX-PROPOSED',
      'shop/__pycache__/gone.cpython-311.pyc': 'NO SOURCE',
    });
    caches.finish(upper, laid, 'pytest', true);
    const next = path.join(project.home, 'run2', 'upper');
    expect(caches.prepare(next, [], 'pytest')).toEqual({ env: {}, writable: [], args: [] });
    expect(readFileSync(path.join(next, 'shop/__pycache__/cart.cpython-311.pyc'), 'utf8')).toBe(
      'CART',
    );
    expect(existsSync(path.join(next, 'shop/__pycache__/tax.cpython-311.pyc'))).toBe(false);
    expect(existsSync(path.join(next, 'shop/__pycache__/gone.cpython-311.pyc'))).toBe(false);
    // A run that lays cart.py over gets no bytecode of the disk's cart.py.
    const laidCart = path.join(project.home, 'run3', 'upper');
    caches.prepare(laidCart, [{ path: 'shop/cart.py', after: 'x = 5\n' }], 'pytest');
    expect(existsSync(path.join(laidCart, 'shop/__pycache__/cart.cpython-311.pyc'))).toBe(false);
    // cart.py changed on disk since: its bytecode is not laid.
    project.write('shop/cart.py', 'x = 10\n');
    utimesSync(path.join(project.root, 'shop/cart.py'), new Date(), new Date(Date.now() + 5000));
    const changed = path.join(project.home, 'run4', 'upper');
    caches.prepare(changed, [], 'pytest');
    expect(existsSync(path.join(changed, 'shop/__pycache__/cart.cpython-311.pyc'))).toBe(false);
  });

  it('go build cache - a per-project folder under SLUICE_HOME, bound writable and named by GOCACHE', () => {
    project = tempProject({ 'go.mod': 'module example.com/m\n' });
    const warm = projectRunCaches(project.home, project.root).prepare(
      path.join(project.home, 'upper'),
      [],
      'go',
    );
    expect(warm.env.GOCACHE?.startsWith(path.join(project.home, 'cache', 'test-runs'))).toBe(true);
    expect(warm.writable).toEqual([warm.env.GOCACHE]);
    expect(existsSync(warm.env.GOCACHE ?? '')).toBe(true);
  });

  it.skipIf(!canRun || !hasPytest)(
    'python bytecode - the second run in a fresh copy imports the modules the first compiled',
    async () => {
      project = tempProject({
        'shop/__init__.py': '',
        'shop/cart.py': 'def total(items):\n    return sum(items)\n',
        // The test passes only when cart.py's bytecode was there before pytest started.
        'conftest.py': 'import time\nSTARTED = time.time()\n',
        'tests/test_cart.py': [
          'import os',
          'import conftest',
          'import shop.cart',
          '',
          'def test_cart_bytecode_was_kept():',
          '    assert os.stat(shop.cart.__cached__).st_mtime < conftest.STARTED',
          '',
        ].join('\n'),
      });
      const select = createTestSelector();
      const plan = select({
        root: project.root,
        changes: [{ path: 'shop/cart.py', after: 'def total(items):\n    return sum(items)\n' }],
      }).plans[0];
      if (!plan) throw new Error('no plan');
      const caches = projectRunCaches(project.home, project.root);
      const run = () =>
        runPlanInCopy({
          root: project?.root ?? '',
          plan,
          files: [],
          sandbox: detectSandbox(),
          copiesDir: path.join(project?.home ?? '', 'copies'),
          timeoutMs: 120_000,
          signal: new AbortController().signal,
          caches,
        });
      const first = await run();
      const second = await run();
      const status = (r: typeof first) => (r.kind === 'ran' ? r.outcomes.map((o) => o.status) : r);
      expect(status(first)).toEqual(['failed']);
      expect(status(second)).toEqual(['passed']);
    },
    180_000,
  );
});
