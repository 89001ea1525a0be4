import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let root: string;

async function put(relative: string, content = ''): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), content);
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-ignore-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('isIgnored', () => {
  it('always hides .git - even without any ignore file', async () => {
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('.git', true)).toBe(true);
    expect(ws.isIgnored('.git/config', false)).toBe(true);
    expect(ws.isIgnored('sub/.git/HEAD', false)).toBe(true);
    expect(ws.isIgnored('.gitignore', false)).toBe(false);
  });

  it('honours the root .gitignore - with no git repository', async () => {
    await put('.gitignore', 'node_modules/\n*.log\n/build\n');
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('node_modules', true)).toBe(true);
    expect(ws.isIgnored('node_modules/x/index.js', false)).toBe(true);
    expect(ws.isIgnored('deep/debug.log', false)).toBe(true);
    expect(ws.isIgnored('build', true)).toBe(true);
    expect(ws.isIgnored('src/build', true)).toBe(false);
    expect(ws.isIgnored('src/app.ts', false)).toBe(false);
  });

  it('honours nested .gitignore files relative to their folder', async () => {
    await put('.gitignore', '*.tmp\n');
    await put('pkg/.gitignore', 'dist/\n/local.txt\n');
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('pkg/dist/a.js', false)).toBe(true);
    expect(ws.isIgnored('pkg/local.txt', false)).toBe(true);
    expect(ws.isIgnored('local.txt', false)).toBe(false);
    expect(ws.isIgnored('dist/a.js', false)).toBe(false);
    expect(ws.isIgnored('pkg/x.tmp', false)).toBe(true);
  });

  it('lets a deeper negation re-include a file the parent ignored', async () => {
    await put('.gitignore', '*.gen.ts\n');
    await put('keep/.gitignore', '!important.gen.ts\n');
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('keep/important.gen.ts', false)).toBe(false);
    expect(ws.isIgnored('keep/other.gen.ts', false)).toBe(true);
  });

  it('ignores everything below an ignored folder - a negation cannot reach inside it', async () => {
    await put('.gitignore', 'vendor/\n!vendor/keep.js\n');
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('vendor/keep.js', false)).toBe(true);
  });

  it('honours .sluiceignore at the root and nested, over .gitignore', async () => {
    await put('.gitignore', 'secret.env\n');
    await put('.sluiceignore', 'fixtures/\n!secret.env\n');
    await put('a/.sluiceignore', 'big.json\n');
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('fixtures', true)).toBe(true);
    expect(ws.isIgnored('secret.env', false)).toBe(false);
    expect(ws.isIgnored('a/big.json', false)).toBe(true);
    expect(ws.isIgnored('big.json', false)).toBe(false);
  });

  it('picks up a changed ignore file after clearIgnoreCache', async () => {
    const ws = await Workspace.open(root);
    expect(ws.isIgnored('x.txt', false)).toBe(false);
    await put('.gitignore', 'x.txt\n');
    ws.clearIgnoreCache();
    expect(ws.isIgnored('x.txt', false)).toBe(true);
  });
});

describe('listFiles - ignore rules', () => {
  it('prunes ignored folders and files, and .git', async () => {
    await put('.gitignore', 'node_modules/\n*.log\n');
    await put('pkg/.gitignore', 'out/\n');
    await put('.sluiceignore', 'private/\n');
    await put('node_modules/dep/index.js');
    await put('.git/HEAD');
    await put('pkg/out/bundle.js');
    await put('pkg/src/main.ts');
    await put('private/notes.md');
    await put('run.log');
    await put('.github/workflows/ci.yml');
    const ws = await Workspace.open(root);
    const listing = await ws.listFiles();
    expect(listing.files).toEqual([
      '.github/workflows/ci.yml',
      '.gitignore',
      '.sluiceignore',
      'pkg/.gitignore',
      'pkg/src/main.ts',
    ]);
  });
});
