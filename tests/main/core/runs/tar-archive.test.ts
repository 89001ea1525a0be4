import { describe, expect, it } from 'vitest';
import { readTar, writeTar } from '../../../../src/main/core/runs/tar-archive';

describe('tar archive', () => {
  it('writeTar/readTar - files, folders and links round-trip; long and non-ASCII names through PAX', () => {
    const long = `${'deep/'.repeat(30)}file-é.txt`;
    const tar = writeTar(
      [
        { kind: 'dir', path: 'a', mode: 0o755, mtimeMs: 0 },
        {
          kind: 'file',
          path: 'a/x.txt',
          mode: 0o644,
          mtimeMs: 1_000,
          bytes: Buffer.from('hello\n'),
        },
        { kind: 'file', path: long, mode: 0o755, mtimeMs: 1_000, bytes: Buffer.alloc(1500, 7) },
        { kind: 'symlink', path: 'a/link', target: 'x.txt' },
      ],
      { uid: 1000, gid: 1000 },
    );
    expect(tar.length % 512).toBe(0);
    const entries = readTar(tar);
    expect(entries.map((e) => [e.path, e.kind])).toEqual([
      ['a', 'dir'],
      ['a/x.txt', 'file'],
      [long, 'file'],
      ['a/link', 'symlink'],
    ]);
    expect(entries[1]?.bytes?.toString()).toBe('hello\n');
    expect(entries[2]?.bytes?.length).toBe(1500);
    expect(entries[2]?.mode).toBe(0o755);
  });

  it('readTar - a stream cut short is an error, not a short file', () => {
    const tar = writeTar(
      [{ kind: 'file', path: 'f', mode: 0o644, mtimeMs: 0, bytes: Buffer.alloc(2000, 1) }],
      { uid: 0, gid: 0 },
    );
    expect(() => readTar(tar.subarray(0, 1024))).toThrow(/cut short/u);
  });
});
