import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCliIo } from '../../support/fake-cli-io';
import { main } from '../../../src/cli/main';

let base: string;

function fakeIo(cwd: string) {
  return fakeCliIo({ cwd });
}

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-tool-')));
  await mkdir(path.join(base, 'proj', 'src'), { recursive: true });
  await writeFile(path.join(base, 'proj', 'src', 'window.ts'), 'const w = new BrowserWindow();\n');
  await writeFile(path.join(base, 'secret.txt'), 'OUTSIDE-SECRET\n');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('sluice tool', () => {
  it('runs search_files with --project relative to cwd - exit 0', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'search_files', '--project', 'proj', '--input', '{"pattern":"BrowserWindow"}'],
      io,
    );
    expect(code).toBe(0);
    expect(io.out()).toContain('src/window.ts\n  1: const w = new BrowserWindow();');
  });

  it('prints one JSON line with --json', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'read_file', '--project', 'proj', '--input', '{"path":"src/window.ts"}', '--json'],
      io,
    );
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toEqual({
      tool: 'read_file',
      status: 'ok',
      content: 'src/window.ts (lines 1-1 of 1)\n    1\tconst w = new BrowserWindow();',
    });
  });

  it('exits 1 on a tool error - a path outside the project, naming the rule, no outside bytes', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'read_file', '--project', 'proj', '--input', '{"path":"../secret.txt"}'],
      io,
    );
    expect(code).toBe(1);
    expect(io.err()).toMatch(/rule: outside-root/);
    expect(io.out() + io.err()).not.toContain('OUTSIDE-SECRET');
  });

  it('exits 1 with --json on a tool error, still one JSON line', async () => {
    const io = fakeIo(base);
    const code = await main(
      ['tool', 'list_files', '--project', 'proj', '--input', '{"path":"nope"}', '--json'],
      io,
    );
    expect(code).toBe(1);
    expect(JSON.parse(io.out())).toMatchObject({ tool: 'list_files', status: 'error' });
  });

  it('exits 1 on input the tool schema refuses', async () => {
    const io = fakeIo(base);
    expect(
      await main(['tool', 'read_file', '--project', 'proj', '--input', '{"path":3}'], io),
    ).toBe(1);
    expect(io.err()).toMatch(/invalid input/);
  });

  it('find_definition - uses the persistent index under SLUICE_HOME; read_file opens none', async () => {
    const home = path.join(base, 'home');
    await writeFile(path.join(base, 'proj', 'src', 'cart.ts'), 'export function total() {}\n');
    const read = fakeCliIo({ cwd: base, env: { SLUICE_HOME: home } });
    expect(
      await main(
        ['tool', 'read_file', '--project', 'proj', '--input', '{"path":"src/cart.ts"}'],
        read,
      ),
    ).toBe(0);
    expect(existsSync(path.join(home, 'index'))).toBe(false);
    const io = fakeCliIo({ cwd: base, env: { SLUICE_HOME: home } });
    expect(
      await main(
        ['tool', 'find_definition', '--project', 'proj', '--input', '{"name":"total"}'],
        io,
      ),
    ).toBe(0);
    expect(io.out()).toContain('src/cart.ts');
    expect(readdirSync(path.join(home, 'index')).some((f) => f.endsWith('.db'))).toBe(true);
  });

  it('exits 2 on an unknown tool - listing the available ones', async () => {
    const io = fakeIo(base);
    expect(await main(['tool', 'rm_rf', '--project', 'proj', '--input', '{}'], io)).toBe(2);
    expect(io.err()).toMatch(/unknown tool "rm_rf"\. Available tools: .*read_file.*search_files/);
  });

  it('exits 2 on bad JSON, a non-object, missing flags, unknown flags or a blank or missing project', async () => {
    const cases: [string[], RegExp][] = [
      [['tool', 'read_file', '--project', 'proj', '--input', '{path:'], /not valid JSON/],
      [['tool', 'read_file', '--project', 'proj', '--input', '[1]'], /must be a JSON object/],
      [['tool', 'read_file', '--project', 'proj'], /--input JSON is required/],
      [['tool', 'read_file', '--project', '', '--input', '{}'], /--project needs a folder/],
      [['tool', '--project', 'proj', '--input', '{}'], /exactly one tool NAME/],
      [['tool', 'read_file', '--project', 'proj', '--input', '{}', '--bogus'], /bogus/],
      [['tool', 'read_file', '--project', 'missing', '--input', '{}'], /does not exist/],
    ];
    for (const [argv, message] of cases) {
      const io = fakeIo(base);
      expect({ argv, code: await main(argv, io) }).toEqual({ argv, code: 2 });
      expect(io.err()).toMatch(message);
      expect(io.err()).toContain('Usage: sluice tool NAME');
    }
  });
});
