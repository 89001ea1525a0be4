// search_files behaves the same on both engines: ripgrep and the Node fallback.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateBundledRipgrep } from '../../../../src/main/core/search/create-search-engine';
import { createNodeSearchEngine } from '../../../../src/main/core/search/node-engine';
import { createRipgrepEngine } from '../../../../src/main/core/search/ripgrep-engine';
import type { SearchEngine } from '../../../../src/main/core/search/search-engine';
import {
  SEARCH_MAX_LINE_CHARS,
  SEARCH_MAX_MATCHES,
  createSearchFilesTool,
} from '../../../../src/main/core/tools/search-files';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { toolContext } from './tool-context';

const rgPath = await locateBundledRipgrep();
const engines: { label: string; engine: SearchEngine }[] = [
  { label: 'node fallback', engine: createNodeSearchEngine() },
  ...(rgPath ? [{ label: 'ripgrep', engine: createRipgrepEngine(rgPath) }] : []),
];

it('the ripgrep binary from @vscode/ripgrep is installed here', () => {
  expect(rgPath).toEqual(expect.any(String));
});

let root: string;
let ws: Workspace;

async function put(relative: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), content);
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-search-')));
  ws = await Workspace.open(root);
  await put(
    'src/window.ts',
    'import { app } from "x";\nconst win = new BrowserWindow({});\nwin.show();\n',
  );
  await put(
    'src/util.js',
    'function loadUser(id) {\n  return db.get(id);\n}\n// browserwindow in lower case\n',
  );
  await put('README.md', 'Use BrowserWindow for windows.\nfoo(bar) literal\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.each(engines)('search_files ($label)', ({ engine }) => {
  const search = (input: unknown) =>
    runTool(createSearchFilesTool({ engine }), input, toolContext(ws));

  it('finds a literal word with totals, grouped by file', async () => {
    const result = await search({ pattern: 'BrowserWindow' });
    expect(result.status).toBe('ok');
    expect(result.content.split('\n')[0]).toBe('2 matching lines in 2 files for "BrowserWindow":');
    expect(result.content).toContain('src/window.ts\n  2: const win = new BrowserWindow({});');
    expect(result.content).toContain('README.md\n  1: Use BrowserWindow for windows.');
  });

  it('uses smart case by default, and honours case_sensitive', async () => {
    expect((await search({ pattern: 'browserwindow' })).content).toMatch(
      /^3 matching lines in 3 files/,
    );
    expect((await search({ pattern: 'BrowserWindow' })).content).toMatch(/^2 matching lines/);
    expect((await search({ pattern: 'browserwindow', case_sensitive: true })).content).toMatch(
      /^1 matching line in 1 file/,
    );
  });

  it('searches a regex, or the text as written with literal', async () => {
    expect((await search({ pattern: 'function\\s+load\\w+' })).content).toContain(
      'src/util.js\n  1: function loadUser(id) {',
    );
    expect((await search({ pattern: 'foo(bar)', literal: true })).content).toContain(
      'README.md\n  2: foo(bar) literal',
    );
    expect((await search({ pattern: 'foo(bar)' })).content).toMatch(/^No matches/);
  });

  it('filters by glob and by path', async () => {
    expect((await search({ pattern: 'BrowserWindow', glob: '*.ts' })).content).toMatch(
      /^1 matching line in 1 file/,
    );
    expect((await search({ pattern: 'BrowserWindow', glob: ['*.md', '*.js'] })).content).toMatch(
      /README\.md/,
    );
    expect((await search({ pattern: 'BrowserWindow', path: 'src' })).content).not.toContain(
      'README.md',
    );
    expect((await search({ pattern: 'win', path: 'src/window.ts' })).content).toMatch(
      /^2 matching lines in 1 file/,
    );
  });

  it('shows context lines, marked apart from matches', async () => {
    const result = await search({ pattern: 'new BrowserWindow', context_lines: 1 });
    expect(result.content).toContain(
      'src/window.ts\n  1- import { app } from "x";\n  2: const win = new BrowserWindow({});\n  3- win.show();',
    );
  });

  it('separates distant groups of one file', async () => {
    await put('gaps.txt', ['hit', 'a', 'b', 'c', 'd', 'hit'].join('\n'));
    const result = await search({ pattern: 'hit', path: 'gaps.txt' });
    expect(result.content).toContain('gaps.txt\n  1: hit\n  --\n  6: hit');
  });

  it(`caps at ${SEARCH_MAX_MATCHES} matching lines - with the totals`, async () => {
    await put('many.txt', Array.from({ length: 250 }, (_, i) => `needle ${i}`).join('\n'));
    await put('more.txt', 'needle again\n');
    const result = await search({ pattern: 'needle' });
    expect(result.content.split('\n')[0]).toBe(
      `251 matching lines in 2 files for "needle"; showing the first ${SEARCH_MAX_MATCHES}. Narrow the pattern, path or glob to see the rest.`,
    );
    expect(result.content.split('\n').filter((l) => /^ {2}\d+: /.test(l))).toHaveLength(
      SEARCH_MAX_MATCHES,
    );
  });

  it(`cuts lines at ${SEARCH_MAX_LINE_CHARS} characters - and says how much was cut`, async () => {
    await put('wide.txt', `needle${'z'.repeat(1000)}\n`);
    const result = await search({ pattern: 'needle' });
    const line = result.content.split('\n').find((l) => l.startsWith('  1: ')) ?? '';
    expect(line).toBe(`  1: needle${'z'.repeat(SEARCH_MAX_LINE_CHARS - 6)} … [+706 characters]`);
  });

  it('honours .gitignore (nested, no git repo), .sluiceignore and hides .git', async () => {
    await put('.gitignore', 'dist/\n');
    await put('pkg/.gitignore', 'gen.ts\n');
    await put('.sluiceignore', 'private/\n');
    await put('sub/.sluiceignore', 'notes.md\n');
    await put('dist/out.js', 'needle\n');
    await put('pkg/gen.ts', 'needle\n');
    await put('private/x.txt', 'needle\n');
    await put('sub/notes.md', 'needle\n');
    await put('.git/config', 'needle\n');
    await put('.hidden/visible.txt', 'needle\n');
    await put('kept.ts', 'needle\n');
    const result = await search({ pattern: 'needle' });
    expect(result.content.split('\n')[0]).toBe('2 matching lines in 2 files for "needle":');
    expect(result.content).toContain('kept.ts');
    expect(result.content).toContain('.hidden/visible.txt');
  });

  it('skips binary files', async () => {
    await put('blob.bin', Buffer.concat([Buffer.from('needle'), Buffer.from([0, 1, 2, 0])]));
    expect((await search({ pattern: 'needle' })).content).toMatch(/^No matches/);
  });

  it('reports an invalid regex with a way out', async () => {
    const result = await search({ pattern: 'foo(' });
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/not a valid regular expression[\s\S]*"literal": true/);
  });

  it('refuses a FIFO as the path without waiting on it', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const started = Date.now();
    expect(await search({ pattern: 'x', path: 'pipe' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/not a regular file/),
    });
    expect((await search({ pattern: 'alpha-none' })).status).toBe('ok');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports a missing path', async () => {
    expect(await search({ pattern: 'x', path: 'nope' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/does not exist/),
    });
  });
});
