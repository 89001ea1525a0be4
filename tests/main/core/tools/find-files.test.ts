import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FIND_FILES_MAX_RESULTS,
  createFindFilesTool,
} from '../../../../src/main/core/tools/find-files';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { toolContext } from './tool-context';

let root: string;
let ws: Workspace;
const find = (input: unknown) => runTool(createFindFilesTool(), input, toolContext(ws));

async function put(relative: string, content = ''): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), content);
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-find-')));
  ws = await Workspace.open(root);
  await put('src/app.ts');
  await put('src/ui/button.tsx');
  await put('src/ui/button.test.tsx');
  await put('README.md');
  await put('docs/guide.md');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('find_files', () => {
  it('matches a recursive glob', async () => {
    expect((await find({ pattern: 'src/**/*.tsx' })).content).toBe(
      ['2 files match "src/**/*.tsx":', 'src/ui/button.test.tsx', 'src/ui/button.tsx'].join('\n'),
    );
  });

  it('matches a slash-less glob against file names in any folder', async () => {
    expect((await find({ pattern: '*.md' })).content).toBe(
      ['2 files match "*.md":', 'README.md', 'docs/guide.md'].join('\n'),
    );
  });

  it('supports braces and a path to search under', async () => {
    const result = await find({ pattern: '*.{ts,tsx}', path: 'src/ui' });
    expect(result.content).toBe(
      ['2 files match "*.{ts,tsx}":', 'src/ui/button.test.tsx', 'src/ui/button.tsx'].join('\n'),
    );
  });

  it('skips ignored files, .git and symlinks', async () => {
    await put('.gitignore', 'build/\n');
    await put('build/app.ts');
    await put('.git/hooks/x.ts');
    await symlink('src/app.ts', path.join(root, 'alias.ts'));
    expect((await find({ pattern: '**/*.ts' })).content).toBe(
      ['1 file match "**/*.ts":', 'src/app.ts'].join('\n'),
    );
  });

  it('says when nothing matches', async () => {
    expect((await find({ pattern: '*.rs' })).content).toBe('No files match "*.rs".');
  });

  it(`caps at ${FIND_FILES_MAX_RESULTS} results - with the total`, async () => {
    await Promise.all(Array.from({ length: 230 }, (_, i) => put(`gen/f${i}.json`)));
    const result = await find({ pattern: '*.json' });
    expect(result.content.split('\n')[0]).toBe(
      `230 files match "*.json"; showing the first ${FIND_FILES_MAX_RESULTS}:`,
    );
    expect(result.content).toMatch(/… 30 more not shown/);
  });

  it('refuses a path that is a file', async () => {
    expect(await find({ pattern: '*', path: 'README.md' })).toMatchObject({ status: 'error' });
  });
});
