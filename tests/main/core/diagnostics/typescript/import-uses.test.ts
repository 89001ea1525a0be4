// What an importer uses of each module it imports, read from its syntax (TypeScript 6's tree
// here; TypeScript 7's is read by the same code through its own kind numbers).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  importUses,
  type ImportSyntaxFile,
  type ImportUse,
} from '../../../../../src/main/core/diagnostics/typescript/import-uses';

/** The use of the file's first module specifier, as plain data. */
const useOf = (text: string) => plain(readUse(text));

/** The names the file's first module specifier binds. */
function boundOf(text: string): string[] | 'all' {
  const { bound } = readUse(text);
  return bound === 'all' ? 'all' : [...bound].sort();
}

function plain(use: ImportUse): {
  names: string[] | 'all';
  passes: [string, string[]][];
  star: boolean;
} {
  return {
    names: use.names === 'all' ? 'all' : [...use.names].sort(),
    passes: [...use.passes].map(([k, v]) => [k, [...v]]),
    star: use.passesAll,
  };
}

function readUse(text: string): ImportUse {
  const source = ts.createSourceFile('/p/a.ts', text, ts.ScriptTarget.Latest, true);
  const specifier = source.statements
    .map((s) => (s as { moduleSpecifier?: ts.Node }).moduleSpecifier)
    .find((s) => s !== undefined);
  if (!specifier) throw new Error('no module specifier');
  const file = {
    ...(source as unknown as ImportSyntaxFile),
    statements: source.statements as unknown as ImportSyntaxFile['statements'],
    text: source.text,
    moduleAugmentations: source.statements.filter(ts.isModuleDeclaration),
  };
  return importUses(file, ts.SyntaxKind)(specifier);
}

describe('import uses', () => {
  it('importUses - named, renamed, default and type-only imports take their names', () => {
    expect(useOf("import { a, b as c } from './x';\nc(a);\n").names).toEqual(['a', 'b']);
    expect(useOf("import d, { e } from './x';\n").names).toEqual(['default', 'e']);
    expect(
      useOf("import type { T } from './x';\nimport { type U, v } from './y';\n").names,
    ).toEqual(['T']);
    expect(useOf("import './x';\n").names).toEqual([]);
  });

  it('importUses - re-exports pass names on; export * passes all; export * as takes all', () => {
    expect(useOf("export { a as b, a as c, default } from './x';\n")).toEqual({
      names: ['a', 'default'],
      passes: [
        ['a', ['b', 'c']],
        ['default', ['default']],
      ],
      star: false,
    });
    expect(useOf("export * from './x';\n")).toEqual({ names: 'all', passes: [], star: true });
    expect(useOf("export * as ns from './x';\n")).toEqual({
      names: 'all',
      passes: [],
      star: false,
    });
  });

  it('importUses - a namespace read only as ns.name takes those names; comments do not count', () => {
    expect(
      useOf(
        "import * as ns from './x';\n// the ns namespace, see ns.c\nexport const v: ns.T = ns.a(ns.b);\nconst o = { f: other.ns, g: typeof ns.c, h: ns?.d };\n",
      ).names,
    ).toEqual(['T', 'a', 'b', 'c', 'd']);
    expect(useOf("import * as ns from './x';\nexport const e = '\\u0041' + ns.a;\n").names).toEqual(
      ['a'],
    );
  });

  it('importUses - a type named as a namespace (the global Record beside `* as Record`) is not the namespace', () => {
    expect(
      useOf(
        "import * as Record from './record';\nexport const f: (r: Readonly<Record<string, number>>) => Record.T = Record.toEntries;\n",
      ).names,
    ).toEqual(['T', 'toEntries']);
    expect(
      useOf("import * as Record from './record';\nexport type R = Record.Map<Record<string, 1>>;\n")
        .names,
    ).toEqual(['Map']);
  });

  it('importUses - a namespace used as a whole, or a name it could stand for, takes all', () => {
    for (const use of [
      'export const all = ns;',
      'export const copy = { ...ns };',
      'export type N = typeof ns;',
      "export const k = ns['a'];",
      'export { ns };',
      'export function f(ns: number) {\n  return ns;\n}',
      'export const sum = 1 + ns;',
    ])
      expect(useOf(`import * as ns from './x';\n${use}\n`).names).toEqual('all');
    expect(useOf("import d, * as ns from './x';\nns.a;\n").names).toEqual('all');
  });

  it('importUses - an import of a file that augments a module takes its names and binds all', () => {
    for (const augmentation of [
      "declare module './x' {\n  interface A {\n    b: string;\n  }\n}",
      'declare global {\n  interface Error {\n    a?: A;\n  }\n}',
    ]) {
      const text = `import { a, type A } from './y';\n${augmentation}\n`;
      expect(useOf(text).names).toEqual(['A', 'a']);
      expect(boundOf(text)).toBe('all');
    }
    // Without an augmentation it binds what it takes.
    expect(boundOf("import { a } from './y';\n")).toEqual(['a']);
  });

  it('importUses - the module a file augments is taken whole', () => {
    const text =
      "import { a } from './y';\ndeclare module './x' {\n  interface A {\n    b: string;\n  }\n}\n";
    const source = ts.createSourceFile('/p/a.ts', text, ts.ScriptTarget.Latest, true);
    const augmentation = source.statements[1] as ts.ModuleDeclaration;
    const file = {
      ...(source as unknown as ImportSyntaxFile),
      statements: source.statements as unknown as ImportSyntaxFile['statements'],
      text: source.text,
      moduleAugmentations: [augmentation.name],
    };
    expect(importUses(file, ts.SyntaxKind)(augmentation.name).names).toBe('all');
  });
});
