import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readTar,
  tarEntryBlocks,
  writeTar,
  type TarEntry,
} from '../../../../src/main/core/runs/tar-archive';

const long = `${'deep/'.repeat(30)}file-é.txt`;
const longAscii = `${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(60)}.txt`;
const longComponent = `${'x'.repeat(150)}.txt`;

const sample: TarEntry[] = [
  { kind: 'dir', path: 'a', mode: 0o755, mtimeMs: 0 },
  { kind: 'file', path: 'a/x.txt', mode: 0o644, mtimeMs: 1_000, bytes: Buffer.from('hello\n') },
  { kind: 'file', path: long, mode: 0o755, mtimeMs: 1_000, bytes: Buffer.alloc(1500, 7) },
  { kind: 'file', path: longAscii, mode: 0o600, mtimeMs: 2_000, bytes: Buffer.from('ascii') },
  { kind: 'file', path: longComponent, mode: 0o640, mtimeMs: 0, bytes: new Uint8Array([1, 2]) },
  { kind: 'file', path: 'a/locked', mode: 0, mtimeMs: 0, bytes: Buffer.alloc(0) },
  { kind: 'symlink', path: 'a/link', target: 'x.txt' },
  { kind: 'symlink', path: 'a/far', target: `../${'t/'.repeat(60)}end` },
];

function hasTar(): boolean {
  try {
    execFileSync('tar', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('tar archive', () => {
  it('writeTar/readTar - files, folders and links round-trip; long and non-ASCII names through PAX', async () => {
    const tar = writeTar(sample, { uid: 1000, gid: 1000 });
    expect(tar.length % 512).toBe(0);
    const entries = await readTar(tar);
    expect(entries.map((e) => [e.path, e.kind])).toEqual([
      ['a', 'dir'],
      ['a/x.txt', 'file'],
      [long, 'file'],
      [longAscii, 'file'],
      [longComponent, 'file'],
      ['a/locked', 'file'],
      ['a/link', 'symlink'],
      ['a/far', 'symlink'],
    ]);
    expect(entries[1]?.bytes?.toString()).toBe('hello\n');
    expect(entries[2]?.bytes?.length).toBe(1500);
    expect(entries[2]?.mode).toBe(0o755);
    expect(entries[3]?.bytes?.toString()).toBe('ascii');
    expect(entries[4]?.bytes).toEqual(Buffer.from([1, 2]));
    expect(entries[5]).toMatchObject({ mode: 0, bytes: Buffer.alloc(0) });
    expect(entries[6]?.bytes).toBeNull();
  });

  it('writeTar - the same entries give the same bytes (a build context is hashed into its pin)', async () => {
    const first = writeTar(sample, { uid: 0, gid: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = writeTar(
      sample.map((entry) => ({ ...entry })),
      { uid: 0, gid: 0 },
    );
    expect(second.equals(first)).toBe(true);
    expect(writeTar(sample, { uid: 1, gid: 0 }).equals(first)).toBe(false);
  });

  it('writeTar - what the engine sees: modes, owners, times, links and long names as a real tar reads them', () => {
    if (!hasTar()) return;
    const tar = writeTar(sample, { uid: 1234, gid: 4321 });
    const listing = execFileSync('tar', ['-tv', '--numeric-owner', '--full-time'], {
      input: tar,
      encoding: 'utf8',
    });
    expect(listing).toContain('drwxr-xr-x 1234/4321');
    expect(listing).toMatch(/-rw-r--r-- 1234\/4321 +6 1970-01-01 00:00:01 a\/x\.txt/u);
    expect(listing).toMatch(/---------- 1234\/4321 +0 1970-01-01 00:00:00 a\/locked/u);
    expect(listing).toContain('a/link -> x.txt');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-tar-'));
    try {
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      expect(readFileSync(path.join(dir, long))).toEqual(Buffer.alloc(1500, 7));
      expect(lstatSync(path.join(dir, long)).mode & 0o777).toBe(0o755);
      expect(readFileSync(path.join(dir, longAscii), 'utf8')).toBe('ascii');
      expect(lstatSync(path.join(dir, longAscii)).mtimeMs).toBe(2_000);
      expect(readFileSync(path.join(dir, longComponent))).toEqual(Buffer.from([1, 2]));
      expect(readlinkSync(path.join(dir, 'a/far'))).toBe(`../${'t/'.repeat(60)}end`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('readTar - reads what GNU tar writes (GNU long names)', async () => {
    if (!hasTar()) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-tar-'));
    try {
      execFileSync('tar', ['-x', '-C', dir], { input: writeTar(sample, { uid: 0, gid: 0 }) });
      const gnu = execFileSync('tar', ['-c', '--format=gnu', '-C', dir, longAscii, 'a/link']);
      const entries = await readTar(gnu);
      expect(entries.map((e) => [e.path, e.kind])).toEqual([
        [longAscii, 'file'],
        ['a/link', 'symlink'],
      ]);
      expect(entries[0]?.bytes?.toString()).toBe('ascii');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tarEntryBlocks - one entry is whole blocks, and entries plus the end are writeTar', () => {
    const owner = { uid: 5, gid: 6 };
    const blocks = sample.map((entry) => Buffer.concat(tarEntryBlocks(entry, owner)));
    for (const block of blocks) expect(block.length % 512).toBe(0);
    expect(Buffer.concat([...blocks, Buffer.alloc(1024)])).toEqual(writeTar(sample, owner));
  });

  it('readTar - a stream cut short is an error, not a short file', async () => {
    const tar = writeTar(
      [{ kind: 'file', path: 'f', mode: 0o644, mtimeMs: 0, bytes: Buffer.alloc(2000, 1) }],
      { uid: 0, gid: 0 },
    );
    await expect(readTar(tar.subarray(0, 1024))).rejects.toThrow(/cut short/u);
  });

  it('readTar - a corrupted header is an error, not a misnamed file', async () => {
    const tar = writeTar(
      [{ kind: 'file', path: 'f', mode: 0o644, mtimeMs: 0, bytes: Buffer.from('x') }],
      { uid: 0, gid: 0 },
    );
    tar[0] = 'g'.charCodeAt(0);
    await expect(readTar(tar)).rejects.toThrow(/not a readable tar stream/u);
  });
});
