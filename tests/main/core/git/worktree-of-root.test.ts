import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { worktreeOfRoot } from '../../../../src/main/core/git/worktree-of-root';

let home: string;

beforeEach(() => {
  home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-worktree-of-root-')));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const ID = '0123456789abcdef';

describe("worktreeOfRoot - a project opened inside one of Sluice's worktrees", () => {
  it('names the project it was made from and the worktree, also for a folder inside it', () => {
    const root = path.join(home, 'worktrees', ID, 'task-1');
    mkdirSync(path.join(root, 'packages', 'web'), { recursive: true });
    expect(worktreeOfRoot(home, root)).toEqual({ projectId: ID, name: 'task-1' });
    expect(worktreeOfRoot(home, path.join(root, 'packages', 'web'))).toEqual({
      projectId: ID,
      name: 'task-1',
    });
  });

  it('finds it when SLUICE_HOME is given through a link', () => {
    const root = path.join(home, 'real', 'worktrees', ID, 'w');
    mkdirSync(root, { recursive: true });
    symlinkSync(path.join(home, 'real'), path.join(home, 'linked'));
    expect(worktreeOfRoot(path.join(home, 'linked'), root)).toEqual({ projectId: ID, name: 'w' });
  });

  it('is null anywhere else: the folder itself, an id folder, a stranger name, another home', () => {
    mkdirSync(path.join(home, 'worktrees', ID, 'w'), { recursive: true });
    mkdirSync(path.join(home, 'worktrees', 'not-an-id', 'w'), { recursive: true });
    expect(worktreeOfRoot(home, path.join(home, 'worktrees'))).toBeNull();
    expect(worktreeOfRoot(home, path.join(home, 'worktrees', ID))).toBeNull();
    expect(worktreeOfRoot(home, path.join(home, 'worktrees', 'not-an-id', 'w'))).toBeNull();
    expect(worktreeOfRoot(home, path.join(home, 'project'))).toBeNull();
    expect(
      worktreeOfRoot(path.join(home, 'no-home'), path.join(home, 'worktrees', ID, 'w')),
    ).toBeNull();
  });
});
