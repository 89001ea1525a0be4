import { describe, expect, it } from 'vitest';
import {
  affectedPythonFilesByName,
  changedModuleNames,
} from '../../../../../src/main/core/diagnostics/python/python-affected-files';

const LIB =
  'def area(w, h):\n    return w * h\n\n\ndef total(xs):\n    return sum(area(x, x) for x in xs)\n\n\nclass Box:\n    def size(self):\n        return 1\n';

describe('python affected files', () => {
  it('changedModuleNames - the changed functions and their users; module code reaches all', () => {
    const names = changedModuleNames(
      'lib.py',
      LIB,
      LIB.replace('return w * h', 'return str(w * h)'),
    );
    expect(names === 'all' ? 'all' : [...names].sort()).toEqual(['area', 'total']);
    expect(changedModuleNames('lib.py', LIB, `print(1)\n${LIB}`)).toBe('all');
    expect(changedModuleNames('lib.py', LIB, null)).toBe('all');
    expect(changedModuleNames('lib.py', null, LIB)).toBe('all');
    expect(
      changedModuleNames('lib.py', LIB, `${LIB}\n\ndef __getattr__(name):\n    return 1\n`),
    ).toBe('all');
  });

  const files: Record<string, string> = {
    'pkg/lib.py': LIB,
    'pkg/__init__.py': 'from .lib import area as surface, Box\n',
    'uses_area.py': 'from pkg.lib import area\n',
    'uses_box.py': 'from pkg.lib import Box\n',
    'through_module.py': 'import pkg.lib as lib\nlib.Box()\n',
    'through_barrel_area.py': 'from pkg import surface\n',
    'through_barrel_box.py': 'from pkg import Box\n',
    'star.py': 'from pkg.lib import *\n',
  };
  const importers: Record<string, string[]> = {
    'pkg/lib.py': [
      'pkg/__init__.py',
      'uses_area.py',
      'uses_box.py',
      'through_module.py',
      'star.py',
    ],
    'pkg/__init__.py': ['through_barrel_area.py', 'through_barrel_box.py'],
  };
  const walk = (names: Set<string> | 'all', textOf = (f: string) => files[f] ?? null) =>
    affectedPythonFilesByName(
      [{ path: 'pkg/lib.py', names }],
      (f) => importers[f] ?? [],
      textOf,
    ).sort();

  it('affectedPythonFilesByName - only importers that take a changed name, through barrels by their names', () => {
    expect(walk(new Set(['area', 'total']))).toEqual([
      'pkg/__init__.py',
      'pkg/lib.py',
      'star.py',
      'through_barrel_area.py',
      'uses_area.py',
    ]);
    expect(walk(new Set(['Box']))).toEqual([
      'pkg/__init__.py',
      'pkg/lib.py',
      'star.py',
      'through_barrel_box.py',
      'through_module.py',
      'uses_box.py',
    ]);
  });

  it('affectedPythonFilesByName - every importer when the names are not known or a text cannot be read', () => {
    const every = Object.keys(files).sort();
    expect(walk('all')).toEqual(every);
    expect(walk(new Set(['area']), () => null)).toEqual(every);
  });

  it('affectedPythonFilesByName - a barrel that only passes a module or rebinds a name leads to its importers', () => {
    const through = (barrel: string, user: string) =>
      affectedPythonFilesByName(
        [{ path: 'pkg/lib.py', names: new Set(['area']) }],
        (f) => ({ 'pkg/lib.py': ['pkg/__init__.py'], 'pkg/__init__.py': ['user.py'] })[f] ?? [],
        (f) => ({ 'pkg/__init__.py': barrel, 'user.py': user })[f] ?? null,
      ).sort();
    // The barrel takes nothing itself, its importers read `pkg.lib.area`.
    expect(through('from . import lib\n', 'import pkg\npkg.lib.area()\n')).toEqual([
      'pkg/lib.py',
      'user.py',
    ]);
    expect(through('from .lib import label\n', 'import pkg\npkg.lib.area()\n')).toEqual([
      'pkg/lib.py',
      'user.py',
    ]);
    expect(through('from .lib import area\n\nsize = area\n', 'from pkg import size\n')).toEqual([
      'pkg/__init__.py',
      'pkg/lib.py',
      'user.py',
    ]);
    expect(through('from .lib import label\n', 'from pkg import label\n')).toEqual(['pkg/lib.py']);
  });
});
