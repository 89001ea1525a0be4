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
});
