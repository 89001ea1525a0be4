import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createSearchEngine,
  locateBundledRipgrep,
} from '../../../../src/main/core/search/create-search-engine';
import { createRipgrepEngine, ripgrepArgs } from '../../../../src/main/core/search/ripgrep-engine';
import { query, useTempWorkspace } from './search-fixture';

const temp = useTempWorkspace('sluice-rg-');

describe('ripgrepArgs', () => {
  it('passes the pattern as an argument, never through a shell, and honours ignore files without git', async () => {
    await writeFile(path.join(temp.root(), '.sluiceignore'), 'x\n');
    const args = ripgrepArgs(
      temp.ws(),
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
    await writeFile(path.join(temp.root(), 'evil.txt'), `${'a'.repeat(50_000)}!\naaaa\n`);
    const outcome = await createRipgrepEngine(rgPath as string).search(
      temp.ws(),
      query({ pattern: '(a+)+$', timeLimitMs: 2000 }),
    );
    expect(outcome).toMatchObject({ engine: 'ripgrep', totalMatches: 1 });
    expect(outcome.stoppedBy).toBeUndefined();
  });

  it('fails with a clear message when the binary cannot be started', async () => {
    const engine = createRipgrepEngine(path.join(temp.root(), 'no-such-rg'));
    await expect(engine.search(temp.ws(), query({}))).rejects.toThrow(
      /ripgrep could not be started/,
    );
  });

  it('reads path names that are not valid UTF-8', async () => {
    const rgPath = (await locateBundledRipgrep()) as string;
    await writeFile(Buffer.from(path.join(temp.root(), 'bad-\xff-name.txt'), 'latin1'), 'needle\n');
    const outcome = await createRipgrepEngine(rgPath).search(
      temp.ws(),
      query({ pattern: 'needle' }),
    );
    expect(outcome.totalMatches).toBe(1);
    expect(outcome.files[0]?.path).toMatch(/^bad-.*-name\.txt$/);
  });
});

describe('createSearchEngine', () => {
  it('falls back to the Node engine when no rg binary is found', async () => {
    await writeFile(path.join(temp.root(), 'a.txt'), 'needle\n');
    const outcome = await createSearchEngine(async () => null).search(
      temp.ws(),
      query({ pattern: 'needle' }),
    );
    expect(outcome.engine).toBe('node');
    expect(outcome.totalMatches).toBe(1);
  });

  it('uses ripgrep when the locator finds it', async () => {
    await writeFile(path.join(temp.root(), 'a.txt'), 'needle\n');
    const outcome = await createSearchEngine().search(temp.ws(), query({ pattern: 'needle' }));
    expect(outcome.engine).toBe('ripgrep');
  });
});
