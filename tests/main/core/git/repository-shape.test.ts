import { mkdir, mkdtemp, rm, symlink, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { git, makeRepo, testGitEnv } from '../../../support/git-fixture';

let other: string;
let project: string;
const cleanup: string[] = [];

beforeEach(async () => {
  // Another of the person's repositories, which a hostile project tries to reach.
  other = await makeRepo({ 'secret.txt': 'the other repository\n' });
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-hostile-'));
  await writeFile(path.join(project, 'readme.md'), 'hello\n');
  cleanup.push(other, project);
});
afterEach(async () => {
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function opened(root: string) {
  return GitReader.open(root, testGitEnv());
}

describe('GitReader.open - a .git that points elsewhere is not followed', () => {
  it('a .git file naming another repository’s .git - not a repository, said plainly', async () => {
    await writeFile(path.join(project, '.git'), `gitdir: ${path.join(other, '.git')}\n`);
    const result = await opened(project);
    expect(result.kind).toBe('not-a-repository');
    if (result.kind === 'not-a-repository')
      expect(result.why).toMatch(/another repository, not a worktree or submodule of this folder/u);
  });

  it('a .git file with a relative path to another repository - refused', async () => {
    await writeFile(
      path.join(project, '.git'),
      `gitdir: ${path.relative(project, path.join(other, '.git'))}\n`,
    );
    expect((await opened(project)).kind).toBe('not-a-repository');
  });

  it('a .git link to another repository’s .git - refused', async () => {
    await symlink(path.join(other, '.git'), path.join(project, '.git'));
    const result = await opened(project);
    expect(result).toMatchObject({ kind: 'not-a-repository', why: expect.stringMatching(/link/u) });
  });

  it('a .git folder whose commondir borrows another repository - refused', async () => {
    const dotGit = path.join(project, '.git');
    await mkdir(path.join(dotGit, 'refs'), { recursive: true });
    await writeFile(path.join(dotGit, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(path.join(dotGit, 'commondir'), `${path.join(other, '.git')}\n`);
    const result = await opened(project);
    expect(result.kind).toBe('not-a-repository');
  });

  it('core.worktree pointing at another repository’s work tree - refused', async () => {
    git(project, ['init', '-q', '-b', 'main']);
    await appendFile(path.join(project, '.git', 'config'), `[core]\n\tworktree = ${other}\n`);
    const result = await opened(project);
    expect(result.kind).toBe('not-a-repository');
  });

  it('a bare repository inside the project - not opened', async () => {
    const bare = path.join(project, 'inner.git');
    git(project, ['init', '-q', '--bare', bare]);
    expect((await opened(bare)).kind).toBe('not-a-repository');
  });

  it('a worktree admin folder the project brought, borrowing another repository - refused', async () => {
    const admin = path.join(project, '.adm');
    await mkdir(admin);
    await writeFile(path.join(project, '.git'), 'gitdir: .adm\n');
    await writeFile(path.join(admin, 'gitdir'), `${path.join(project, '.git')}\n`);
    await writeFile(path.join(admin, 'commondir'), `${path.join(other, '.git')}\n`);
    await writeFile(path.join(admin, 'HEAD'), 'ref: refs/heads/main\n');
    const result = await opened(project);
    expect(result).toMatchObject({
      kind: 'not-a-repository',
      why: expect.stringMatching(/not one of .*'s own/u),
    });
  });

  it('alternates, or a ref that is a link, into another repository - refused', async () => {
    git(project, ['init', '-q', '-b', 'main']);
    await writeFile(
      path.join(project, '.git', 'objects', 'info', 'alternates'),
      `${path.join(other, '.git', 'objects')}\n`,
    );
    expect(await opened(project)).toMatchObject({
      kind: 'not-a-repository',
      why: expect.stringContaining('alternates'),
    });
    await rm(path.join(project, '.git', 'objects', 'info', 'alternates'));
    await mkdir(path.join(project, '.git', 'refs', 'heads'), { recursive: true });
    await symlink(
      path.join(other, '.git', 'refs', 'heads', 'main'),
      path.join(project, '.git', 'refs', 'heads', 'main'),
    );
    expect(await opened(project)).toMatchObject({
      kind: 'not-a-repository',
      why: expect.stringContaining('refs/heads/main is a link'),
    });
  });

  it('a real linked worktree - opened, its admin folder names it back', async () => {
    const dir = path.join(project, 'wt');
    git(other, ['worktree', 'add', '-q', '-b', 'wt', dir]);
    const result = await opened(dir);
    expect(result.kind).toBe('repository');
    if (result.kind === 'repository') expect(await result.reader.branch()).toBe('wt');
  });

  it('a worktree .git file copied into another folder - refused (the admin folder names the original)', async () => {
    const dir = path.join(project, 'wt');
    git(other, ['worktree', 'add', '-q', '-b', 'wt', dir]);
    const copy = path.join(project, 'copy');
    await mkdir(copy);
    const { readFile } = await import('node:fs/promises');
    await writeFile(path.join(copy, '.git'), await readFile(path.join(dir, '.git')));
    expect((await opened(copy)).kind).toBe('not-a-repository');
  });

  it('a real submodule - opened', async () => {
    const parent = await makeRepo({ 'p.txt': 'parent\n' });
    cleanup.push(parent);
    git(parent, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', other, 'sub']);
    const result = await opened(path.join(parent, 'sub'));
    expect(result.kind).toBe('repository');
  });

  it('an ordinary repository, and a folder inside it - opened', async () => {
    await mkdir(path.join(other, 'deep'));
    expect((await opened(other)).kind).toBe('repository');
    expect((await opened(path.join(other, 'deep'))).kind).toBe('repository');
  });
});
