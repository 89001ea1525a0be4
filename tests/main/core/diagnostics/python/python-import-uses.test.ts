import { describe, expect, it } from 'vitest';
import {
  takenAndPassed,
  takesAny,
} from '../../../../../src/main/core/diagnostics/python/python-import-uses';

/** What `importer` (its text) takes from `moduleFile`. */
const namesTakenFrom = (importer: string, text: string, moduleFile: string) =>
  takenAndPassed(importer, text, moduleFile).taken;

const names = (taken: ReturnType<typeof namesTakenFrom>): string[] | 'all' =>
  taken === 'all' ? 'all' : [...taken].sort();

describe('python import uses', () => {
  it('namesTakenFrom - named imports, absolute and relative, aliases by their source name', () => {
    const text = 'from pkg.shapes import area, Box as B\nfrom .shapes import (\n  volume,\n)\n';
    expect(names(namesTakenFrom('pkg/app.py', text, 'pkg/shapes.py'))).toEqual([
      'Box',
      'area',
      'volume',
    ]);
    // A type comment inside the list does not end it.
    expect(
      names(
        namesTakenFrom(
          'app.py',
          'from pkg.shapes import (\n    area,  # type: ignore\n    Box,\n)\n',
          'pkg/shapes.py',
        ),
      ),
    ).toEqual(['Box', 'area']);
    // A `src/` layout: the module is named with and without it.
    expect(
      names(namesTakenFrom('src/pkg/app.py', 'from pkg.shapes import area\n', 'src/pkg/shapes.py')),
    ).toEqual(['area']);
  });

  it('namesTakenFrom - a module bound as a name takes what is read through it', () => {
    const text = [
      'import pkg.shapes',
      'import pkg.shapes as s',
      'from pkg import shapes',
      'def f():',
      '    return pkg.shapes.area(1) + s.volume(2) + shapes.Box().size',
      'x: "int" = 1',
      '',
    ].join('\n');
    expect(names(namesTakenFrom('app.py', text, 'pkg/shapes.py'))).toEqual([
      'Box',
      'area',
      'volume',
    ]);
    // An attribute of something else named the same is not the module.
    expect(
      names(
        namesTakenFrom('app.py', 'import shapes\nself.shapes = 1\nshapes.area()\n', 'shapes.py'),
      ),
    ).toEqual(['area']);
  });

  it('namesTakenFrom - every mention it cannot read as module.name takes all', () => {
    const all = [
      'from pkg.shapes import *\n',
      'import pkg.shapes as s\nprint(s)\n',
      'import pkg.shapes as s\ngetattr(s, "area")\n',
      'import pkg.shapes as s\ns.__dict__\n',
      'import pkg.shapes as s\nx: "s.Box"\n',
      'import pkg.shapes as s\nx = f()  # type: s.Box\n',
      'import pkg.shapes\npkg.other.area()\n',
      'import pkg\n',
      'from pkg.shapes import sub.x\n',
      "x = 'unclosed\n",
    ];
    for (const text of all)
      expect(namesTakenFrom('app.py', text, 'pkg/shapes.py'), text).toBe('all');
    // A submodule imported through a package binds the package: what is read through it.
    const inner = (text: string) => names(namesTakenFrom('app.py', text, 'pkg/shapes/__init__.py'));
    expect(inner('import pkg.shapes.inner\npkg.shapes.inner.f()\npkg.shapes.Box\n')).toEqual([
      'Box',
      'inner',
    ]);
    expect(inner('import pkg.shapes.inner\n')).toEqual([]);
    expect(inner('import pkg.shapes.inner as i\ni.f()\n')).toBe('all');
    // `from pkg.shapes.inner import f` takes nothing of the package, `from . import x` its x.
    expect(inner('from pkg.shapes.inner import f\nfrom pkg.shapes import Box\n')).toEqual(['Box']);
    expect(
      names(namesTakenFrom('pkg/shapes/a.py', 'from . import inner\n', 'pkg/shapes/__init__.py')),
    ).toEqual(['inner']);
    // A stub or a non-Python module: all.
    expect(namesTakenFrom('app.py', 'from shapes import area\n', 'shapes.pyi')).toBe('all');
  });

  it('takenAndPassed - a barrel passes the changed names it takes under its own names', () => {
    const barrel = 'from .shapes import area as surface, volume\nfrom . import shapes\n';
    const { taken, passed } = takenAndPassed(
      'pkg/__init__.py',
      barrel,
      'pkg/shapes.py',
      new Set(['area']),
    );
    expect(names(taken)).toEqual(['area', 'volume']);
    // `shapes` carries every name of the module.
    expect(names(passed)).toEqual(['shapes', 'surface']);
  });

  it('takenAndPassed - a barrel passes the submodule its relative import binds, and its own names that use what it holds', () => {
    const passed = (barrel: string) =>
      names(takenAndPassed('pkg/__init__.py', barrel, 'pkg/shapes.py', new Set(['area'])).passed);
    // `from .shapes import volume` binds `shapes` in the package too.
    expect(passed('from .shapes import volume\n')).toEqual(['shapes']);
    expect(
      passed('from .shapes import area\n\nsize = area\n\n\ndef big():\n    return size()\n'),
    ).toEqual(['area', 'big', 'shapes', 'size']);
    // Module code that is not a plain binding and uses one: every name.
    expect(passed('from .shapes import area\n\nif area:\n    x = 1\n')).toBe('all');
  });

  it('takesAny - an importer is reached when it takes a changed name', () => {
    expect(takesAny(new Set(['a']), new Set(['b']))).toBe(false);
    expect(takesAny(new Set(['a', 'b']), new Set(['b']))).toBe(true);
    expect(takesAny('all', new Set(['b']))).toBe(true);
    expect(takesAny(new Set(), 'all')).toBe(true);
  });
});
