import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GitWorktrees } from '../../../src/shared/contract';
import { useWorktrees } from '../../../src/renderer/src/worktrees/use-worktrees';
import { WorktreePanel } from '../../../src/renderer/src/worktrees/worktree-panel';
import { App } from '../../../src/renderer/src/app/app';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function Panel() {
  return <WorktreePanel state={useWorktrees()} />;
}

const main: GitWorktrees = {
  repository: true,
  current: null,
  worktrees: [
    {
      name: 'fix',
      branch: 'sluice/fix',
      path: '/home/s/worktrees/p/fix',
      head: 'abc',
      base: 'main',
      ahead: 0,
      behind: 0,
      uncommitted: [],
      uncommittedCount: 0,
      lastActivity: null,
      conversation: null,
    },
  ],
};

const dirty: GitWorktrees = {
  repository: true,
  current: null,
  worktrees: [
    {
      ...(main.repository ? main.worktrees[0]! : ({} as never)),
      ahead: 2,
      behind: 1,
      uncommitted: ['a.ts', 'c.ts'],
      uncommittedCount: 2,
      lastActivity: Date.UTC(2026, 11, 2, 9, 30),
      conversation: { id: 'c1', title: 'Add a currency param' },
    },
  ],
};

describe('WorktreePanel - new chat in a worktree and finishing it', () => {
  it('not a repository - says so plainly and offers nothing', async () => {
    const fake = createFakeSluice();
    renderWithClient(<Panel />, fake);
    expect(
      await screen.findByText('This project is not a git repository, so it has no worktrees.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New chat in a worktree' })).toBeNull();
  });

  it('new chat in a worktree - asks for one with the typed name', async () => {
    const fake = createFakeSluice();
    fake.handle('git.worktrees', () => main);
    fake.handle('git.newWorktree', ({ name }) => ({
      name: name ?? 'task',
      branch: `sluice/${name ?? 'task'}`,
      root: '/w',
      output: "Preparing worktree (new branch 'sluice/parser')",
    }));
    renderWithClient(<Panel />, fake);
    await userEvent.type(await screen.findByLabelText('Worktree name (optional)'), 'parser');
    await userEvent.click(screen.getByRole('button', { name: 'New chat in a worktree' }));
    await waitFor(() => expect(fake.callsTo('git.newWorktree')).toEqual([{ name: 'parser' }]));
    expect((await screen.findByLabelText('git output')).textContent).toContain('sluice/parser');
  });

  it('finishing - merge shows git’s output, apply lists what the review decided, an error is shown', async () => {
    const fake = createFakeSluice();
    fake.handle('git.worktrees', () => main);
    fake.handle('git.mergePreview', () => ({
      branch: 'sluice/fix',
      files: ['a.ts', 'b.ts'].slice(0, 1),
      bothChanged: ['b.ts'],
      evidence: null,
    }));
    fake.handle('git.finishWorktree', ({ how }) => {
      if (how === 'remove') throw new Error('fatal: contains modified or untracked files');
      return how === 'merge'
        ? {
            ok: true,
            output: 'Merge made by the ort strategy.',
            files: [],
            message: 'Merged sluice/fix.',
          }
        : {
            ok: false,
            output: '',
            files: [
              { path: 'a.ts', outcome: 'applied', message: '' },
              { path: 'b.ts', outcome: 'rejected', message: '' },
            ],
            message: '1 of 2 files applied.',
          };
    });
    renderWithClient(<Panel />, fake);
    const item = await screen.findByRole('listitem', { name: 'Worktree fix' });
    await userEvent.click(within(item).getByRole('button', { name: 'Merge' }));
    // The merge waits for the preview's own Merge button.
    const preview = await screen.findByRole('group', { name: 'Merge sluice/fix?' });
    expect(preview.textContent).toContain('sluice/fix changes 1 file here: a.ts');
    expect(preview.textContent).toContain(
      'Changed here too, so merged by git and not checked: b.ts',
    );
    expect(fake.callsTo('git.finishWorktree')).toEqual([]);
    await userEvent.click(within(preview).getByRole('button', { name: 'Merge sluice/fix' }));
    expect((await screen.findByRole('status')).textContent).toBe('Merged sluice/fix.');
    expect(screen.getByLabelText('git output').textContent).toBe('Merge made by the ort strategy.');
    await userEvent.click(within(item).getByRole('button', { name: 'Apply per hunk' }));
    const applied = await screen.findByRole('list', { name: 'Applied files' });
    expect(applied.textContent).toContain('applied: a.ts');
    expect(applied.textContent).toContain('rejected: b.ts');
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toContain('contains modified');
    expect(fake.callsTo('git.finishWorktree')).toEqual([
      { name: 'fix', how: 'merge' },
      { name: 'fix', how: 'apply' },
      { name: 'fix', how: 'remove' },
    ]);
  });

  it('each worktree - says where it stands: ahead/behind, uncommitted files, its conversation', async () => {
    const fake = createFakeSluice();
    fake.handle('git.worktrees', () => dirty);
    renderWithClient(<Panel />, fake);
    const item = await screen.findByRole('listitem', { name: 'Worktree fix' });
    expect(item.textContent).toContain('2 commits ahead, 1 behind main');
    expect(item.textContent).toContain('2 uncommitted files (a.ts, c.ts)');
    expect(item.textContent).toContain('“Add a currency param”');
    expect(item.textContent).toContain('last activity');
  });

  it('a removal refused for the work it holds - says what would be lost and offers Remove anyway', async () => {
    const fake = createFakeSluice();
    fake.handle('git.worktrees', () => dirty);
    fake.handle('git.finishWorktree', ({ force }) =>
      force
        ? {
            ok: true,
            output: 'Deleted branch sluice/fix',
            files: [],
            message: 'Removed worktree fix and its branch sluice/fix.',
          }
        : {
            ok: false,
            output: '',
            files: [],
            message:
              'Worktree fix was not removed: it holds 2 uncommitted files (a.ts, c.ts) and 2 commits not merged into main, which removing it would lose.',
          },
    );
    renderWithClient(<Panel />, fake);
    const item = await screen.findByRole('listitem', { name: 'Worktree fix' });
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'which removing it would lose',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove fix anyway (its work is lost)' }),
    );
    await waitFor(() =>
      expect(fake.callsTo('git.finishWorktree')).toEqual([
        { name: 'fix', how: 'remove' },
        { name: 'fix', how: 'remove', force: true },
      ]),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Removed worktree fix and its branch sluice/fix.',
    );
  });

  it('inside a worktree - the top bar names the branch and Back opens the main project', async () => {
    const fake = createFakeSluice();
    fake.handle('git.worktrees', () => ({
      repository: true,
      current: { name: 'fix', branch: 'sluice/fix', mainRoot: '/work/proj' },
      worktrees: main.repository ? main.worktrees : [],
    }));
    fake.handle('project.open', ({ path }) => ({
      id: 'p2',
      root: path,
      name: 'proj',
      lastOpenedAt: 1,
    }));
    renderWithClient(<App />, fake);
    expect((await screen.findByTestId('worktree-branch')).textContent).toBe(
      'Worktree on branch sluice/fix',
    );
    expect(screen.queryByRole('button', { name: 'New chat in a worktree' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the main project' }));
    await waitFor(() => expect(fake.callsTo('project.open')).toEqual([{ path: '/work/proj' }]));
  });
});
