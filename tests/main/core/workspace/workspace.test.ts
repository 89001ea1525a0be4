import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, Workspace } from '../../../../src/main/core/workspace/workspace';
import { badPaths, createSandboxFixture, type SandboxFixture } from './sandbox-fixture';

let fx: SandboxFixture;
let ws: Workspace;

beforeEach(async () => {
  fx = await createSandboxFixture();
  ws = await Workspace.open(fx.root);
});
afterEach(async () => {
  await fx.cleanup();
});

function ruleOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SandboxError) return error.rule;
    throw error;
  }
  return 'accepted';
}

async function asyncRuleOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SandboxError) return error.rule;
    throw error;
  }
  return 'accepted';
}

describe('Workspace.open', () => {
  it('fixes the root at the realpath of the folder - even when opened through a symlink', async () => {
    await symlink(fx.root, path.join(fx.base, 'alias'));
    const aliased = await Workspace.open(path.join(fx.base, 'alias'));
    expect(aliased.root).toBe(fx.root);
  });

  it('refuses a missing folder - names the rule', async () => {
    await expect(Workspace.open(path.join(fx.base, 'nope'))).rejects.toMatchObject({
      rule: 'not-found',
    });
  });

  it('refuses a file - names the rule', async () => {
    await expect(Workspace.open(path.join(fx.root, 'a.txt'))).rejects.toMatchObject({
      rule: 'not-a-directory',
    });
  });

  it('refuses limits that are not positive integers', async () => {
    await expect(Workspace.open(fx.root, { maxResults: 0 })).rejects.toThrow(/maxResults/);
  });
});

describe('Workspace.resolve', () => {
  it('refuses every bad input from issue 2 - names the rule', () => {
    for (const bad of badPaths(fx)) {
      expect({ name: bad.name, rule: ruleOf(() => ws.resolve(bad.path)) }).toEqual({
        name: bad.name,
        rule: bad.rule,
      });
      expect({ name: bad.name, rule: ruleOf(() => ws.resolve(bad.path, 'write')) }).toEqual({
        name: bad.name,
        rule: bad.rule,
      });
    }
  });

  it('puts the rule in the message', () => {
    expect(() => ws.resolve('../x')).toThrow(/rule: outside-root/);
    expect(() => ws.resolve('CON')).toThrow(/rule: device-name/);
  });

  it('refuses device names in any case, with an extension, in any component', () => {
    for (const p of ['con', 'Nul.txt', 'sub/com1', 'LPT9.log', 'aux.tar.gz', 'prn ', 'CONIN$']) {
      expect({ p, rule: ruleOf(() => ws.resolve(p)) }).toEqual({ p, rule: 'device-name' });
    }
    expect(ws.resolve('console.ts').relative).toBe('console.ts');
    expect(ws.resolve('com10').relative).toBe('com10');
  });

  it('refuses a single over-long component - names the limit', () => {
    expect(() => ws.resolve(`${'x'.repeat(256)}.txt`)).toThrow(/maxComponentLength/);
    expect(() => ws.resolve('x'.repeat(10_000))).toThrow(/rule: path-too-long.*maxPathLength/);
  });

  it('refuses Windows drive and network paths', () => {
    expect(ruleOf(() => ws.resolve('C:\\Windows\\system32'))).toBe('outside-root');
    expect(ruleOf(() => ws.resolve('\\\\server\\share'))).toBe('outside-root');
  });

  it('treats backslashes as separators - so traversal cannot hide behind them', () => {
    expect(ws.resolve('sub\\inner.txt').relative).toBe('sub/inner.txt');
    expect(ruleOf(() => ws.resolve('sub\\..\\..\\x'))).toBe('outside-root');
  });

  it('accepts paths inside the root, absolute ones too', () => {
    expect(ws.resolve('a.txt')).toEqual({
      absolute: path.join(fx.root, 'a.txt'),
      relative: 'a.txt',
    });
    expect(ws.resolve(path.join(fx.root, 'sub', 'inner.txt')).relative).toBe('sub/inner.txt');
    expect(ws.resolve('sub/../a.txt').relative).toBe('a.txt');
    expect(ws.resolve('').relative).toBe('');
    expect(ws.resolve('.').relative).toBe('');
  });

  it('accepts not-yet-existing paths inside the root', () => {
    expect(ws.resolve('new/deeper/file.ts', 'write').relative).toBe('new/deeper/file.ts');
  });

  it('refuses a not-yet-existing path under a symlinked folder leading outside', () => {
    expect(ruleOf(() => ws.resolve('dir-out/new/file.ts', 'write'))).toBe('symlink-outside');
  });

  it('follows a symlink inside the root for reads and reports the real path', async () => {
    await symlink('sub/inner.txt', path.join(fx.root, 'link-in'));
    expect(ws.resolve('link-in').relative).toBe('sub/inner.txt');
  });

  it('never follows a symlink at the final component for writes', async () => {
    await symlink('sub/inner.txt', path.join(fx.root, 'link-in'));
    expect(ruleOf(() => ws.resolve('link-in', 'write'))).toBe('symlink-write');
  });

  it('allows writes through a symlinked folder that stays inside the root', async () => {
    await symlink('sub', path.join(fx.root, 'sub-link'));
    expect(ws.resolve('sub-link/new.txt', 'write').relative).toBe('sub/new.txt');
  });

  it('refuses a dangling symlink - its target cannot be checked', async () => {
    await symlink(path.join(fx.sibling, 'not-yet'), path.join(fx.root, 'dangling'));
    expect(ruleOf(() => ws.resolve('dangling'))).toBe('symlink-outside');
    expect(ruleOf(() => ws.resolve('dangling', 'write'))).toBe('symlink-outside');
  });

  it('compares by components, not string prefix - <root>-evil is outside', () => {
    expect(ruleOf(() => ws.resolve(`${fx.root}-evil/secret`))).toBe('outside-root');
  });

  it('refuses a non-string path', () => {
    expect(ruleOf(() => ws.resolve(42 as unknown as string))).toBe('invalid-path');
  });
});

