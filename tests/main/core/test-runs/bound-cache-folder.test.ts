import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boundCacheFolder,
  folderSize,
} from '../../../../src/main/core/test-runs/bound-cache-folder';

let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

function temp(): string {
  base = mkdtempSync(path.join(os.tmpdir(), 'sluice-cache-folder-'));
  return base;
}

describe('a runner cache folder bound into the sandbox', () => {
  it('folderSize - counts regular files, never follows a link, stops at the entry limit', async () => {
    const dir = path.join(temp(), 'cache');
    mkdirSync(path.join(dir, 'a'), { recursive: true });
    writeFileSync(path.join(dir, 'a', 'one'), 'x'.repeat(10));
    writeFileSync(path.join(dir, 'two'), 'y'.repeat(5));
    expect(await folderSize(dir, 100)).toEqual({ bytes: 15, entries: 3, complete: true });
    expect((await folderSize(dir, 2)).complete).toBe(false);
  });

  it('boundCacheFolder - past its limit it is emptied before the next run, never under a run that holds it', async () => {
    const dir = path.join(temp(), 'cache', 'jest');
    const said: string[] = [];
    const folder = boundCacheFolder(dir, { maxBytes: 100, maxEntries: 1000 }, (d) => said.push(d));
    const first = folder.acquire();
    expect(first?.dir).toBe(dir);
    const other = folder.acquire();
    writeFileSync(path.join(dir, 'big'), 'z'.repeat(500));
    first?.release();
    first?.release();
    await folder.measured();
    // Another run still holds the folder: it is not emptied under it.
    const third = folder.acquire();
    expect(existsSync(path.join(dir, 'big'))).toBe(true);
    expect(said).toEqual([]);
    other?.release();
    third?.release();
    await folder.measured();
    const fourth = folder.acquire();
    expect(fourth?.dir).toBe(dir);
    expect(existsSync(path.join(dir, 'big'))).toBe(false);
    expect(said).toEqual([
      `the cache at ${dir} was past its limit of 0 MB (0 MB in 1 entries) and was emptied; this run starts it again`,
    ]);
  });

  it('boundCacheFolder - a folder that cannot be made leaves the run cold and says why', () => {
    const home = temp();
    writeFileSync(path.join(home, 'cache'), 'a file, not a folder');
    const said: string[] = [];
    const folder = boundCacheFolder(path.join(home, 'cache', 'go-build'), undefined, (d) =>
      said.push(d),
    );
    expect(folder.acquire()).toBeNull();
    expect(said[0]).toMatch(
      /^no cache folder could be made at .*go-build \(ENOTDIR.*\); this run starts cold$/u,
    );
  });
});
