// `sluice index`, `sluice def`, `sluice importers` through main() with a fake io.
import { cpSync, mkdtempSync, realpathSync, rmSync, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';

let base: string;

function fakeIo(): CliIo & { out(): string; err(): string; lines(): unknown[] } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin: Readable.from([]),
    env: { SLUICE_HOME: path.join(base, 'home') },
    cwd: base,
    out: () => out,
    err: () => err,
    lines: () =>
      out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
  };
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-index-')));
  cpSync(path.resolve(__dirname, '../../fixtures/index/constructs'), path.join(base, 'proj'), {
    recursive: true,
  });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('sluice index', () => {
  it('prints files, symbols, imports, skipped, ms as one JSON line - and stores the index under SLUICE_HOME', async () => {
    const io = fakeIo();
    expect(await main(['index', '--project', 'proj', '--json'], io)).toBe(0);
    const [stats] = io.lines() as Record<string, unknown>[];
    expect(Object.keys(stats!)).toEqual(['files', 'symbols', 'imports', 'skipped', 'ms']);
    expect(stats).toMatchObject({ files: 16, skipped: 1 });
    expect(existsSync(path.join(base, 'home', 'index'))).toBe(true);
    expect(readdirSync(path.join(base, 'home', 'index')).some((f) => f.endsWith('.db'))).toBe(true);
  });

  it('lists skipped files in the human output', async () => {
    const io = fakeIo();
    expect(await main(['index', '--project', 'proj'], io)).toBe(0);
    expect(io.out()).toMatch(/Indexed .*: 16 files/);
    expect(io.out()).toMatch(/src\/broken\.ts: parse-error/);
  });

  it('refuses a missing --project and unknown flags - exit 2', async () => {
    expect(await main(['index'], fakeIo())).toBe(2);
    expect(await main(['index', '--project', 'proj', '--bogus'], fakeIo())).toBe(2);
  });
});

describe('sluice def', () => {
  it('prints definitions with the contract fields, exported first', async () => {
    const io = fakeIo();
    expect(await main(['def', 'Shape.resize', '--project', 'proj', '--json'], io)).toBe(0);
    expect(io.lines()).toEqual([
      {
        path: 'src/shapes.ts',
        line: 15,
        column: 3,
        kind: 'method',
        name: 'Shape.resize',
        exported: true,
        signature: 'resize(factor: number): Shape<T>',
      },
    ]);
  });

  it('indexes on demand - and suggests names when nothing matches (exit 1)', async () => {
    const io = fakeIo();
    expect(await main(['def', 'makeShap', '--project', 'proj'], io)).toBe(1);
    expect(io.err()).toMatch(/Similar names: .*makeShape/);
  });

  it('rejects a bad --kind and a missing SYMBOL - exit 2', async () => {
    expect(await main(['def', 'area', '--project', 'proj', '--kind', 'nope'], fakeIo())).toBe(2);
    expect(await main(['def', '--project', 'proj'], fakeIo())).toBe(2);
  });
});

describe('sluice importers', () => {
  it('prints importers with the contract fields, following barrels', async () => {
    const io = fakeIo();
    expect(
      await main(
        ['importers', 'src/geometry/index.ts#distance', '--project', 'proj', '--json'],
        io,
      ),
    ).toBe(0);
    expect(io.lines()).toEqual([
      { path: 'src/barrel.ts', line: 3, specifier: './geometry', typeOnly: false, via: [] },
      {
        path: 'src/consumer.ts',
        line: 6,
        specifier: './barrel',
        typeOnly: false,
        via: ['src/barrel.ts'],
      },
      { path: 'src/consumer.ts', line: 14, specifier: './geometry', typeOnly: false, via: [] },
      {
        path: 'src/outer-barrel.ts',
        line: 1,
        specifier: './barrel',
        typeOnly: false,
        via: ['src/barrel.ts'],
      },
    ]);
  });

  it('fails on a file that is not indexed (exit 1) - and refuses paths outside the project (exit 1)', async () => {
    const io = fakeIo();
    expect(await main(['importers', 'src/nope.ts', '--project', 'proj'], io)).toBe(1);
    expect(io.err()).toMatch(/not an indexed/);
    const outside = fakeIo();
    expect(await main(['importers', '../../etc/passwd', '--project', 'proj'], outside)).toBe(1);
    expect(outside.err()).toMatch(/importers/);
  });
});
