// findEnclosingGitRoot: the nearest folder above holding a `.git` folder, or a `.git` file of
// a linked worktree ("gitdir: …"), found by reading the disk only (no git is run).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findEnclosingGitRoot } from '../../../../src/main/core/workspace/enclosing-git-root';

let base: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-git-root-')));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('findEnclosingGitRoot', () => {
  it('a .git folder above - its folder, from any depth below', () => {
    mkdirSync(path.join(base, 'repo/.git'), { recursive: true });
    mkdirSync(path.join(base, 'repo/src/deep'), { recursive: true });
    expect(findEnclosingGitRoot(path.join(base, 'repo/src/deep'))).toBe(path.join(base, 'repo'));
    expect(findEnclosingGitRoot(path.join(base, 'repo'))).toBe(path.join(base, 'repo'));
  });

  it("a worktree's .git file - the worktree, not the main repository", () => {
    mkdirSync(path.join(base, 'repo/.git'), { recursive: true });
    mkdirSync(path.join(base, 'repo/wt/src'), { recursive: true });
    writeFileSync(path.join(base, 'repo/wt/.git'), 'gitdir: ../.git/worktrees/wt\n');
    expect(findEnclosingGitRoot(path.join(base, 'repo/wt/src'))).toBe(path.join(base, 'repo/wt'));
  });

  it('a .git file that is not a gitdir pointer - not a repository', () => {
    mkdirSync(path.join(base, 'a/b'), { recursive: true });
    writeFileSync(path.join(base, 'a/.git'), 'hello\n');
    const found = findEnclosingGitRoot(path.join(base, 'a/b'));
    expect(found === null || !found.startsWith(base)).toBe(true);
  });

  it('no repository up to the file system root - null (or one above the temp folder)', () => {
    mkdirSync(path.join(base, 'plain'), { recursive: true });
    const found = findEnclosingGitRoot(path.join(base, 'plain'));
    expect(found === null || !found.startsWith(base)).toBe(true);
  });
});
