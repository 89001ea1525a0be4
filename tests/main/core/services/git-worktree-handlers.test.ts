import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitWorktrees, ProjectInfo, WorktreeFinish } from '../../../../src/shared/contract';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import { git } from '../../../support/git-fixture';

let h: AppServicesHarness;

beforeEach(async () => {
  h = await startAppServicesHarness({
    prefix: 'sluice-git-worktree-services-',
    files: { 'a.ts': 'export const a = 1;\n' },
  });
});
afterEach(async () => {
  await h.close();
});

function makeRepository(): void {
  git(h.project, ['init', '-q', '-b', 'main']);
  git(h.project, ['config', 'user.name', 'Ada Person']);
  git(h.project, ['config', 'user.email', 'ada@example.com']);
  git(h.project, ['add', '-A']);
  git(h.project, ['commit', '-qm', 'initial']);
}

async function approveNext(seen: number): Promise<void> {
  let request: { approvalId: string; proposalHash: string } | undefined;
  await waitFor(() => {
    const found = h.events
      .slice(seen)
      .find((e) => (e.payload as { type?: string }).type === 'approval_request');
    request = (found?.payload as { request?: typeof request } | undefined)?.request;
    return request !== undefined;
  }, 'the review to ask');
  await h.call('approvals.decide', {
    approvalId: request?.approvalId,
    proposalHash: request?.proposalHash,
    decision: { type: 'approve' },
  });
}

describe('git service - new chat in a worktree', () => {
  it('not a repository - the list and a new worktree say so in words', async () => {
    expect(await h.call<GitWorktrees>('git.worktrees', {})).toEqual({
      repository: false,
      message: 'This project is not a git repository, so it has no worktrees.',
    });
    await expect(h.call('git.newWorktree', {})).rejects.toThrow(
      'This project is not a git repository, so a worktree cannot be made for it.',
    );
  });

  it('a worktree task end to end - made and opened as the project, applied back through the review, merged, removed', async () => {
    makeRepository();
    const made = await h.call<{ name: string; branch: string; root: string }>('git.newWorktree', {
      name: 'fix',
    });
    expect(made).toMatchObject({ name: 'fix', branch: 'sluice/fix' });
    expect(made.root.startsWith(path.join(h.home, 'worktrees'))).toBe(true);
    // The open project is now the worktree: its tree, files and git are the worktree's.
    const current = await h.call<ProjectInfo>('project.current', {});
    expect(current.root).toBe(made.root);
    expect(h.events.some((e) => e.event === 'project.opened')).toBe(true);
    expect(await h.call<GitWorktrees>('git.worktrees', {})).toMatchObject({
      repository: true,
      current: { name: 'fix', branch: 'sluice/fix', mainRoot: h.project },
      worktrees: [{ name: 'fix', branch: 'sluice/fix' }],
    });
    await writeFile(path.join(made.root, 'a.ts'), 'export const a = 2;\n');
    expect(await h.call('project.readFile', { path: 'a.ts' })).toMatchObject({
      content: 'export const a = 2;\n',
    });
    expect(await h.call('git.changes', {})).toMatchObject({
      branch: 'sluice/fix',
      files: [{ path: 'a.ts', state: 'modified' }],
    });
    await expect(h.call('git.newWorktree', {})).rejects.toThrow(
      'This project is already a Sluice worktree',
    );
    await expect(h.call('git.finishWorktree', { name: 'fix', how: 'merge' })).rejects.toThrow(
      'open the main project',
    );
    expect(await readFile(path.join(h.project, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');

    // Back in the main project: apply per hunk through the review modal.
    await h.call('project.open', { path: h.project });
    const seen = h.events.length;
    const applying = h.call<WorktreeFinish>('git.finishWorktree', { name: 'fix', how: 'apply' });
    await approveNext(seen);
    expect(await applying).toMatchObject({
      ok: true,
      files: [{ path: 'a.ts', outcome: 'applied' }],
    });
    expect(await readFile(path.join(h.project, 'a.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(await h.call<unknown[]>('checkpoints.list', {})).toHaveLength(1);

    // Uncommitted work in the worktree: listed as such; a merge stops and says what is there.
    expect(await h.call<GitWorktrees>('git.worktrees', {})).toMatchObject({
      worktrees: [{ name: 'fix', uncommittedCount: 1, uncommitted: ['a.ts'], ahead: 0 }],
    });
    expect(
      await h.call<WorktreeFinish>('git.finishWorktree', { name: 'fix', how: 'merge' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('holds 1 uncommitted file (a.ts) that a merge would leave'),
    });
    // Merge the branch (a commit there), then remove the worktree and its merged branch.
    git(made.root, ['commit', '-qam', 'a is 2']);
    git(h.project, ['checkout', '-q', '--', 'a.ts']);
    expect(await h.call('git.mergePreview', { name: 'fix' })).toMatchObject({
      branch: 'sluice/fix',
      files: ['a.ts'],
      bothChanged: [],
    });
    const merged = await h.call<WorktreeFinish>('git.finishWorktree', {
      name: 'fix',
      how: 'merge',
    });
    expect(merged).toMatchObject({
      ok: true,
      message: expect.stringMatching(
        /^Merged sluice\/fix as [0-9a-f]{12}; its 1 file here are checkpoints you can undo\.$/u,
      ),
    });
    expect(git(h.project, ['log', '-1', '--format=%s']).trim()).toMatch(
      /^Merge branch 'sluice\/fix'/u,
    );
    const removed = await h.call<WorktreeFinish>('git.finishWorktree', {
      name: 'fix',
      how: 'remove',
    });
    expect(removed).toMatchObject({
      ok: true,
      message: 'Removed worktree fix and its branch sluice/fix.',
    });
    expect(existsSync(made.root)).toBe(false);
    expect(await h.call<GitWorktrees>('git.worktrees', {})).toMatchObject({
      current: null,
      worktrees: [],
    });
  });

  it('a name git could misread - refused by the contract before anything runs', async () => {
    makeRepository();
    await expect(h.call('git.newWorktree', { name: '--force' })).rejects.toThrow(
      'Invalid input for git.newWorktree',
    );
  });
});
