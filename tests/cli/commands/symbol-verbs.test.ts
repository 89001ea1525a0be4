// `sluice index`, `sluice def`, `sluice importers` through main() with a fake io.
import { cpSync, mkdtempSync, realpathSync, rmSync, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCliIo } from '../../support/fake-cli-io';
import { main } from '../../../src/cli/main';

let base: string;

function fakeIo() {
  return fakeCliIo({ cwd: base, env: { SLUICE_HOME: path.join(base, 'home') } });
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

  it('refuses a blank --project and unknown flags - exit 2', async () => {
    expect(await main(['index', '--project', ''], fakeIo())).toBe(2);
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

  it('--from follows a renamed import to its declaration', async () => {
    const io = fakeIo();
    expect(
      await main(['def', 'size', '--from', 'src/consumer.ts', '--project', 'proj', '--json'], io),
    ).toBe(0);
    expect(io.lines()).toMatchObject([
      {
        path: 'src/shapes.ts',
        line: 2,
        column: 17,
        kind: 'function',
        name: 'area',
        exported: true,
      },
    ]);
  });

  it('--from follows default imports, of a function and of an identifier', async () => {
    const shape = fakeIo();
    expect(
      await main(
        ['def', 'makeShape', '--from', './src/consumer.ts', '--project', 'proj', '--json'],
        shape,
      ),
    ).toBe(0);
    expect(shape.lines()).toMatchObject([{ path: 'src/shapes.ts', line: 44 }]);
    const settings = fakeIo();
    expect(
      await main(
        ['def', 'settings', '--from', 'src/consumer.ts', '--project', 'proj', '--json'],
        settings,
      ),
    ).toBe(0);
    expect(settings.lines()).toMatchObject([{ path: 'src/default-ident.ts', line: 1 }]);
  });

  it('prints exactly what the find_definition tool returns (its quick-answer note aside), with and without --from', async () => {
    for (const [name, from] of [
      ['size', 'src/consumer.ts'],
      ['area', undefined],
      ['area', 'src/colors.ts'],
    ] as const) {
      const def = fakeIo();
      const args = ['def', name, '--project', 'proj', ...(from ? ['--from', from] : [])];
      expect(await main(args, def)).toBe(0);
      const tool = fakeIo();
      const input = JSON.stringify(from ? { name, from_file: from } : { name });
      expect(
        await main(['tool', 'find_definition', '--project', 'proj', '--input', input], tool),
      ).toBe(0);
      // `sluice tool` indexes in memory, so its first answer is a quick one and says so in
      // the result; `sluice def` says that on stderr. The answers themselves are the same.
      const quickNote = '(answered from a quick search; the index is still being built)\n';
      expect(def.out()).toBe(tool.out().replace(quickNote, ''));
    }
  });

  it('--from a file that does not import the name - says so and shows matches by name', async () => {
    const io = fakeIo();
    expect(await main(['def', 'size', '--from', 'src/colors.ts', '--project', 'proj'], io)).toBe(1);
    expect(io.err()).toMatch(/size is not imported or declared in src\/colors\.ts/);
  });

  it('--from outside the project is refused - exit 1, nothing printed on stdout', async () => {
    const io = fakeIo();
    expect(await main(['def', 'area', '--from', '../../etc/passwd', '--project', 'proj'], io)).toBe(
      1,
    );
    expect(io.out()).toBe('');
    expect(io.err()).toMatch(/sluice def:/);
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
