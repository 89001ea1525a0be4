import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangesView } from '../../../src/renderer/src/changes/changes-view';
import type { GitChanges } from '../../../src/shared/contract';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const hunk = (id: string, minus: string, plus: string) => ({
  id,
  oldStart: 1,
  oldLines: 1,
  newStart: 1,
  newLines: 1,
  lines: [`-${minus}`, `+${plus}`],
});

const changes: GitChanges = {
  repository: true,
  branch: 'main',
  files: [
    {
      path: 'src/a.ts',
      state: 'modified',
      by: 'sluice',
      checkpointId: 'cp-1',
      conversationId: 'conv-7',
      hunks: [hunk('h1', 'export const a = 1;', 'export const a = 2;')],
      unifiedDiff: '',
      note: null,
    },
    {
      path: 'src/b.ts',
      state: 'modified',
      by: 'person',
      checkpointId: null,
      conversationId: null,
      hunks: [hunk('h1', 'b = 1', 'b = 2'), hunk('h2', 'c = 1', 'c = 2')],
      unifiedDiff: '',
      note: null,
    },
    {
      path: 'notes.md',
      state: 'untracked',
      by: 'person',
      checkpointId: null,
      conversationId: null,
      hunks: [],
      unifiedDiff: '',
      note: null,
    },
  ],
};

const opened: string[] = [];
const links = () => ({
  titleOf: (id: string) => (id === 'conv-7' ? 'Add a currency param' : null),
  open: (id: string) => opened.push(id),
});

describe('ChangesView - the working tree against HEAD', () => {
  it('marks each file as Sluice’s (with its conversation), yours, or untracked', async () => {
    const fake = createFakeSluice();
    fake.handle('git.changes', () => changes);
    renderWithClient(<ChangesView conversations={links()} />, fake);
    const list = await screen.findByRole('list', { name: 'Changed files' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.trim());
    expect(items).toEqual([
      'src/a.ts modified by Sluice in “Add a currency param”',
      'src/b.ts modified by you',
      'notes.md untracked by you',
    ]);
    expect(screen.getByText('against HEAD on main')).toBeTruthy();
    // An untracked file is not in HEAD: nothing to revert it to.
    const notes = screen.getByRole('region', { name: 'notes.md' });
    expect(within(notes).queryByRole('button', { name: /Revert/u })).toBeNull();
    // The conversation is one click away.
    await userEvent.click(within(list).getByRole('button', { name: '“Add a currency param”' }));
    expect(opened).toEqual(['conv-7']);
  });

  it('picks - tracked files start picked; a file or a hunk unticked is left out of the commit', async () => {
    const fake = createFakeSluice();
    fake.handle('git.changes', () => changes);
    fake.handle('git.commit', () => ({ ok: true, commit: 'abcdef1234567890', output: '' }));
    renderWithClient(<ChangesView conversations={links()} />, fake);
    expect(await screen.findByRole('checkbox', { name: 'Commit src/a.ts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Commit notes.md' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Commit src/a.ts' }));
    const b = screen.getByRole('region', { name: 'src/b.ts' });
    await userEvent.click(within(b).getByRole('checkbox', { name: /^Include hunk 1/u }));
    await userEvent.type(screen.getByLabelText(/Commit message/u), 'Only c');
    await userEvent.click(screen.getByRole('button', { name: 'Commit 1 file (1 in part)' }));
    await waitFor(() =>
      expect(fake.callsTo('git.commit')).toEqual([
        { message: 'Only c', picks: [{ path: 'src/b.ts', hunkIds: ['h2'] }] },
      ]),
    );
    expect(fake.invalid).toEqual([]);
  });

  it('what the commit carries - checked for the picks, shown above Commit, asked again as they change', async () => {
    const fake = createFakeSluice();
    fake.handle('git.changes', () => changes);
    fake.handle('git.commitEvidence', ({ picks }) =>
      evidence({
        introduced: picks.some((p) => p.path === 'src/a.ts')
          ? [diagnostic({ path: 'src/a.ts', line: 1, message: "Type 'string' is not assignable" })]
          : [],
      }),
    );
    renderWithClient(<ChangesView conversations={links()} />, fake);
    const carries = await screen.findByLabelText('What this commit carries');
    await waitFor(() => expect(carries).toHaveTextContent("Type 'string' is not assignable"));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Commit src/a.ts' }));
    await waitFor(() =>
      expect(fake.callsTo('git.commitEvidence').at(-1)).toEqual({ picks: [{ path: 'src/b.ts' }] }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('What this commit carries')).not.toHaveTextContent(
        "Type 'string'",
      ),
    );
    expect(fake.invalid).toEqual([]);
  });

  it('Revert hunk - asks for that hunk only, then reloads', async () => {
    const fake = createFakeSluice();
    let loads = 0;
    fake.handle('git.changes', () => {
      loads += 1;
      return changes;
    });
    fake.handle('git.revert', ({ path }) => ({ path, outcome: 'reverted', message: 'ok' }));
    renderWithClient(<ChangesView conversations={links()} />, fake);
    const b = await screen.findByRole('region', { name: 'src/b.ts' });
    await userEvent.click(within(b).getByRole('button', { name: 'Revert hunk 2' }));
    await waitFor(() =>
      expect(fake.callsTo('git.revert')).toEqual([{ path: 'src/b.ts', hunkIds: ['h2'] }]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Reverted h2 of src/b.ts to HEAD.');
    expect(loads).toBe(2);
    expect(fake.invalid).toEqual([]);
  });

  it('Draft message then Commit - commits the edited draft and shows the hooks’ output', async () => {
    const fake = createFakeSluice();
    fake.handle('git.changes', () => changes);
    fake.handle('git.draftCommitMessage', () => ({ message: 'Raise a to 2' }));
    fake.handle('git.commit', () => ({ ok: false, commit: null, output: 'lint: 3 problems' }));
    renderWithClient(<ChangesView conversations={links()} />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Draft message' }));
    const box = screen.getByLabelText(/Commit message/u);
    await waitFor(() => expect(box).toHaveValue('Raise a to 2'));
    await userEvent.type(box, ' and b');
    await userEvent.click(screen.getByRole('button', { name: 'Commit 2 files' }));
    await waitFor(() =>
      expect(fake.callsTo('git.commit')).toEqual([
        { message: 'Raise a to 2 and b', picks: [{ path: 'src/a.ts' }, { path: 'src/b.ts' }] },
      ]),
    );
    expect(await screen.findByLabelText('git output')).toHaveTextContent('lint: 3 problems');
    expect(screen.getByRole('status')).toHaveTextContent('Not committed: git commit failed');
  });

  it('not a repository - says so plainly', async () => {
    const fake = createFakeSluice();
    fake.handle('git.changes', () => ({
      repository: false,
      message:
        'This project is not a git repository, so there are no changes against HEAD to show.',
    }));
    renderWithClient(<ChangesView conversations={links()} />, fake);
    expect(
      await screen.findByText(
        'This project is not a git repository, so there are no changes against HEAD to show.',
      ),
    ).toBeTruthy();
    await act(async () => undefined);
  });
});
