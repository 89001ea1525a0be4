// The affected-files walk at the level of names, on real TypeScript 6 programs: an importer is
// checked when it uses a name the change alters (or all of a module whose surface differs),
// and the walk never leaves out a file whose errors the change alters (checked against both
// full programs).
import { describe, expect, it } from 'vitest';
import { runAffected, type AffectedRun } from './affected-programs';

const LONG = 60_000;

/** Every file whose errors changed is among the affected ones. */
function expectComplete(run: AffectedRun): void {
  expect(run.affected).toEqual(expect.arrayContaining(run.errorsChanged));
}

const X = {
  'src/x.ts':
    'export function greet(name: string): string {\n  return name;\n}\nexport const size = 3;\n',
  'src/use-greet.ts': "import { greet } from './x';\nexport const hello: string = greet('a');\n",
  'src/use-size.ts': "import { size } from './x';\nexport const twice: number = size * 2;\n",
};
const GREET_NUMBER =
  'export function greet(name: string): number {\n  return name.length;\n}\nexport const size = 3;\n';

describe('affected files by name', () => {
  it(
    'walk - an importer using only an unchanged name is not checked; one using the changed name is',
    () => {
      const run = runAffected(X, { 'src/x.ts': GREET_NUMBER });
      expect(run.affected).toEqual(['src/use-greet.ts', 'src/x.ts']);
      expect(run.errorsInAffected).toEqual(['src/use-greet.ts:2 TS2322']);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a namespace passed on takes all, one read as ns.name its names; import type and default imports their names',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/star.ts': "import * as x from './x';\nexport const all = x;\n",
          'src/star-greet.ts':
            "import * as x from './x';\nexport const h: string = x.greet('d');\n",
          'src/star-size.ts': "import * as x from './x';\nexport const n: number = x.size;\n",
          'src/types.ts':
            "import type { greet } from './x';\nexport type G = typeof greet;\nexport const g: G | null = null;\n",
          'src/d.ts': 'export default function d(): number {\n  return 1;\n}\n',
          'src/use-d.ts': "import d from './d';\nexport const k: number = d();\n",
        },
        { 'src/x.ts': GREET_NUMBER },
      );
      expect(run.affected).toEqual([
        'src/star-greet.ts',
        'src/star.ts',
        'src/types.ts',
        'src/use-greet.ts',
        'src/x.ts',
      ]);
      expectComplete(run);
      const defaults = runAffected(
        {
          'src/d.ts': 'export default function d(): number {\n  return 1;\n}\n',
          'src/use-d.ts': "import d from './d';\nexport const k: number = d();\n",
          'src/other.ts': "import './d';\nexport const o = 1;\n",
        },
        { 'src/d.ts': "export default function d(): string {\n  return '1';\n}\n" },
      );
      expect(defaults.affected).toEqual(['src/d.ts', 'src/use-d.ts']);
      expect(defaults.errorsInAffected).toEqual(['src/use-d.ts:2 TS2322']);
      expectComplete(defaults);
    },
    LONG,
  );

  it(
    'walk - an export * barrel: its importer of the changed name is checked, of another name not',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/index.ts': "export * from './x';\n",
          'src/via-greet.ts':
            "import { greet } from './index';\nexport const hi: string = greet('b');\n",
          'src/via-size.ts': "import { size } from './index';\nexport const s: number = size;\n",
        },
        { 'src/x.ts': GREET_NUMBER },
      );
      expect(run.affected).toEqual([
        'src/index.ts',
        'src/use-greet.ts',
        'src/via-greet.ts',
        'src/x.ts',
      ]);
      expect(run.errorsInAffected).toEqual([
        'src/use-greet.ts:2 TS2322',
        'src/via-greet.ts:2 TS2322',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a named re-export passes the changed name on under its exported name',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/again.ts': "export { greet as welcome, size } from './x';\n",
          'src/use-welcome.ts':
            "import { welcome } from './again';\nexport const w: string = welcome('c');\n",
          'src/use-again-size.ts':
            "import { size } from './again';\nexport const t: number = size;\n",
        },
        { 'src/x.ts': GREET_NUMBER },
      );
      expect(run.affected).toEqual([
        'src/again.ts',
        'src/use-greet.ts',
        'src/use-welcome.ts',
        'src/x.ts',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a renamed export reaches the importers of the old name, through a barrel too',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/index.ts': "export * from './x';\n",
          'src/via-greet.ts':
            "import { greet } from './index';\nexport const hi: string = greet('b');\n",
          'src/via-size.ts': "import { size } from './index';\nexport const s: number = size;\n",
        },
        {
          'src/x.ts':
            'export function welcome(name: string): string {\n  return name;\n}\nexport const size = 3;\n',
        },
      );
      expect(run.affected).toEqual([
        'src/index.ts',
        'src/use-greet.ts',
        'src/via-greet.ts',
        'src/x.ts',
      ]);
      expect(run.errorsInAffected).toEqual([
        'src/use-greet.ts:1 TS2305',
        'src/via-greet.ts:1 TS2305',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - an added export fixes the importers that wanted it, directly and through a barrel',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/index.ts': "export * from './x';\n",
          'src/early.ts': "import { part } from './x';\nexport const p: number = part;\n",
          'src/via-early.ts': "import { part } from './index';\nexport const q: number = part;\n",
          'src/via-size.ts': "import { size } from './index';\nexport const s: number = size;\n",
        },
        { 'src/x.ts': `${X['src/x.ts']}export const part = 1;\n` },
      );
      expect(run.affected).toEqual([
        'src/early.ts',
        'src/index.ts',
        'src/via-early.ts',
        'src/x.ts',
      ]);
      expect(run.errorsChanged).toEqual(['src/early.ts', 'src/via-early.ts']);
      expect(run.errorsInAffected).toEqual([]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a subclass in another file is checked when its base changes, and its importers',
    () => {
      const run = runAffected(
        {
          'src/base.ts':
            'export abstract class Shape {\n  abstract area(): number;\n}\nexport const unit = 1;\n',
          'src/square.ts':
            "import { Shape } from './base';\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\nexport const side = 2;\n",
          'src/main.ts':
            "import { Square } from './square';\nexport const a: number = new Square().area();\n",
          'src/side.ts': "import { side } from './square';\nexport const b: number = side;\n",
          'src/unit.ts': "import { unit } from './base';\nexport const u: number = unit;\n",
        },
        {
          'src/base.ts':
            'export abstract class Shape {\n  abstract area(): string;\n}\nexport const unit = 1;\n',
        },
      );
      expect(run.affected).toEqual(['src/base.ts', 'src/main.ts', 'src/square.ts']);
      expect(run.errorsInAffected).toEqual(['src/square.ts:3 TS2416']);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a type travelling through a module that only re-uses it reaches that module’s importers of it',
    () => {
      const run = runAffected(
        {
          'src/config.ts':
            'export interface Config {\n  port: number;\n}\nexport const name = "c";\n',
          'src/load.ts':
            "import type { Config } from './config';\nexport function load(): Config {\n  return JSON.parse('{}') as Config;\n}\nexport const retries = 3;\n",
          'src/server.ts':
            "import { load } from './load';\nexport const port: number = load().port;\n",
          'src/retry.ts': "import { retries } from './load';\nexport const r: number = retries;\n",
          'src/named.ts': "import { name } from './config';\nexport const n: string = name;\n",
        },
        {
          'src/config.ts':
            'export interface Config {\n  portNumber: number;\n}\nexport const name = "c";\n',
        },
      );
      expect(run.affected).toEqual(['src/config.ts', 'src/load.ts', 'src/server.ts']);
      expect(run.errorsInAffected).toEqual(['src/server.ts:2 TS2339']);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a type a module infers from a changed import reaches the importers of that name only',
    () => {
      const run = runAffected(
        {
          'src/config.ts': 'export interface Config {\n  port: number;\n}\n',
          'src/load.ts':
            "import type { Config } from './config';\nexport function load(): Config {\n  return JSON.parse('{}') as Config;\n}\n",
          'src/inferred.ts':
            "import { load } from './load';\nconst settings = load();\nexport const port = settings.port;\nexport const other = 1;\n",
          'src/use-port.ts': "import { port } from './inferred';\nexport const p: number = port;\n",
          'src/use-other.ts':
            "import { other } from './inferred';\nexport const o: number = other;\n",
        },
        { 'src/config.ts': 'export interface Config {\n  port: string;\n}\n' },
      );
      expect(run.affected).toEqual([
        'src/config.ts',
        'src/inferred.ts',
        'src/load.ts',
        'src/use-port.ts',
      ]);
      expect(run.errorsInAffected).toEqual(['src/use-port.ts:2 TS2322']);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a changed file that only re-exports: pointing a name elsewhere reaches its users',
    () => {
      const run = runAffected(
        {
          'src/a.ts': 'export function pick(): number {\n  return 1;\n}\n',
          'src/b.ts': "export function pick(): string {\n  return 'b';\n}\n",
          'src/c.ts': 'export const other = 1;\n',
          'src/barrel.ts': "export { pick } from './a';\nexport { other } from './c';\n",
          'src/use-pick.ts': "import { pick } from './barrel';\nexport const n: number = pick();\n",
          'src/use-other.ts':
            "import { other } from './barrel';\nexport const o: number = other;\n",
          'src/typed.ts':
            "import { pick } from './barrel';\nexport type P = ReturnType<typeof pick>;\n",
          'src/use-typed.ts': "import type { P } from './typed';\nexport const p: P = 1;\n",
        },
        { 'src/barrel.ts': "export { pick } from './b';\nexport { other } from './c';\n" },
      );
      expect(run.affected).toEqual([
        'src/barrel.ts',
        'src/typed.ts',
        'src/use-pick.ts',
        'src/use-typed.ts',
      ]);
      expect(run.errorsInAffected).toEqual([
        'src/use-pick.ts:2 TS2322',
        'src/use-typed.ts:2 TS2322',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - an enum member added reaches its users; a removed export and a deleted file reach theirs',
    () => {
      const files = {
        'src/color.ts': "export enum Color {\n  Red = 'red',\n}\nexport const shade = 1;\n",
        'src/paint.ts':
          "import { Color } from './color';\nexport function paint(c: Color): string {\n  switch (c) {\n    case Color.Red:\n      return 'r';\n  }\n}\n",
        'src/shade.ts': "import { shade } from './color';\nexport const s: number = shade;\n",
      };
      const enumRun = runAffected(files, {
        'src/color.ts':
          "export enum Color {\n  Red = 'red',\n  Blue = 'blue',\n}\nexport const shade = 1;\n",
      });
      expect(enumRun.affected).toEqual(['src/color.ts', 'src/paint.ts']);
      expect(enumRun.errorsInAffected).toEqual(['src/paint.ts:2 TS2366']);
      expectComplete(enumRun);
      const removed = runAffected(files, {
        'src/color.ts': "export enum Color {\n  Red = 'red',\n}\n",
      });
      expect(removed.affected).toEqual(['src/color.ts', 'src/shade.ts']);
      expectComplete(removed);
      const deleted = runAffected(files, { 'src/color.ts': null });
      expect(deleted.affected).toEqual(['src/color.ts', 'src/paint.ts', 'src/shade.ts']);
      expectComplete(deleted);
    },
    LONG,
  );

  it(
    'walk - forms it does not read by name (import(), import types, require) take all of a module',
    () => {
      const run = runAffected(
        {
          ...X,
          'src/lazy.ts':
            "export async function later(): Promise<number> {\n  const x = await import('./x');\n  return x.size;\n}\n",
          'src/typeref.ts': "export type Size = typeof import('./x').size;\n",
        },
        { 'src/x.ts': GREET_NUMBER },
      );
      expect(run.affected).toEqual([
        'src/lazy.ts',
        'src/typeref.ts',
        'src/use-greet.ts',
        'src/x.ts',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  const REC = {
    'src/rec.ts': [
      'export declare namespace Rec {',
      '  type Key<K> = K extends string ? K : never;',
      '}',
      'export type Box<A> = { readonly [k: string]: A };',
      'export function map<K>(self: Box<Rec.Key<K>>): number {',
      '  return Object.keys(self).length;',
      '}',
      'export function makeUnion(combine: (a: number) => number): number {',
      '  return combine(1);',
      '}',
      '',
    ].join('\n'),
    'src/use-map.ts': "import { map } from './rec';\nexport const m: number = map({});\n",
    'src/use-union.ts':
      "import { makeUnion } from './rec';\nexport const u: number = makeUnion((a) => a);\n",
    'src/aug.ts': [
      "import type { Box } from './rec';",
      'export const a = 1;',
      'declare global {',
      '  interface SluiceBoxes {',
      '    box?: Box<number>;',
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/use-aug.ts': "import { a } from './aug';\nexport const b = a;\n",
  };
  const recEdit = (from: string, to: string): Record<string, string> => ({
    'src/rec.ts': REC['src/rec.ts'].replace(from, to),
  });

  it(
    'walk - a namespace or an augmenting importer the edit did not touch: only the importers of the changed name',
    () => {
      const run = runAffected(
        REC,
        recEdit(
          'combine: (a: number) => number): number {\n  return combine(1);',
          'combine: symbol): number {\n  return 1;',
        ),
      );
      expect(run.affected).toEqual(['src/rec.ts', 'src/use-union.ts']);
      expect(run.errorsInAffected).toEqual([
        'src/use-union.ts:2 TS2345',
        'src/use-union.ts:2 TS7006',
      ]);
      expectComplete(run);
    },
    LONG,
  );

  it(
    'walk - a namespace changed reaches what names it; a name an augmenting file imports, all of that file',
    () => {
      const namespace = runAffected(REC, recEdit('K extends string', 'K extends number'));
      expect(namespace.affected).toEqual(expect.arrayContaining(['src/rec.ts', 'src/use-map.ts']));
      expectComplete(namespace);
      const box = runAffected(REC, recEdit('readonly [k: string]: A', 'readonly [k: string]: A[]'));
      expect(box.affected).toEqual([
        'src/aug.ts',
        'src/rec.ts',
        'src/use-aug.ts',
        'src/use-map.ts',
      ]);
      expectComplete(box);
    },
    LONG,
  );

  it(
    'walk - a namespace of a changed file that takes a name from another changed file changes with it',
    () => {
      const files = {
        ...REC,
        'src/z.ts': 'export type Z = string;\n',
        'src/rec.ts': REC['src/rec.ts']
          .replace('K extends string', 'K extends Z')
          .replace(
            'export declare namespace',
            "import type { Z } from './z';\nexport declare namespace",
          ),
      };
      const run = runAffected(files, {
        'src/z.ts': 'export type Z = number;\n',
        'src/rec.ts': files['src/rec.ts'].replace(
          'combine: (a: number) => number): number {\n  return combine(1);',
          'combine: symbol): number {\n  return 1;',
        ),
      });
      expect(run.affected).toEqual(expect.arrayContaining(['src/use-map.ts', 'src/use-union.ts']));
      expectComplete(run);
    },
    LONG,
  );
});