describe('Workspace.readBytes / readText', () => {
  it('reads a file inside the root', async () => {
    expect(await ws.readText('a.txt')).toBe('alpha line\nbeta line\n');
  });

  it('never returns a byte of an outside file for any bad input', async () => {
    for (const bad of badPaths(fx)) {
      const rule = await asyncRuleOf(() => ws.readText(bad.path));
      expect({ name: bad.name, rule }).toEqual({ name: bad.name, rule: bad.rule });
    }
  });

  it('refuses a file over maxFileBytes - names the limit', async () => {
    const small = await Workspace.open(fx.root, { maxFileBytes: 5 });
    await expect(small.readBytes('a.txt')).rejects.toThrow(/rule: limit.*maxFileBytes/s);
    await expect(ws.readBytes('a.txt', { maxBytes: 3 })).rejects.toThrow(/maxFileBytes/);
  });

  it('refuses binary content as text - names the rule', async () => {
    await writeFile(path.join(fx.root, 'blob.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    await expect(ws.readText('blob.bin')).rejects.toMatchObject({ rule: 'binary-file' });
    expect((await ws.readBytes('blob.bin')).binary).toBe(true);
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    execFileSync('mkfifo', [path.join(fx.root, 'pipe')]);
    await expect(ws.readText('pipe')).rejects.toMatchObject({ rule: 'not-a-file' });
    expect((await ws.listFiles()).files).not.toContain('pipe');
  });

  it('reports missing files and folders clearly', async () => {
    await expect(ws.readText('missing.txt')).rejects.toMatchObject({ rule: 'not-found' });
    await expect(ws.readText('sub')).rejects.toMatchObject({ rule: 'not-a-file' });
    await expect(ws.readText('a.txt/x')).rejects.toMatchObject({ rule: 'not-found' });
  });
});

describe('Workspace.stat', () => {
  it('returns null for a missing path and details for an existing one', async () => {
    expect(await ws.stat('missing')).toBeNull();
    await chmod(path.join(fx.root, 'a.txt'), 0o640);
    expect(await ws.stat('a.txt')).toMatchObject({
      relative: 'a.txt',
      type: 'file',
      size: 21,
      mode: 0o640,
    });
    expect(await ws.stat('')).toMatchObject({ relative: '', type: 'directory' });
  });

  it('refuses bad paths instead of answering', async () => {
    await expect(ws.stat('link-out')).rejects.toMatchObject({ rule: 'symlink-outside' });
  });
});

describe('Workspace.listDir', () => {
  it('lists children with types and sizes, hiding .git and ignored entries', async () => {
    await mkdir(path.join(fx.root, '.git'));
    await writeFile(path.join(fx.root, '.gitignore'), 'ignored.txt\n');
    await writeFile(path.join(fx.root, 'ignored.txt'), 'x');
    const entries = await ws.listDir('');
    expect(entries.map((e) => `${e.name}:${e.type}`)).toEqual([
      '.gitignore:file',
      'a.txt:file',
      'dir-out:symlink',
      'link-out:symlink',
      'loop-a:symlink',
      'loop-b:symlink',
      'sub:directory',
    ]);
    expect(entries.find((e) => e.name === 'a.txt')?.size).toBe(21);
    const all = await ws.listDir('', { includeIgnored: true });
    expect(all.filter((e) => e.ignored).map((e) => e.name)).toEqual(['.git', 'ignored.txt']);
  });

  it('refuses a folder over maxResults entries - names the limit', async () => {
    const small = await Workspace.open(fx.root, { maxResults: 2 });
    await expect(small.listDir('')).rejects.toThrow(/maxResults/);
  });
});

describe('Workspace.listFiles', () => {
  it('lists regular files only, never through symlinks', async () => {
    const listing = await ws.listFiles();
    expect(listing).toEqual({ files: ['a.txt', 'sub/inner.txt'], total: 2, truncated: false });
  });

  it('filters by globs and extensions', async () => {
    await writeFile(path.join(fx.root, 'sub', 'code.ts'), 'export {};');
    expect((await ws.listFiles({ extensions: ['ts'] })).files).toEqual(['sub/code.ts']);
    expect((await ws.listFiles({ globs: ['*.txt'] })).files).toEqual(['a.txt', 'sub/inner.txt']);
    expect((await ws.listFiles({ globs: ['sub/*'] })).files).toEqual([
      'sub/code.ts',
      'sub/inner.txt',
    ]);
    expect((await ws.listFiles({ under: 'sub', extensions: ['.TXT'] })).files).toEqual([
      'sub/inner.txt',
    ]);
  });

  it('caps results and says so with the total count', async () => {
    for (let i = 0; i < 5; i++) await writeFile(path.join(fx.root, `f${i}.md`), '');
    const listing = await ws.listFiles({ limit: 3 });
    expect(listing.files).toHaveLength(3);
    expect(listing.total).toBe(7);
    expect(listing.truncated).toBe(true);
    expect(listing.message).toMatch(/first 3 of 7.*maxResults/);
  });

  it('stops a walk at maxWalkEntries and says so', async () => {
    const small = await Workspace.open(fx.root, { maxWalkEntries: 2 });
    const listing = await small.listFiles();
    expect(listing.truncated).toBe(true);
    expect(listing.message).toMatch(/maxWalkEntries/);
  });

  it('does not descend past maxWalkDepth and says so', async () => {
    await mkdir(path.join(fx.root, 'd1', 'd2', 'd3'), { recursive: true });
    await writeFile(path.join(fx.root, 'd1', 'd2', 'd3', 'deep.txt'), '');
    const shallow = await Workspace.open(fx.root, { maxWalkDepth: 2 });
    const listing = await shallow.listFiles();
    expect(listing.files).not.toContain('d1/d2/d3/deep.txt');
    expect(listing.message).toMatch(/maxWalkDepth/);
  });

  it('leaves the outside file untouched', async () => {
    await ws.listFiles();
    expect(await readFile(path.join(fx.sibling, 'secret'), 'utf8')).toBe(`${fx.secret}\n`);
  });
});
