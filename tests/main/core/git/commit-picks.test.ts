import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitPicks, CommitPickError } from '../../../../src/main/core/git/commit-picks';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { createOwnGit } from '../../../../src/main/core/git/own-git';
import { createPersonGit } from '../../../../src/main/core/git/sandboxed-git';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { git, makeRepo, testGitEnv, writeIn } from '../../../support/git-fixture';

const LINES = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

let repo: string;
let home: string;

beforeEach(async () => {
  repo = await makeRepo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n', 'sub/long.txt': LINES });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function commit(root: string, picks: Parameters<typeof commitPicks>[0]['picks']) {
  const opened = await GitReader.open(root, testGitEnv());
  if (opened.kind !== 'repository') throw new Error('expected a repository');
  return commitPicks({
    reader: opened.reader,
    workspace: await Workspace.open(root),
    own: createOwnGit(opened.reader, testGitEnv()),
    person: createPersonGit(opened.reader, { env: testGitEnv(), hidden: [home] }),
    picks,
    message: 'Picked',
  });
}

describe('commitPicks - what the person picked, and only that', () => {
  it('two of three changed files - committed; the third stays a change in the tree', async () => {
    await writeIn(repo, 'a.txt', 'A\n');
    await writeIn(repo, 'b.txt', 'B\n');
    await writeIn(repo, 'c.txt', 'C\n');
    await writeIn(repo, 'new.txt', 'new\n');
    const made = await commit(repo, [{ path: 'a.txt' }, { path: 'new.txt' }]);
    expect(made.ok).toBe(true);
    expect(git(repo, ['show', '--name-only', '--format=%s', 'HEAD']).trim().split('\n')).toEqual([
      'Picked',
      '',
      'a.txt',
      'new.txt',
    ]);
    expect(git(repo, ['status', '--porcelain']).trimEnd().split('\n')).toEqual([
      ' M b.txt',
      ' M c.txt',
    ]);
  });

  it('one hunk of two - committed; the other stays in the working tree', async () => {
    const changed = LINES.replace('line 2\n', 'line two\n').replace('line 28\n', 'line 28!\n');
    await writeIn(repo, 'sub/long.txt', changed);
    const made = await commit(path.join(repo, 'sub'), [{ path: 'long.txt', hunkIds: ['h2'] }]);
    expect(made.ok).toBe(true);
    expect(git(repo, ['show', 'HEAD:sub/long.txt'])).toBe(LINES.replace('line 28\n', 'line 28!\n'));
    expect(await readFile(path.join(repo, 'sub/long.txt'), 'utf8')).toBe(changed);
    expect(git(repo, ['diff', '--', 'sub/long.txt'])).toContain('+line two');
  });

  it('other changes already staged - refused, naming them; nothing is committed', async () => {
    await writeIn(repo, 'a.txt', 'A\n');
    await writeIn(repo, 'b.txt', 'B\n');
    git(repo, ['add', 'b.txt']);
    await expect(commit(repo, [{ path: 'a.txt' }])).rejects.toThrow(
      /changes are already staged \(b\.txt\)/u,
    );
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('initial');
  });

  it('a change staged outside the project folder - refused too (the commit takes the whole index)', async () => {
    await writeIn(repo, 'a.txt', 'A\n');
    await writeIn(repo, 'sub/long.txt', LINES.replace('line 2\n', 'line two\n'));
    git(repo, ['add', 'a.txt']);
    await expect(commit(path.join(repo, 'sub'), [{ path: 'long.txt' }])).rejects.toThrow(
      /changes are already staged \(a\.txt\)/u,
    );
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('initial');
  });

  it('an unknown hunk - refused before anything is staged', async () => {
    await writeIn(repo, 'a.txt', 'A\n');
    const error = await commit(repo, [{ path: 'a.txt', hunkIds: ['h9'] }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitPickError);
    expect((error as Error).message).toBe('a.txt has no hunk h9 against HEAD (it has h1).');
    expect(git(repo, ['diff', '--cached', '--name-only'])).toBe('');
  });

  it('a failing pre-commit hook - nothing committed, and the index is as it was', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(repo, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 1\n', {
      mode: 0o755,
    });
    await writeIn(repo, 'a.txt', 'A\n');
    const made = await commit(repo, [{ path: 'a.txt' }]);
    expect(made.ok).toBe(false);
    expect(git(repo, ['diff', '--cached', '--name-only'])).toBe('');
  });
});
