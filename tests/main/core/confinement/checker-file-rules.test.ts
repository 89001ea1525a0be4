// What a checker may read: the same rules as read_file, with the file and the reason named.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkableFile,
  findUncheckable,
} from '../../../../src/main/core/confinement/checker-file-rules';

let root: string;
let outside: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-checkable-')));
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-checkable-out-')));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'ANTHROPIC_API_KEY=sk-ant-x\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('checkableFile', () => {
  it('regular file - may be read, at its real path', () => {
    expect(checkableFile(root, 'src/a.ts')).toEqual({
      ok: true,
      absolute: path.join(root, 'src', 'a.ts'),
      size: 20,
    });
  });

  it('symlink inside the project - may be read', () => {
    symlinkSync('a.ts', path.join(root, 'src', 'b.ts'));
    expect(checkableFile(root, 'src/b.ts')).toMatchObject({ ok: true });
  });

  it.each([
    ['a file outside the project', () => path.join(outside, 'secret.txt')],
    ['/proc/self/environ', () => '/proc/self/environ'],
    ['/dev/zero', () => '/dev/zero'],
    ['/dev/stdin', () => '/dev/stdin'],
    ['nothing', () => path.join(outside, 'missing')],
  ])('symlink to %s - refused, naming the file', (_label, target) => {
    symlinkSync(target(), path.join(root, 'src', 'leak.ts'));
    const result = checkableFile(root, 'src/leak.ts');
    expect(result).toMatchObject({ ok: false, rule: 'outside' });
    if (!result.ok)
      expect(result.reason).toMatch(/^"src\/leak\.ts" is a symlink that leads outside/u);
  });

  it('FIFO - refused as not a regular file (reading it would wait forever)', () => {
    execFileSync('mkfifo', [path.join(root, 'src', 'pipe.ts')]);
    const result = checkableFile(root, 'src/pipe.ts');
    expect(result).toMatchObject({ ok: false, rule: 'not-regular' });
    if (!result.ok) expect(result.reason).toContain('FIFO');
  });

  it('socket and folder - refused as not regular files', async () => {
    const server: Server = createServer();
    await new Promise<void>((r) => server.listen(path.join(root, 'sock.ts'), r));
    try {
      expect(checkableFile(root, 'sock.ts')).toMatchObject({ ok: false, rule: 'not-regular' });
      expect(checkableFile(root, 'src')).toMatchObject({ ok: false, rule: 'not-regular' });
    } finally {
      server.close();
    }
  });

  it('missing and outside paths - said as such, never thrown', () => {
    expect(checkableFile(root, 'src/gone.ts')).toMatchObject({ ok: false, rule: 'missing' });
    expect(checkableFile(root, '../x.ts')).toMatchObject({ ok: false, rule: 'outside' });
    expect(checkableFile(root, 'a\0b')).toMatchObject({ ok: false, rule: 'invalid' });
  });
});

describe('findUncheckable', () => {
  const readsTs = (name: string) => name.endsWith('.ts');

  it('a refused file in a nested folder - named with why', () => {
    mkdirSync(path.join(root, 'src', 'deep'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'src', 'deep', 'leak.ts'));
    expect(findUncheckable(root, '', readsTs)).toMatch(/^"src\/deep\/leak\.ts" is a symlink/u);
  });

  it('skipped folders and files the checker does not read - not vetted', () => {
    mkdirSync(path.join(root, 'node_modules'));
    mkdirSync(path.join(root, 'vendor'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'node_modules', 'leak.ts'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'vendor', 'leak.ts'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'src', 'leak.txt'));
    expect(findUncheckable(root, '', readsTs, { skipFolder: (n) => n === 'vendor' })).toBeNull();
  });

  it('more entries than the bound - refused as too many to vet', () => {
    expect(findUncheckable(root, 'src', readsTs, { maxEntries: 0 })).toBe(
      '"src" holds more than 0 entries; too many to vet before a check',
    );
  });
});
