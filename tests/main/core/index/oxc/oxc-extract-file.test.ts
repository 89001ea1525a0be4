// oxc's extraction against TypeScript's (extract-file.ts): the same symbols and local exports,
// row for row, for the forms where the two trees differ in shape (ESTree's export wrappers,
// decorators before or after `export`, qualified namespaces, computed and private names,
// parameter properties, declaration files), and for every file of this repository's src/;
// a file oxc reports an error in, or with a legacy octal escape, is left to TypeScript.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractFile } from '../../../../../src/main/core/index/extract-file';
import {
  extractWithOxc,
  isDeclarationFileName,
  loadOxc,
} from '../../../../../src/main/core/index/oxc/oxc-extract-file';

function typescriptRows(file: string, text: string) {
  const outcome = extractFile(file, text);
  if (outcome.status !== 'ok') throw new Error(`${file}: ${outcome.error}`);
  return { symbols: outcome.extraction.symbols, exports: outcome.extraction.exports };
}

function oxcRows(file: string, text: string) {
  const extraction = extractWithOxc(file, text);
  return extraction && { symbols: extraction.symbols, exports: extraction.exports };
}

const CLASSES = `
@injectable()
/** A comment between the decorator and export. */
export class Service<T> extends Base implements Api {
  @inject(Logger) protected readonly logger: Logger;
  static #count = 1;
  private secret = 'x';
  constructor(@inject(Db) private readonly db: Db, public name = 'n', plain: number) {
    super();
  }
  get size(): number { return 1; }
  set size(value: number) {}
  run(): void;
  run(a?: number): void {}
  async *stream() {}
  'quoted-name'() {}
  [Symbol.iterator]() {}
  42: number;
  0x10: number;
  declare declared: string;
  accessor field = 1;
  handler = function (): void { };
  readonly: boolean;
  async() {}
  [key: string]: unknown;
}
export @sealed class AfterExport {}
@sealed abstract class AbstractOne { abstract shape(): void; abstract area: number; }
export default class { member() {} }
`;

const STATEMENTS = `
export function overloaded(a: string): void;
export function overloaded(a: unknown): void {}
export const { a1, b: [b1, , ...rest1], ...others } = source, single = 1;
let x1, x2: number;
await using handle = open();
export enum Colour { Red }
export const enum Flag { On }
export type Alias<T> = T | null;
export interface Shape { area(): number }
export default interface DefaultShape {}
export declare function declared(): void;
export namespace Outer.Inner.Deep { export const value = 1; function hidden() {} }
namespace Plain { export class InNamespace { m() {} } }
declare module 'virtual-module' { export function fromModule(): void; const ambient: 1; }
declare global { var globalThing: string; }
export import Alias2 = Outer.Inner;
import Required = require('./required');
export * as everything from './all';
export * from './rest';
export { local as renamed, other };
export { fromElsewhere } from './elsewhere';
const local = 1, other = 2;
export default local;
`;

describe('oxc extraction', () => {
  beforeAll(async () => {
    expect(await loadOxc()).toBe(true);
  });

  it.each([
    ['classes.ts', CLASSES],
    ['statements.ts', STATEMENTS],
    [
      'component.tsx',
      'export const View = () => <div title="a">{1}</div>;\nexport function Row() { return <Row />; }\n',
    ],
    [
      'script.js',
      'export class Plain { method() {} }\nexport const jsx = <b/>;\nmodule.exports = 1;\n',
    ],
    [
      'types.d.ts',
      'declare namespace Lib { function f(): void; class C { m(): void } }\ninterface Ambient {}\nexport = Lib;\n',
    ],
    ['crlf.ts', 'export class A {\r\n  m(): void {}\r\n}\r\nexport const é = "ü";\r\n'],
  ])('%s - the same rows as TypeScript', (file, text) => {
    const expected = typescriptRows(file, text);
    expect(expected.symbols.length).toBeGreaterThan(1);
    expect(oxcRows(file, text)).toEqual(expected);
  });

  it("this repository's src - every file the same rows as TypeScript", () => {
    const root = path.resolve(import.meta.dirname, '../../../../../src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.[mc]?[jt]sx?$/.test(f),
    );
    expect(files.length).toBeGreaterThan(500);
    const differing = files.filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return JSON.stringify(oxcRows(file, text)) !== JSON.stringify(typescriptRows(file, text));
    });
    expect(differing).toEqual([]);
  }, 120_000);

  it('a syntax error - left to TypeScript', () => {
    expect(extractWithOxc('broken.ts', 'export class {')).toBeUndefined();
    expect(extractWithOxc('broken.ts', 'export const a = ;')).toBeUndefined();
  });

  it('a legacy octal escape - left to TypeScript, a back-reference is not', () => {
    expect(extractWithOxc('old.js', "var esc = '\\033[0m';\nfunction f() {}\n")).toBeUndefined();
    expect(extractWithOxc('tpl.js', 'var esc = `\\1`;\n')).toBeUndefined();
    for (const text of [
      'export const re = /(a)\\1/;\n',
      "export const s = '\\\\1';\n",
      'export const raw = String.raw`(a)\\1`;\n',
    ])
      expect(oxcRows('ok.ts', text)).toEqual(typescriptRows('ok.ts', text));
  });

  it('a file that is not TypeScript or JavaScript - not read', () => {
    expect(extractWithOxc('main.py', 'def f(): pass\n')).toBeUndefined();
  });

  it('declaration file names - as TypeScript tells them', () => {
    expect(['a.d.ts', 'a.d.mts', 'a.d.cts', 'dir/a.d.css.ts'].map(isDeclarationFileName)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['a.ts', 'd.ts', 'a.dts', 'dir.d/a.ts'].map(isDeclarationFileName)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
