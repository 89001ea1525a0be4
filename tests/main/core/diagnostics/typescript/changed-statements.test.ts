// Which names an edit of a file may change, read from its syntax on both sides (for a changed
// file whose surface was cut short): the statements that differ and what mentions them outside
// a written type; 'all' where the syntax cannot say.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { changedStatementNames } from '../../../../../src/main/core/diagnostics/typescript/changed-statements';
import type { StatementFile } from '../../../../../src/main/core/diagnostics/typescript/inferred-names';

const parse = (text: string): StatementFile =>
  ts.createSourceFile('/p/big.ts', text, ts.ScriptTarget.Latest, true) as unknown as StatementFile;

const names = (before: string, after: string): string[] | 'all' => {
  const found = changedStatementNames(parse(before), parse(after), ts.SyntaxKind);
  return found === 'all' ? 'all' : [...found.changed].sort();
};

const MODULE = [
  'import { Combiner } from "./Combiner";',
  'import * as Option from "./Option";',
  'export type Box<A> = { readonly value: A };',
  'export function makeUnion<A>(combiner: Combiner<A>): Box<A> { return { value: combiner.empty }; }',
  'export function map<A, B>(self: Box<A>, f: (a: A) => B): Box<B> { return { value: f(self.value) }; }',
  'export const union = makeUnion;',
  'export const typed: (c: Combiner<number>) => Box<number> = makeUnion;',
  'export function written(): Box<number> { return makeUnion(Option.numbers); }',
  'export const inferred = () => makeUnion(Option.numbers);',
  'export const boxed: Box<string> = { value: "" };',
].join('\n');

const edit = (from: string, to: string): string => {
  expect(MODULE).toContain(from);
  return MODULE.replace(from, to);
};

describe('changedStatementNames', () => {
  it('changedStatementNames - a parameter changed: that function and what infers from it, not the rest', () => {
    expect(names(MODULE, edit('combiner: Combiner<A>', 'combiner: symbol'))).toEqual([
      'inferred',
      'makeUnion',
      'union',
    ]);
  });

  it('changedStatementNames - a type changed: what names it, in a written type too', () => {
    expect(
      names(MODULE, edit('{ readonly value: A }', '{ readonly value: A; readonly n: number }')),
    ).toEqual(['Box', 'boxed', 'inferred', 'makeUnion', 'map', 'typed', 'union', 'written']);
  });

  it('changedStatementNames - an import changed: what uses the names it binds', () => {
    expect(names(MODULE, edit('from "./Option"', 'from "./Option2"'))).toEqual([
      'Option',
      'inferred',
    ]);
  });

  it('changedStatementNames - added and removed declarations: both names', () => {
    expect(names(MODULE, edit('export const boxed', 'export const boxes'))).toEqual([
      'boxed',
      'boxes',
    ]);
    expect(names(MODULE, `${MODULE}\nexport const added = 1;`)).toEqual(['added']);
  });

  it('changedStatementNames - an expando assignment changed: the names it mentions', () => {
    const base = `${MODULE}\nexport function tagged() {}\ntagged.tag = "a";`;
    expect(names(base, base.replace('tagged.tag = "a"', 'tagged.tag = 1'))).toContain('tagged');
  });

  it('changedStatementNames - re-exports by name: the names exported', () => {
    const base = `${MODULE}\nexport { a, b as c } from "./other";\nexport * as ns from "./ns";`;
    expect(names(base, base.replace('b as c', 'b as d'))).toEqual(['a', 'c', 'd']);
    expect(names(base, base.replace('"./ns"', '"./ns2"'))).toEqual(['ns']);
  });

  it("changedStatementNames - what the names cannot say: 'all'", () => {
    expect(names(MODULE, `${MODULE}\nexport * from "./more";`)).toBe('all');
    expect(names(MODULE, `${MODULE}\nimport "./side-effect";`)).toBe('all');
    expect(names(MODULE, `${MODULE}\ndeclare module "./Option" { const x: 1 }`)).toBe('all');
    expect(names(MODULE, `${MODULE}\ndeclare global { const x: 1 }`)).toBe('all');
    const assigned = 'const api = { a: 1 };\nexport = api;';
    expect(names(assigned, assigned.replace('a: 1', 'a: 2'))).toBe('all');
  });

  it('changedStatementNames - nothing changed, or statements only moved: no name', () => {
    expect(names(MODULE, MODULE)).toEqual([]);
    const lines = MODULE.split('\n');
    const moved = [...lines.slice(0, 2), ...lines.slice(2).reverse()].join('\n');
    expect(names(MODULE, moved)).toEqual([]);
  });

  it('changedStatementNames - names declared in a namespace belong to it, members of a class do not', () => {
    const base = [
      'export declare namespace R {',
      '  type Key<K> = K;',
      '  namespace Deep {',
      '    type Y = 1;',
      '  }',
      '}',
      'export class C {',
      '  member = 1;',
      '}',
      '',
    ].join('\n');
    const read = (after: string) => {
      const found = changedStatementNames(parse(base), parse(after), ts.SyntaxKind);
      if (found === 'all') throw new Error('all');
      return { inner: [...found.inner].sort(), changedInner: [...found.changedInner].sort() };
    };
    expect(read(`${base}export const z = 1;\n`)).toEqual({
      inner: ['Deep', 'Key', 'Y'],
      changedInner: [],
    });
    expect(read(base.replace('type Y = 1', 'type Y = 2')).changedInner).toEqual([
      'Deep',
      'Key',
      'Y',
    ]);
  });

  it('changedStatementNames - imported bindings and what mentions them depend on imports', () => {
    const base = [
      "import x = require('./y');",
      "import { z } from './z';",
      'export declare namespace N {',
      '  type T = typeof x;',
      '}',
      'export const w = z;',
      'export const alone = 1;',
      '',
    ].join('\n');
    const found = changedStatementNames(parse(base), parse(`${base}export const more = 2;\n`));
    if (found === 'all') throw new Error('all');
    expect([...found.importDependent].sort()).toEqual(['N', 'T', 'w', 'x', 'z']);
  });
});
