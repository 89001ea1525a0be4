import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  atomicWriteFile,
  nodeAtomicWriteOps,
  type AtomicWriteOps,
} from '../../../../src/main/core/workspace/atomic-write';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sluice-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomicWriteFile', () => {
  it('replaces a file and keeps its mode', async () => {
    const file = path.join(dir, 'a.sh');
    await writeFile(file, 'old');
    await chmod(file, 0o755);
    await atomicWriteFile(file, Buffer.from('new'));
    expect(await readFile(file, 'utf8')).toBe('new');
    expect((await stat(file)).mode & 0o777).toBe(0o755);
    expect(await readdir(dir)).toEqual(['a.sh']);
  });

  it('a crash between the temp write and the rename leaves the old file intact - no temp litter', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'old content');
    const crashing: AtomicWriteOps = {
      ...nodeAtomicWriteOps,
      rename: async () => {
        throw new Error('injected crash before rename');
      },
    };
    await expect(
      atomicWriteFile(file, Buffer.from('new content that is longer'), { ops: crashing }),
    ).rejects.toThrow(/injected crash/u);
    expect(await readFile(file, 'utf8')).toBe('old content');
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('a crash in the middle of writing the temp file never truncates the target', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'old content');
    const crashing: AtomicWriteOps = {
      ...nodeAtomicWriteOps,
      writeNewFile: async (temp, data, mode) => {
        await nodeAtomicWriteOps.writeNewFile(temp, data.subarray(0, 3), mode);
        throw new Error('injected crash mid-write');
      },
    };
    await expect(
      atomicWriteFile(file, Buffer.from('new content'), { ops: crashing }),
    ).rejects.toThrow(/mid-write/u);
    expect(await readFile(file, 'utf8')).toBe('old content');
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('after the rename the new file is complete even if the folder sync fails', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'old');
    const ops: AtomicWriteOps = {
      ...nodeAtomicWriteOps,
      syncDir: async () => Promise.reject(new Error('sync failed')),
    };
    await expect(atomicWriteFile(file, Buffer.from('new'), { ops })).rejects.toThrow(
      /sync failed/u,
    );
    expect(await readFile(file, 'utf8')).toBe('new');
  });

  it('refuses to write through a symlink', async () => {
    const target = path.join(dir, 'real.txt');
    await writeFile(target, 'real');
    await symlink(target, path.join(dir, 'link.txt'));
    await expect(atomicWriteFile(path.join(dir, 'link.txt'), Buffer.from('x'))).rejects.toThrow(
      /symlink/u,
    );
    expect(await readFile(target, 'utf8')).toBe('real');
  });

  it('aborts when beforeRename throws - target untouched, temp removed', async () => {
    const file = path.join(dir, 'a.txt');
    await writeFile(file, 'old');
    await expect(
      atomicWriteFile(file, Buffer.from('new'), {
        beforeRename: () => Promise.reject(new Error('changed on disk')),
      }),
    ).rejects.toThrow(/changed on disk/u);
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('creates a new file with the requested mode', async () => {
    const file = path.join(dir, 'new.txt');
    const result = await atomicWriteFile(file, Buffer.from('hi'), { newFileMode: 0o600 });
    expect(result.created).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
