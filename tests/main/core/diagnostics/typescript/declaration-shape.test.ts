// The shape test that lets a proposal skip the checker's export surface: same shape only when
// no importer can see a difference.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createShapeComparer } from '../../../../../src/main/core/diagnostics/typescript/declaration-shape';

const same = createShapeComparer(ts);
const base = [
  '/// <reference types="node" />',
  "import { helper } from './helper';",
  '/** Doubles. */',
  'export function twice(n: number): number {',
  '  const local = n * 2;',
  '  return local;',
  '}',
  'export function inferred(n: number) {',
  '  return n * 2;',
  '}',
  'export const table: Record<string, number> = { a: 1 };',
  'export const loose = { a: 1 };',
  'export const label = `a ${helper} b c` as const;',
  'export class Box {',
  '  size: number = 1;',
  '  constructor(private readonly n: number) {',
  '    this.size = n;',
  '  }',
  '  area(): number {',
  '    return this.size;',
  '  }',
  '}',
  '',
].join('\n');
const edit = (from: string, to: string): string => {
  expect(base).toContain(from);
  return base.replace(from, to);
};

describe('declaration shape', () => {
  it('same - comments, JSDoc, formatting and bodies or initializers whose type is written', () => {
    expect(same('a.ts', base, `// a comment\n${base}`)).toBe(true);
    expect(same('a.ts', base, edit('/** Doubles. */', '/** Twice the number. */'))).toBe(true);
    expect(same('a.ts', base, edit('  const local = n * 2;', '  const local   =   n*2;'))).toBe(
      true,
    );
    expect(
      same(
        'a.ts',
        base,
        edit('const local = n * 2;\n  return local;', 'const d = n * 2;\n  return d;'),
      ),
    ).toBe(true);
    expect(
      same('a.ts', base, edit('{ a: 1 };\nexport const loose', '{ b: 2 };\nexport const loose')),
    ).toBe(true);
    expect(same('a.ts', base, edit('    this.size = n;', '    this.size = n + 1;'))).toBe(true);
    expect(same('a.ts', base, edit('    return this.size;', '    return this.size * 2;'))).toBe(
      true,
    );
  });

  it('different - anything that can change a type an importer sees', () => {
    expect(same('a.ts', base, edit('twice(n: number)', 'twice(n: string)'))).toBe(false);
    expect(
      same(
        'a.ts',
        base,
        edit(
          '  return n * 2;\n}\nexport const table',
          '  return String(n);\n}\nexport const table',
        ),
      ),
    ).toBe(false);
    expect(
      same(
        'a.ts',
        base,
        edit('export const loose = { a: 1 };', 'export const loose = { a: "1" };'),
      ),
    ).toBe(false);
    expect(same('a.ts', base, edit('`a ${helper} b c`', '`a ${helper} bc`'))).toBe(false);
    expect(same('a.ts', base, edit('/// <reference types="node" />', ''))).toBe(false);
    expect(same('a.ts', base, edit("from './helper'", "from './other'"))).toBe(false);
    expect(same('a.ts', base, edit('  size: number = 1;', '  size: string = "1";'))).toBe(false);
  });

  it('undecided - JavaScript (JSDoc declares types there) and text that does not parse', () => {
    expect(same('a.js', 'export const a = 1;\n', '// c\nexport const a = 1;\n')).toBe(false);
    expect(same('a.ts', base, `${base}\nexport function (\n`)).toBe(false);
    expect(same('a.ts', base, base)).toBe(true);
  });
});
