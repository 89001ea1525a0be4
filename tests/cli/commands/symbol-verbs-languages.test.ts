// `sluice index`, `sluice def`, `sluice importers` on Python, Go, Rust and Java projects:
// the verbs are unchanged, `--kind` takes the new kinds.
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCliIo } from '../../support/fake-cli-io';
import { main } from '../../../src/cli/main';

let base: string;

function fakeIo() {
  return fakeCliIo({ cwd: base, env: { SLUICE_HOME: path.join(base, 'home') } });
}

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-languages-')));
  cpSync(path.resolve(__dirname, '../../fixtures/index/languages'), base, { recursive: true });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo();
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('symbol verbs on tree-sitter languages', () => {
  it('sluice index - indexes a Python project with nothing skipped', async () => {
    const result = await run(['index', '--project', 'python']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Indexed .*: 8 files, 22 symbols/);
  });

  it('sluice def - finds definitions per language, filtered by the new kinds', async () => {
    expect((await run(['def', 'Order.add', '--project', 'python'])).out).toContain(
      'src/shop/models/order.py:16:9 method Order.add',
    );
    expect((await run(['def', 'Point', '--kind', 'struct', '--project', 'go'])).out).toContain(
      'geo/point.go:14:6 struct Point',
    );
    expect((await run(['def', 'Area', '--kind', 'trait', '--project', 'rust'])).out).toContain(
      'src/shapes/mod.rs:11:11 trait Area',
    );
    expect((await run(['def', 'PI', '--kind', 'constant', '--project', 'java'])).out).toContain(
      'Circle.java:6:32 constant Circle.PI',
    );
  });

  it('sluice importers - lists a Go package file importers and a Python module importers', async () => {
    expect((await run(['importers', 'geo/shape.go', '--project', 'go'])).out).toContain(
      'main.go:5 example.com/shapes/geo',
    );
    const python = await run(['importers', 'src/shop/util.py#slug', '--project', 'python']);
    expect(python.out).toContain('src/app.py:5 shop.util');
  });
});
