import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFindFilesTool } from '../../../../src/main/core/tools/find-files';
import {
  LIST_FILES_MAX_ENTRIES,
  createListFilesTool,
} from '../../../../src/main/core/tools/list-files';
import { createSearchFilesTool } from '../../../../src/main/core/tools/search-files';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { toolContext } from './tool-context';

let root: string;
let ws: Workspace;
const list = (input: unknown) => runTool(createListFilesTool(), input, toolContext(ws));

async function put(relative: string, content = ''): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), content);
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-list-')));
  ws = await Workspace.open(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('list_files', () => {
  it('shows a tree with sizes and types, to the default depth of 2', async () => {
    await put('README.md', 'hello');
    await put('src/app.ts', 'x'.repeat(2048));
    await put('src/deep/more/leaf.ts');
    await symlink('README.md', path.join(root, 'readme-link'));
    const result = await list({});
    expect(result).toEqual({
      status: 'ok',
      content: [
        './ (depth 2)',
        'README.md (5 B)',
        'readme-link (symlink, not followed)',
        'src/',
        '  app.ts (2.0 KB)',
        '  deep/',
        '[1 folder(s) at depth 2 were not expanded; raise depth or list them directly.]',
      ].join('\n'),
    });
  });

  it('lists a subfolder to a chosen depth', async () => {
    await put('src/deep/more/leaf.ts', 'abc');
    const result = await list({ path: 'src', depth: 3 });
    expect(result.content).toBe(
      ['src/ (depth 3)', 'deep/', '  more/', '    leaf.ts (3 B)'].join('\n'),
    );
  });

  it('leaves out ignored files and .git', async () => {
    await put('.gitignore', 'dist/\n');
    await put('.git/HEAD');
    await put('dist/out.js');
    await put('index.ts');
    const result = await list({ depth: 5 });
    expect(result.content).not.toMatch(/dist|HEAD|\.git\//);
    expect(result.content).toMatch(/index\.ts/);
  });

  it(`caps at ${LIST_FILES_MAX_ENTRIES} entries - with "… N more"`, async () => {
    await mkdir(path.join(root, 'many'));
    await Promise.all(
      Array.from({ length: 520 }, (_, i) =>
        writeFile(path.join(root, 'many', `f${String(i).padStart(3, '0')}.txt`), ''),
      ),
    );
    const result = await list({ path: 'many' });
    expect(result.content.split('\n').filter((l) => l.endsWith('(0 B)'))).toHaveLength(
      LIST_FILES_MAX_ENTRIES,
    );
    expect(result.content).toMatch(/… 20 more entries not shown/);
  });

  it('refuses a file path and a missing path clearly', async () => {
    await put('a.txt');
    expect(await list({ path: 'a.txt' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/is a file.*read_file/),
    });
    expect(await list({ path: 'missing' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/does not exist/),
    });
  });

  it('rejects a depth over the maximum', async () => {
    expect((await list({ depth: 50 })).status).toBe('error');
  });
});

describe('list_files, find_files, search_files - pointed at an ignored path', () => {
  it('say the path is ignored instead of returning an empty result', async () => {
    await put('.gitignore', 'vendor/\n');
    await put('vendor/lib/x.js', 'needle\n');
    const ctx = toolContext(ws);
    for (const [tool, input] of [
      [createListFilesTool(), { path: 'vendor/lib' }],
      [createFindFilesTool(), { pattern: '*', path: 'vendor' }],
      [createSearchFilesTool(), { pattern: 'needle', path: 'vendor/lib/x.js' }],
    ] as const) {
      const result = await runTool(tool, input, ctx);
      expect(result).toMatchObject({
        status: 'error',
        content: expect.stringMatching(/is ignored \(by \.gitignore or \.sluiceignore/),
      });
    }
  });
});
