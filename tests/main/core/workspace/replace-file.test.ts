// Workspace.replaceFile / Workspace.remove: the one door for writes, with the hash re-check.
import { chmod, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  nodeAtomicWriteOps,
  type AtomicWriteOps,
} from '../../../../src/main/core/workspace/atomic-write';
import { ABSENT_FILE_HASH, sha256 } from '../../../../src/main/core/workspace/content-hash';
import {
  ContentConflictError,
  SandboxError,
  Workspace,
} from '../../../../src/main/core/workspace/workspace';
import { createSandboxFixture, type SandboxFixture } from './sandbox-fixture';

let fixture: SandboxFixture;
let workspace: Workspace;
beforeEach(async () => {
  fixture = await createSandboxFixture();
  workspace = await Workspace.open(fixture.root);
});
afterEach(() => fixture.cleanup());

const A_TXT = 'alpha line\nbeta line\n';
const at = (relative: string) => path.join(fixture.root, relative);
const bytes = (text: string) => Buffer.from(text, 'utf8');

async function noTempFiles(folder: string): Promise<void> {
  expect((await readdir(folder)).filter((name) => name.includes('.sluice-'))).toEqual([]);
}

describe('Workspace.replaceFile', () => {
  it('replaces a file whose hash is still the expected one - keeps its mode, returns the old bytes', async () => {
    await chmod(at('a.txt'), 0o751);
    const result = await workspace.replaceFile('a.txt', bytes('new\n'), {
      expectHash: sha256(A_TXT),
    });
    expect(result).toEqual({
      relative: 'a.txt',
      created: false,
      mode: 0o751,
      replaced: bytes(A_TXT),
    });
    expect(await readFile(at('a.txt'), 'utf8')).toBe('new\n');
    expect((await stat(at('a.txt'))).mode & 0o777).toBe(0o751);
  });

  it('hash mismatch - ContentConflictError naming what is there, nothing written', async () => {
    const attempt = workspace.replaceFile('a.txt', bytes('mine\n'), {
      expectHash: sha256('what the proposal saw\n'),
    });
    await expect(attempt).rejects.toBeInstanceOf(ContentConflictError);
    await expect(attempt).rejects.toMatchObject({ path: 'a.txt', current: sha256(A_TXT) });
    expect(await readFile(at('a.txt'), 'utf8')).toBe(A_TXT);
    await noTempFiles(fixture.root);
  });

  it('a file that appeared where none was expected - conflict, the newcomer is kept', async () => {
    await writeFile(at('sub/new.txt'), 'theirs');
    await expect(
      workspace.replaceFile('sub/new.txt', bytes('mine'), { expectHash: ABSENT_FILE_HASH }),
    ).rejects.toMatchObject({ name: 'ContentConflictError', current: sha256('theirs') });
    expect(await readFile(at('sub/new.txt'), 'utf8')).toBe('theirs');
  });

  it('creates a new file and its folders when asked', async () => {
    const result = await workspace.replaceFile('deep/er/new.txt', bytes('x'), {
      expectHash: ABSENT_FILE_HASH,
      createParents: true,
      newFileMode: 0o600,
    });
    expect(result).toMatchObject({ created: true, replaced: null, mode: 0o600 });
    expect(await readFile(at('deep/er/new.txt'), 'utf8')).toBe('x');
  });

  it('a change just before the rename - caught by the re-check, nothing written', async () => {
    const ops: AtomicWriteOps = {
      ...nodeAtomicWriteOps,
      async writeNewFile(file, data, mode) {
        await nodeAtomicWriteOps.writeNewFile(file, data, mode);
        await writeFile(at('a.txt'), 'changed meanwhile\n');
      },
    };
    await expect(
      workspace.replaceFile('a.txt', bytes('mine\n'), { expectHash: sha256(A_TXT), ops }),
    ).rejects.toBeInstanceOf(ContentConflictError);
    expect(await readFile(at('a.txt'), 'utf8')).toBe('changed meanwhile\n');
    await noTempFiles(fixture.root);
  });

  it('a crash at the rename - the old file is intact and the temp file gone', async () => {
    const ops: AtomicWriteOps = {
      ...nodeAtomicWriteOps,
      rename: async () => {
        throw new Error('injected crash');
      },
    };
    await expect(
      workspace.replaceFile('a.txt', bytes('mine\n'), { expectHash: sha256(A_TXT), ops }),
    ).rejects.toThrow('injected crash');
    expect(await readFile(at('a.txt'), 'utf8')).toBe(A_TXT);
    await noTempFiles(fixture.root);
  });

  it('a symlink as the last component - refused, its target untouched', async () => {
    const attempt = workspace.replaceFile('link-out', bytes('pwned'), {
      expectHash: sha256(`${fixture.secret}\n`),
    });
    await expect(attempt).rejects.toBeInstanceOf(SandboxError);
    await expect(attempt).rejects.toMatchObject({ rule: 'symlink-outside' });
    expect(await readFile(path.join(fixture.sibling, 'secret'), 'utf8')).toBe(
      `${fixture.secret}\n`,
    );
  });

  it('a symlink to a file inside the root - refused as a symlink write', async () => {
    await symlink('a.txt', at('link-in'));
    await expect(
      workspace.replaceFile('link-in', bytes('x'), { expectHash: sha256(A_TXT) }),
    ).rejects.toMatchObject({ name: 'SandboxError', rule: 'symlink-write' });
    expect(await readFile(at('a.txt'), 'utf8')).toBe(A_TXT);
  });

  it('outside the root, through a symlinked folder, or the root itself - refused', async () => {
    for (const [input, rule] of [
      ['../outside.txt', 'outside-root'],
      ['dir-out/secret', 'symlink-outside'],
      ['', 'not-a-file'],
    ] as const) {
      await expect(
        workspace.replaceFile(input, bytes('x'), {
          expectHash: ABSENT_FILE_HASH,
          createParents: true,
        }),
      ).rejects.toMatchObject({ name: 'SandboxError', rule });
    }
    expect(await readFile(path.join(fixture.sibling, 'secret'), 'utf8')).toBe(
      `${fixture.secret}\n`,
    );
    expect(await readdir(fixture.base)).toEqual(['proj', 'proj-evil']);
  });
});

