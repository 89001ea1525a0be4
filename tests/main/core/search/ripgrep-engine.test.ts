import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSearchEngine,
  locateBundledRipgrep,
} from '../../../../src/main/core/search/create-search-engine';
import { createRipgrepEngine, ripgrepArgs } from '../../../../src/main/core/search/ripgrep-engine';
import type { SearchQuery } from '../../../../src/main/core/search/search-engine';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let root: string;
let ws: Workspace;

const query = (overrides: Partial<SearchQuery>): SearchQuery => ({
  pattern: 'x',
  literal: false,
  caseSensitive: true,
  globs: [],
  under: '',
  contextLines: 0,
  maxMatches: 100,
  maxLineChars: 300,
  timeLimitMs: 5000,
  ...overrides,
});

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-rg-')));
  ws = await Workspace.open(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('ripgrepArgs', () => {
  it('passes the pattern as an argument, never through a shell, and honours ignore files without git', async () => {
    await writeFile(path.join(root, '.sluiceignore'), 'x\n');
    const args = ripgrepArgs(
      ws,
      query({ pattern: '$(rm -rf /); `x`', literal: true, globs: ['*.ts'], under: 'src' }),
    );
    expect(args).toEqual(
      expect.arrayContaining([
        '--json',
        '--no-require-git',
        '--fixed-strings',
        '--ignore-file',
        '.sluiceignore',
      ]),
    );
    expect(args.slice(-4)).toEqual(['--regexp', '$(rm -rf /); `x`', '--', 'src']);
  });
});

describe('createRipgrepEngine', () => {
  it('finds matches on a catastrophic-for-backtracking regex quickly', async () => {
    const rgPath = await locateBundledRipgrep();
    expect(rgPath).not.toBeNull();
    await writeFile(path.join(root, 'evil.txt'), `${'a'.repeat(50_000)}!\naaaa\n`);
    const outcome = await createRipgrepEngine(rgPath as string).search(
      ws,
      query({ pattern: '(a+)+$', timeLimitMs: 2000 }),
    );
    expect(outcome).toMatchObject({ engine: 'ripgrep', totalMatches: 1 });
    expect(outcome.stoppedBy).toBeUndefined();
  });

  it('fails with a clear message when the binary cannot be started', async () => {
    const engine = createRipgrepEngine(path.join(root, 'no-such-rg'));
    await expect(engine.search(ws, query({}))).rejects.toThrow(/ripgrep could not be started/);
  });

  it('reads path names that are not valid UTF-8', async () => {
    const rgPath = (await locateBundledRipgrep()) as string;
    await writeFile(Buffer.from(path.join(root, 'bad-\xff-name.txt'), 'latin1'), 'needle\n');
    const outcome = await createRipgrepEngine(rgPath).search(ws, query({ pattern: 'needle' }));
    expect(outcome.totalMatches).toBe(1);
    expect(outcome.files[0]?.path).toMatch(/^bad-.*-name\.txt$/);
  });
});

describe('createSearchEngine', () => {
  it('falls back to the Node engine when no rg binary is found', async () => {
    await writeFile(path.join(root, 'a.txt'), 'needle\n');
    const outcome = await createSearchEngine(async () => null).search(
      ws,
      query({ pattern: 'needle' }),
    );
    expect(outcome.engine).toBe('node');
    expect(outcome.totalMatches).toBe(1);
  });

  it('uses ripgrep when the locator finds it', async () => {
    await writeFile(path.join(root, 'a.txt'), 'needle\n');
    const outcome = await createSearchEngine().search(ws, query({ pattern: 'needle' }));
    expect(outcome.engine).toBe('ripgrep');
  });
});
