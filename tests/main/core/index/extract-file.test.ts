import { describe, expect, it } from 'vitest';
import { extractFile } from '../../../../src/main/core/index/extract-file';
import type { FileExtraction } from '../../../../src/main/core/index/index-types';

function extract(path: string, text: string): FileExtraction {
  const outcome = extractFile(path, text);
  if (outcome.status !== 'ok') throw new Error(outcome.error);
  return outcome.extraction;
}

describe('extractFile', () => {
  it('records every import form - one row per binding', () => {
    const { imports } = extract(
      'a.ts',
      [
        "import a, { b as c, type D } from './x.js';",
        "import * as ns from '../y';",
        "import type T from 'z';",
        "import 'side';",
        "import {} from './empty';",
        "import fs = require('fs');",
        "export { q as r } from './q';",
        "export * from './all';",
        "export * as nsx from './nsx';",
        "const lazy = import('./lazy');",
        "const req = require('./req');",
        "type Q = import('./qt').Q;",
      ].join('\n'),
    );
    expect(
      imports.map((i) => [
        i.kind,
        i.specifier,
        i.imported,
        i.local,
        i.exportedAs,
        i.typeOnly,
        i.line,
      ]),
    ).toEqual([
      ['import', './x.js', 'default', 'a', null, false, 1],
      ['import', './x.js', 'b', 'c', null, false, 1],
      ['import', './x.js', 'D', 'D', null, true, 1],
      ['import', '../y', '*', 'ns', null, false, 2],
      ['import', 'z', 'default', 'T', null, true, 3],
      ['side-effect', 'side', '*', null, null, false, 4],
      ['side-effect', './empty', '*', null, null, false, 5],
      ['import-equals', 'fs', '*', 'fs', null, false, 6],
      ['reexport', './q', 'q', null, 'r', false, 7],
      ['reexport-all', './all', '*', null, null, false, 8],
      ['reexport-namespace', './nsx', '*', null, 'nsx', false, 9],
      ['dynamic', './lazy', '*', null, null, false, 10],
      ['require', './req', '*', 'req', null, false, 11],
      ['dynamic', './qt', '*', null, null, true, 12],
    ]);
  });

  it('parses JSX in .js and .tsx files - and decorators stay out of signatures', () => {
    expect(extract('v.jsx', 'export const V = () => <div />;').symbols[0]).toMatchObject({
      name: 'V',
    });
    const { symbols } = extract('d.ts', '@decorate()\nexport class Decorated {}\n');
    expect(symbols[0]).toMatchObject({
      name: 'Decorated',
      signature: 'export class Decorated',
      line: 2,
    });
  });

  it('records constructor parameter properties - as class properties, decorated ones too', () => {
    const { symbols } = extract(
      'svc.ts',
      [
        'export class Service {',
        '  constructor(',
        '    private readonly pool: Pool,',
        '    public x: number,',
        '    protected y = 2,',
        '    readonly z: string,',
        '    @Inject(TOKEN) private readonly svc: Svc,',
        '    plain: number,',
        '  ) {}',
        '}',
      ].join('\n'),
    );
    const props = symbols.filter((s) => s.kind === 'property');
    expect(props).toEqual([
      expect.objectContaining({
        name: 'Service.pool',
        line: 3,
        column: 22,
        exported: false,
        signature: 'private readonly pool: Pool',
      }),
      expect.objectContaining({
        name: 'Service.x',
        line: 4,
        column: 12,
        exported: true,
        signature: 'public x: number',
      }),
      expect.objectContaining({
        name: 'Service.y',
        line: 5,
        exported: true,
        signature: 'protected y = 2',
      }),
      expect.objectContaining({
        name: 'Service.z',
        line: 6,
        exported: true,
        signature: 'readonly z: string',
      }),
      expect.objectContaining({
        name: 'Service.svc',
        line: 7,
        column: 37,
        exported: false,
        signature: 'private readonly svc: Svc',
      }),
    ]);
    expect(symbols.map((s) => s.name)).not.toContain('Service.plain');
    expect(symbols.map((s) => s.name)).toContain('Service.constructor');
  });

  it('caps signatures at one short line', () => {
    const { symbols } = extract('s.ts', `export const huge = { ${'key: 1,\n'.repeat(500)} };`);
    expect(symbols[0]!.signature.length).toBeLessThanOrEqual(160);
    expect(symbols[0]!.signature).not.toContain('\n');
  });

  it('turns a syntax error into a parse-error outcome with its position', () => {
    expect(extractFile('bad.ts', 'const = ;')).toMatchObject({
      status: 'parse-error',
      error: expect.stringMatching(/^1:7 /),
    });
  });

  it('records `export =` and global augmentations', () => {
    const { symbols, exports } = extract(
      'cjs.d.ts',
      'declare function lib(): void;\nexport = lib;\ndeclare global { interface Window { x: 1 } }\n',
    );
    expect(exports).toEqual([{ exported: 'export=', local: 'lib', line: 2 }]);
    expect(symbols.map((s) => [s.name, s.kind, s.exported])).toEqual([
      ['lib', 'function', true],
      ['default', 'default', true],
      ['Window', 'interface', true],
    ]);
  });
});
