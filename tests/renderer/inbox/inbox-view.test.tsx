import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChangeSetSummary, ChangeSetView } from '../../../src/shared/contract';
import { InboxView } from '../../../src/renderer/src/inbox/inbox-view';
import { useInbox } from '../../../src/renderer/src/inbox/use-inbox';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const usage = {
  inputTokens: 10,
  outputTokens: 5,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0.01,
};

function summary(id: string, prompt: string): ChangeSetSummary {
  return {
    id,
    projectId: 'p1',
    projectRoot: '/home/me/demo',
    conversationId: 'c1',
    turnId: 't1',
    prompt,
    status: 'proposed',
    statusReason: null,
    summary: 'Bumped both constants.',
    model: 'm',
    paths: ['a.ts'],
    needsRecheck: null,
    evidence: null,
    refines: null,
    createdAt: 1,
    finishedAt: 2,
    usage,
    run: null,
  };
}

function view(id: string): ChangeSetView {
  return {
    ...summary(id, 'bump'),
    commands: [],
    checks: null,
    unapplied: [],
    steps: [
      {
        type: 'tool',
        id: 's1',
        turnId: 't1',
        name: 'edit_file',
        label: 'Editing a.ts',
        input: {},
        status: 'ok',
        result: '',
      },
    ],
    files: [
      {
        path: 'a.ts',
        isNewFile: false,
        baseHash: 'h',
        baseText: 'a\n',
        finalText: 'b\n',
        hunks: [
          { id: 'h1', oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+A'] },
          { id: 'h2', oldStart: 9, oldLines: 1, newStart: 9, newLines: 1, lines: ['-b', '+B'] },
        ],
        unifiedDiff: '',
        protectedPath: false,
        state: 'pending',
        note: null,
        checkpointId: null,
      },
    ],
    changedOnDisk: [],
    undone: [],
  };
}

function Harness() {
  return <InboxView inbox={useInbox()} />;
}

describe('InboxView', () => {
  it('new sets appear on proposals.changed - no reload', async () => {
    const fake = createFakeSluice();
    let sets = [summary('s1', 'first')];
    fake.handle('proposals.list', () => sets);
    renderWithClient(<Harness />, fake);
    await screen.findByText('first');
    sets = [summary('s2', 'made by the CLI'), ...sets];
    fake.emit('proposals.changed', {});
    await screen.findByText('made by the CLI');
    expect(fake.invalid).toEqual([]);
  });

  it('Accept selected - sends exactly the checked hunks; Undo reverts through checkpoints', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.list', () => [summary('s1', 'bump')]);
    fake.handle('proposals.get', ({ id }) => view(id));
    fake.handle('proposals.apply', ({ id }) => ({
      changeSetId: id,
      status: 'partly-accepted',
      files: [{ path: 'a.ts', state: 'partly-applied', note: 'hunks h1', checkpointId: 'cp1' }],
      recheck: [],
    }));
    fake.handle('checkpoints.undo', ({ id }) => ({ undone: [id], refused: [] }));
    renderWithClient(<Harness />, fake);
    fireEvent.click(await screen.findByTestId('inbox-item'));
    await screen.findByText('Bumped both constants.');
    expect(screen.getByText(/Editing a\.ts/u)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Include hunk 2/u));
    fireEvent.click(screen.getByTestId('accept-selected'));
    await screen.findByTestId('apply-result');
    expect(fake.callsTo('proposals.apply')).toEqual([
      { id: 's1', selection: { files: [], hunks: { 'a.ts': ['h1'] } } },
    ]);
    fireEvent.click(screen.getByTestId('undo-applied'));
    await waitFor(() =>
      expect(fake.callsTo('checkpoints.undo')).toEqual([{ id: 'cp1', force: false }]),
    );
    expect(fake.invalid).toEqual([]);
  });

  it('selection - the evidence shown is that of exactly the hunks still ticked', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.list', () => [summary('s1', 'bump')]);
    fake.handle('proposals.get', ({ id }) => view(id));
    fake.handle('proposals.checkSelection', () => ({
      state: 'checked',
      ms: 12,
      introduced: [
        {
          path: 'a.ts',
          line: 1,
          column: 1,
          code: 'TS2322',
          message: 'only the first hunk breaks this',
          lineText: 'x',
          source: 'typescript',
        },
      ],
      fixed: [],
      languages: [],
      checkedAt: new Date(0).toISOString(),
      baseHashes: {},
    }));
    renderWithClient(<Harness />, fake);
    fireEvent.click(await screen.findByTestId('inbox-item'));
    await screen.findByText('Bumped both constants.');
    fireEvent.click(screen.getByLabelText(/Include hunk 2/u));
    expect((await screen.findAllByText(/only the first hunk breaks this/u)).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByTestId('evidence-notice').textContent).toMatch(
      /^For the 1 of 2 hunks selected/u,
    );
    expect(fake.callsTo('proposals.checkSelection')).toEqual([
      { id: 's1', selection: { files: [], hunks: { 'a.ts': ['h1'] } } },
    ]);
    expect(fake.invalid).toEqual([]);
  });

  it('Accept - sends the revision on the screen; a set changed meanwhile is refused in words', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.list', () => [summary('s1', 'bump')]);
    fake.handle('proposals.get', ({ id }) => ({ ...view(id), revision: 'rev-seen' }));
    fake.handle('proposals.apply', () => {
      throw new Error(
        'change set s1 changed while you were looking at it (an MCP client sent more edits to it), so nothing was written. Look at it again, then accept what you want.',
      );
    });
    renderWithClient(<Harness />, fake);
    fireEvent.click(await screen.findByTestId('inbox-item'));
    await screen.findByText('Bumped both constants.');
    fireEvent.click(screen.getByTestId('accept-all'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /changed while you were looking at it[\s\S]*nothing was written/u,
    );
    fireEvent.click(screen.getByLabelText(/Include hunk 2/u));
    fireEvent.click(screen.getByTestId('accept-selected'));
    await waitFor(() => expect(fake.callsTo('proposals.apply')).toHaveLength(2));
    expect(fake.callsTo('proposals.apply')).toEqual([
      { id: 's1', seenRevision: 'rev-seen' },
      { id: 's1', selection: { files: [], hunks: { 'a.ts': ['h1'] } }, seenRevision: 'rev-seen' },
    ]);
    expect(fake.invalid).toEqual([]);
  });

  it('review words - warns which files will conflict before Accept all; after a partial accept and an undo each hunk and the set say what happened', async () => {
    const fake = createFakeSluice();
    let stage: 'open' | 'applied' | 'undone' = 'open';
    fake.handle('proposals.list', () => [summary('s1', 'bump')]);
    fake.handle('proposals.get', ({ id }) => {
      const base = view(id);
      if (stage === 'open') return { ...base, changedOnDisk: ['a.ts'] };
      const file = {
        ...base.files[0]!,
        state: 'partly-applied' as const,
        note: 'hunk 1 of 2 written; the rest not',
        checkpointId: 'cp1',
      };
      return {
        ...base,
        status: 'partly-accepted' as const,
        files: [file],
        undone: stage === 'undone' ? ['a.ts'] : [],
      };
    });
    fake.handle('proposals.apply', ({ id }) => {
      stage = 'applied';
      return {
        changeSetId: id,
        status: 'partly-accepted',
        files: [
          {
            path: 'a.ts',
            state: 'partly-applied',
            note: 'hunk 1 of 2 written; the rest not',
            checkpointId: 'cp1',
          },
        ],
        recheck: [],
      };
    });
    fake.handle('checkpoints.undo', ({ id }) => {
      stage = 'undone';
      return { undone: [id], refused: [] };
    });
    renderWithClient(<Harness />, fake);
    fireEvent.click(await screen.findByTestId('inbox-item'));
    const warning = await screen.findByTestId('changed-on-disk');
    expect(warning).toHaveTextContent(/accepting will not write it \(a conflict\): a\.ts/u);
    expect(screen.getByTestId('accept-all')).toHaveAccessibleDescription(/Changed on disk/u);
    expect(screen.getByTestId('change-set-status')).toHaveTextContent('waiting for your review');
    fireEvent.click(screen.getByLabelText(/Include hunk 2/u));
    fireEvent.click(screen.getByTestId('accept-selected'));
    const result = await screen.findByTestId('apply-result');
    expect(result).toHaveTextContent('Change set is now partly accepted.');
    expect(result).toHaveTextContent('a.ts: partly written (hunk 1 of 2 written; the rest not)');
    expect(result.textContent).not.toMatch(/h1|partly-applied/u);
    fake.emit('proposals.changed', {});
    await waitFor(() =>
      expect(screen.getAllByTestId('hunk-outcome').map((b) => b.textContent)).toEqual([
        'written',
        'not written',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo a.ts' }));
    expect(await screen.findByTestId('change-set-undone')).toHaveTextContent(
      'Since undone, back as they were before this set: a.ts.',
    );
    expect(screen.queryByTestId('undo-applied')).toBeNull();
    expect(screen.getByTestId('apply-result')).toHaveTextContent(
      'then undone: it is back as it was before this set',
    );
    expect(screen.getByTestId('file-state')).toHaveTextContent('partly written, then undone');
    expect(fake.invalid).toEqual([]);
  });

  it('Run in background and Reject with a reason - call the service', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.list', () => [summary('s1', 'bump')]);
    fake.handle('proposals.get', ({ id }) => view(id));
    fake.handle('proposals.runInBackground', () => ({ changeSetId: 's1', conversationId: 'c9' }));
    fake.handle('proposals.reject', ({ id }) => ({
      changeSetId: id,
      status: 'rejected',
      files: [],
      recheck: [],
    }));
    renderWithClient(<Harness />, fake);
    fireEvent.change(await screen.findByTestId('background-prompt'), {
      target: { value: 'tidy up' },
    });
    fireEvent.click(screen.getByTestId('run-in-background'));
    await waitFor(() =>
      expect(fake.callsTo('proposals.runInBackground')).toEqual([{ text: 'tidy up' }]),
    );
    fireEvent.change(await screen.findByTestId('reject-reason'), { target: { value: 'not now' } });
    fireEvent.click(screen.getByTestId('reject-set'));
    await waitFor(() =>
      expect(fake.callsTo('proposals.reject')).toEqual([{ id: 's1', reason: 'not now' }]),
    );
  });

  it('allowed commands, queued runs, Stop - sent to the service; a queued run says so', async () => {
    const fake = createFakeSluice();
    const queued: ChangeSetSummary = {
      ...summary('s2', 'long task'),
      status: 'running',
      run: {
        state: 'queued',
        allowedCommands: ['npm test'],
        allowNetwork: false,
        queuedAt: 1,
        startedAt: null,
        lastEditAt: null,
      },
    };
    fake.handle('proposals.list', () => [queued]);
    fake.handle('proposals.runInBackground', () => ({ changeSetId: 's2', conversationId: 'c9' }));
    fake.handle('proposals.get', ({ id }) => ({ ...view(id), ...queued }));
    fake.handle('proposals.stop', () => ({ stopped: true }));
    renderWithClient(<Harness />, fake);
    expect(await screen.findByText('queued')).toBeTruthy();
    fireEvent.change(screen.getByTestId('background-prompt'), { target: { value: 'fix it' } });
    fireEvent.change(screen.getByTestId('background-allow-commands'), {
      target: { value: 'npm test\n\n  npm run lint  \n' },
    });
    fireEvent.click(screen.getByTestId('run-in-background'));
    await waitFor(() =>
      expect(fake.callsTo('proposals.runInBackground')).toEqual([
        { text: 'fix it', allowCommands: ['npm test', 'npm run lint'] },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop: long task' }));
    await waitFor(() => expect(fake.callsTo('proposals.stop')).toEqual([{ id: 's2' }]));
  });

  it('where it runs - a container run sends the executor and the image; this machine sends neither', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.list', () => []);
    fake.handle('proposals.runInBackground', () => ({ changeSetId: 's3', conversationId: 'c3' }));
    fake.handle('proposals.get', ({ id }) => view(id));
    renderWithClient(<Harness />, fake);
    fireEvent.change(screen.getByTestId('background-prompt'), { target: { value: 'in a box' } });
    expect(screen.queryByTestId('background-image')).toBeNull();
    fireEvent.change(screen.getByTestId('background-executor'), { target: { value: 'container' } });
    fireEvent.change(screen.getByTestId('background-image'), {
      target: { value: ' localhost/node:20 ' },
    });
    fireEvent.click(screen.getByTestId('run-in-background'));
    await waitFor(() =>
      expect(fake.callsTo('proposals.runInBackground')).toEqual([
        { text: 'in a box', executor: 'container', image: 'localhost/node:20' },
      ]),
    );
  });
});
