import { describe, expect, it } from 'vitest';
import { pythonChangedTypeNames } from '../../src/shared/python-changed-names';
import { bindingNames } from '../../src/shared/python-module-bindings';

const line = (text: string): string[] => ['\n', ...text.split(' ')];
const sorted = (names: ReadonlySet<string> | null): string[] | null =>
  names === null ? null : [...names].sort();

const LIB = [
  'import os',
  'from collections import OrderedDict as OD',
  '',
  'LIMIT = 3',
  '',
  '',
  'def limit():',
  '    return LIMIT',
  '',
  '',
  'def table():',
  '    return OD()',
  '',
  '',
  'def home():',
  '    return os.getcwd()',
  '',
].join('\n');

describe('python module bindings', () => {
  it('bindingNames - imports and assignments to names bind them; anything else is not a plain binding', () => {
    expect(bindingNames(line('import a . b , c as d'))).toEqual(['a', 'd']);
    expect(bindingNames(line('from m import ( x , y as z )'))).toEqual(['x', 'z']);
    expect(bindingNames(line('a , b = c = f ( x = 1 )'))).toEqual(['a', 'b', 'c']);
    expect(bindingNames(line('X : int = 1'))).toEqual(['X']);
    for (const text of [
      'from m import *',
      'd [ k ] = 1',
      'o . attr = 1',
      'x += 1',
      'print ( x )',
      'else :',
      'f = lambda x = 1 : x',
      // A walrus binds its own name too.
      'X = ( y := f ( ) )',
    ])
      expect(bindingNames(line(text)), text).toBeNull();
  });

  it('pythonChangedTypeNames - a changed import or constant changes its name and the functions that use it', () => {
    expect(sorted(pythonChangedTypeNames(LIB, LIB.replace('LIMIT = 3', 'LIMIT = "3"')))).toEqual([
      'LIMIT',
      'limit',
    ]);
    expect(sorted(pythonChangedTypeNames(LIB, LIB.replace('import os\n', '')))).toEqual([
      'home',
      'os',
    ]);
    expect(sorted(pythonChangedTypeNames(LIB, LIB.replace('as OD', 'as ODR')))).toEqual([
      'OD',
      'ODR',
      'table',
    ]);
    // A constant that uses a changed one changes too.
    const derived = `${LIB}\nDOUBLE = LIMIT * 2\n`;
    expect(
      sorted(pythonChangedTypeNames(derived, derived.replace('LIMIT = 3', 'LIMIT = 4'))),
    ).toEqual(['DOUBLE', 'LIMIT', 'limit']);
    // Functions only: as the tests' changed names.
    expect(sorted(pythonChangedTypeNames(LIB, LIB.replace('OD()', 'OD(a=1)')))).toEqual(['table']);
  });

  it('pythonChangedTypeNames - module code that is not a plain binding, or a name bound twice: no answer', () => {
    expect(pythonChangedTypeNames(LIB, `${LIB}\nprint(1)\n`)).toBeNull();
    expect(pythonChangedTypeNames(LIB, `${LIB}\nif os.name:\n    LIMIT = 4\n`)).toBeNull();
    const called = `${LIB}\nprint(limit())\n`;
    expect(pythonChangedTypeNames(called, called.replace('return LIMIT', 'return 0'))).toBeNull();
    // Bound twice: the order decides which holds.
    expect(pythonChangedTypeNames(LIB, `${LIB}\nLIMIT = "x"\n`)).toBeNull();
    expect(pythonChangedTypeNames(LIB, `${LIB}\nlimit = 1\n`)).toBeNull();
    expect(pythonChangedTypeNames(LIB, LIB.replace('import os', 'from os import *'))).toBeNull();
  });

  it('pythonChangedTypeNames - what a type checker reads beyond tokens: strings, type comments, globals', () => {
    // A type written as a string, a TypeVar's bound: the names using them change too.
    const forward =
      'def make() -> "Shape":\n    ...\n\n\nclass Shape:\n    def area(self) -> int:\n        return 1\n';
    expect(sorted(pythonChangedTypeNames(forward, forward.replace('area', 'size')))).toEqual([
      'Shape',
      'area',
      'make',
      'size',
    ]);
    const bound = 'T = TypeVar("T", bound="Shape")\n\n\nclass Shape:\n    x = 1\n';
    expect(sorted(pythonChangedTypeNames(bound, bound.replace('x = 1', 'y = 1')))).toEqual([
      'Shape',
      'T',
    ]);
    // A docstring naming a changed name does not make its function a user.
    const doc = `${forward}\n\ndef other():\n    "Returns a Shape."\n    return 1\n`;
    expect(pythonChangedTypeNames(doc, doc.replace('area', 'size'))?.has('other')).toBe(false);
    // A `# type:` comment is read.
    const commented =
      'def twice(a):\n    # type: (int) -> int\n    return a\n\n\nX = None  # type: int\n';
    expect(
      sorted(pythonChangedTypeNames(commented, commented.replace('-> int', '-> str'))),
    ).toEqual(['twice']);
    expect(
      sorted(pythonChangedTypeNames(commented, commented.replace('type: int', 'type: str'))),
    ).toEqual(['X']);
    // A function assigning a module name it declares global changes that name's type.
    const global =
      'X = 1\n\n\ndef reset():\n    global X\n    X = 2\n\n\ndef show():\n    return X\n';
    expect(sorted(pythonChangedTypeNames(global, global.replace('X = 2', 'X = "2"')))).toEqual([
      'X',
      'reset',
      'show',
    ]);
    // A walrus at the top level binds a name the assignment does not show: no answer.
    expect(pythonChangedTypeNames('X = (y := 1)\n', 'X = (y := "1")\n')).toBeNull();
  });
});
