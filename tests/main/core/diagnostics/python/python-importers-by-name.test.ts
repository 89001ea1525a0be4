// Importers checked by the names they take, through the real service and real pyright.
import { afterEach, describe, expect, it } from 'vitest';
import { makeDiagnosticsProject, type DiagnosticsProject } from '../diagnostics-test-project';

const LONG = 120_000;
let project: DiagnosticsProject | undefined;

afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

const LIB = [
  'def area(w: int, h: int) -> int:',
  '    return w * h',
  '',
  '',
  'def label(n: int) -> str:',
  '    return str(n)',
  '',
].join('\n');

describe('python importers by name', () => {
  it(
    'checkChange - only importers that take a changed name are checked, and their new errors found',
    async () => {
      project = makeDiagnosticsProject({
        'pyrightconfig.json': '{ "typeCheckingMode": "basic" }',
        'pkg/__init__.py': 'from .lib import label as name_of\n',
        'pkg/lib.py': LIB,
        'uses_area.py': 'from pkg.lib import area\n\ntotal: int = area(2, 3)\n',
        'module_area.py': 'import pkg.lib as lib\n\nsize: int = lib.area(1, 2)\n',
        'uses_label.py': 'from pkg.lib import label\n\nshown: str = label(1)\n',
        'barrel_label.py': 'from pkg import name_of\n\nshown: str = name_of(2)\n',
      });
      const evidence = await project.service.checkChange(
        [
          {
            path: 'pkg/lib.py',
            after: LIB.replace('-> int:\n    return w * h', '-> str:\n    return str(w * h)'),
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced.map((d) => `${d.path}:${d.line}`).sort()).toEqual([
        'module_area.py:3',
        'uses_area.py:3',
      ]);
      // lib.py and the two importers of `area`: the barrel and what takes `label` are not.
      expect(evidence.languages[0]?.filesChecked).toBe(3);

      const renamed = await project.service.checkChange(
        [{ path: 'pkg/lib.py', after: LIB.replace('def label(', 'def label_of(') }],
        { deadlineMs: LONG },
      );
      expect(renamed.introduced.map((d) => d.path).sort()).toEqual([
        'barrel_label.py',
        'pkg/__init__.py',
        'uses_label.py',
      ]);
      expect(renamed.languages[0]?.filesChecked).toBe(4);
    },
    LONG,
  );

  it(
    'checkChange - a type written as a string, a barrel that only binds the module, a global: their importers are checked',
    async () => {
      const shapes = [
        'def make() -> "Shape":',
        '    return Shape()',
        '',
        '',
        'class Shape:',
        '    def area(self) -> int:',
        '        return 1',
        '',
      ].join('\n');
      const counter = [
        'COUNT = 0',
        '',
        '',
        'def bump() -> None:',
        '    global COUNT',
        '    COUNT = COUNT + 1',
        '',
      ].join('\n');
      project = makeDiagnosticsProject({
        'pyrightconfig.json': '{ "typeCheckingMode": "basic" }',
        'pkg/__init__.py': 'from . import shapes\n',
        'pkg/shapes.py': shapes,
        'pkg/counter.py': counter,
        'uses_make.py': 'from pkg.shapes import make\n\nn: int = make().area()\n',
        'through_package.py': 'import pkg\n\nm: int = pkg.shapes.make().area()\n',
        'uses_count.py': 'from pkg.counter import COUNT\n\ntotal: int = COUNT\n',
      });
      const renamed = await project.service.checkChange(
        [{ path: 'pkg/shapes.py', after: shapes.replace('def area', 'def size') }],
        { deadlineMs: LONG },
      );
      expect(renamed.state).toBe('checked');
      expect(renamed.introduced.map((d) => `${d.path}:${d.line}`).sort()).toEqual([
        'through_package.py:3',
        'uses_make.py:3',
      ]);
      const retyped = await project.service.checkChange(
        [{ path: 'pkg/counter.py', after: counter.replace('COUNT + 1', 'str(COUNT)') }],
        { deadlineMs: LONG },
      );
      expect(retyped.introduced.map((d) => `${d.path}:${d.line}`)).toEqual(['uses_count.py:3']);
    },
    LONG,
  );
});
