import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { affectedPythonFilesByName } from '../../../../../src/main/core/diagnostics/python/python-affected-files';
import {
  importedModules,
  scanPythonImports,
} from '../../../../../src/main/core/diagnostics/python/importers';
import { writeFiles } from '../diagnostics-test-project';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('python importers', () => {
  it('importedModules - absolute, relative and from-package imports become dotted names', () => {
    expect(
      importedModules(
        'pkg/sub/mod.py',
        'import os, json as j\nfrom . import sibling\nfrom ..core import thing\nfrom pkg.util import (a, b)\n',
      ),
    ).toEqual([
      'os',
      'json',
      'pkg.sub',
      'pkg.sub.sibling',
      'pkg.core',
      'pkg.core.thing',
      'pkg.util',
      'pkg.util.a',
      'pkg.util.b',
    ]);
  });

  it('scanPythonImports - importers, a change of every name reaches them, and importers through __init__ barrels', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sluice-py-scan-'));
    writeFiles(root, {
      'src/pkg/__init__.py': 'from .shapes import area\n',
      'src/pkg/shapes.py': 'def area(): ...\n',
      'app.py': 'from pkg import area\n',
      'direct.py': 'import pkg.shapes\n',
      'other.py': 'import os\n',
      '.venv/lib/x.py': 'import pkg\n',
    });
    const scan = scanPythonImports(root);
    expect([...scan.files].sort()).toEqual([
      'app.py',
      'direct.py',
      'other.py',
      'src/pkg/__init__.py',
      'src/pkg/shapes.py',
    ]);
    const affected = affectedPythonFilesByName(
      [{ path: 'src/pkg/shapes.py', names: 'all' }],
      (f) => scan.importers.get(f) ?? [],
      () => null,
    );
    expect(affected.sort()).toEqual([
      'app.py',
      'direct.py',
      'src/pkg/__init__.py',
      'src/pkg/shapes.py',
    ]);
  });
});
