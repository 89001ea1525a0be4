// A module's export surface by name, on a real TypeScript 6 program: each export's text holds
// the module's own types it reaches, also those another export expanded first, and names the
// declarations of other files it uses; the whole text stays one string beside it.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { exportSurface } from '../../../../../src/main/core/diagnostics/typescript/export-surface';
import { exportText } from '../../../../../src/main/core/diagnostics/typescript/surface-parts';
import { writeFiles } from '../diagnostics-test-project';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function surfaceOf(files: Record<string, string>, file: string) {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-surface-')));
  writeFiles(root, files);
  const names = Object.keys(files).map((f) => path.join(root, f));
  const program = ts.createProgram(names, { strict: true, noEmit: true, skipLibCheck: true });
  return exportSurface(ts, program, path.join(root, file), (f) => f.startsWith(root + '/'));
}

describe('export surface by name', () => {
  it('exportSurface - an export reaches the own types another export expanded first', () => {
    const surface = surfaceOf(
      {
        'a.ts':
          'interface Conf {\n  port: number;\n}\nexport function first(): Conf {\n  return { port: 1 };\n}\nexport function second(): Conf {\n  return { port: 2 };\n}\nexport const plain = 1;\n',
      },
      'a.ts',
    );
    const parts = surface.parts;
    if (!parts) throw new Error('no parts');
    expect([...parts.exports.keys()]).toEqual(['first', 'second', 'plain']);
    for (const name of ['first', 'second'])
      expect(exportText(parts, name)).toContain('    port flags=4 mods=0: number');
    expect(exportText(parts, 'plain')).not.toContain('port flags');
    // The whole text expands Conf once.
    expect(surface.text?.match(/type Conf /g)).toHaveLength(1);
  });

  it('exportSurface - another file’s types and inherited members are named by the declaration that holds them', () => {
    const surface = surfaceOf(
      {
        'base.ts':
          'export interface Config {\n  port: number;\n}\nexport class Base {\n  size = 1;\n}\n',
        'b.ts':
          "import { Base, type Config } from './base';\nexport function load(): Config {\n  return { port: 1 };\n}\nexport class Derived extends Base {}\n",
      },
      'b.ts',
    );
    const base = path.join(root, 'base.ts');
    expect(surface.named).toEqual([base]);
    expect(surface.parts?.locals.get('load')?.names).toEqual([[base, 'Config']]);
    expect(
      exportText(surface.parts ?? { exports: new Map(), locals: new Map() }, 'Derived'),
    ).toContain(`uses ${base}#Base`);
    const derived = surface.parts?.locals.get('Derived');
    // Its inherited member is named by the class that declares it.
    expect(derived?.names).toEqual([[base, 'Base']]);
  });
});