describe('Workspace.remove', () => {
  it('removes a file whose hash is still the expected one', async () => {
    expect(await workspace.remove('a.txt', { expectHash: sha256(A_TXT) })).toEqual({
      relative: 'a.txt',
      removed: true,
    });
    await expect(stat(at('a.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('hash mismatch - ContentConflictError, the file is kept', async () => {
    await expect(
      workspace.remove('a.txt', { expectHash: sha256('something else') }),
    ).rejects.toBeInstanceOf(ContentConflictError);
    expect(await readFile(at('a.txt'), 'utf8')).toBe(A_TXT);
  });

  it('nothing there and nothing expected - nothing to do', async () => {
    expect(await workspace.remove('gone.txt', { expectHash: ABSENT_FILE_HASH })).toEqual({
      relative: 'gone.txt',
      removed: false,
    });
  });

  it('a symlink or a path outside the root - refused, nothing removed', async () => {
    await expect(
      workspace.remove('link-out', { expectHash: sha256(`${fixture.secret}\n`) }),
    ).rejects.toMatchObject({ name: 'SandboxError', rule: 'symlink-outside' });
    await expect(
      workspace.remove('../proj-evil/secret', { expectHash: sha256(`${fixture.secret}\n`) }),
    ).rejects.toMatchObject({ name: 'SandboxError', rule: 'outside-root' });
    expect(await readFile(path.join(fixture.sibling, 'secret'), 'utf8')).toBe(
      `${fixture.secret}\n`,
    );
  });
});
