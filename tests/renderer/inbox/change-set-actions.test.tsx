import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeSetDetail } from '../../../src/renderer/src/inbox/change-set-detail';
import type { ChangeSetView } from '../../../src/shared/contract';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const hunk = (id: string, at: number) => ({
  id,
  oldStart: at,
  oldLines: 1,
  newStart: at,
  newLines: 1,
  lines: [`-old ${id}`, `+new ${id}`],
});

function view(found: ProposalEvidence | null = null): ChangeSetView {
  return {
    id: 's1',
    projectId: 'p1',
    projectRoot: '/home/me/demo',
    conversationId: 'c1',
    turnId: 't1',
    prompt: 'bump',
    status: 'proposed',
    statusReason: null,
    summary: 'Bumped both constants.',
    model: 'm',
    paths: ['a.ts'],
    needsRecheck: null,
    evidence: found,
    refines: null,
    createdAt: 1,
    finishedAt: 2,
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
    run: null,
    commands: [],
    checks: null,
    unapplied: [],
    steps: [],
    files: [
      {
        path: 'a.ts',
        isNewFile: false,
        baseHash: 'h',
        baseText: 'old h1\nold h2\n',
        finalText: 'new h1\nnew h2\n',
        hunks: [hunk('h1', 1), hunk('h2', 9)],
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

/** The open set with its second hunk unticked, its selection checked by `check`. */
async function withHunkUnticked(check: () => Promise<ProposalEvidence | null>) {
  const fake = createFakeSluice();
  fake.handle('proposals.get', () => view(evidence()));
  fake.handle('proposals.recheck', () => evidence());
  fake.handle('proposals.checkSelection', check);
  renderWithClient(<ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />, fake);
  await screen.findByText('Bumped both constants.');
  fireEvent.click(screen.getByLabelText(/Include hunk 2/u));
  return fake;
}

const acceptSelected = () => screen.getByTestId('accept-selected');

describe('ChangeSetActions', () => {
  it('Accept selected - says what the check of the ticked hunks found', async () => {
    await withHunkUnticked(async () =>
      evidence({ introduced: [diagnostic({ path: 'a.ts', message: 'broken by h1' })] }),
    );
    await waitFor(() =>
      expect(acceptSelected()).toHaveTextContent(/^Accept selected with 1 error$/u),
    );
  });

  it('Accept selected - while the ticked hunks are checked, says so', async () => {
    await withHunkUnticked(() => new Promise<ProposalEvidence | null>(() => undefined));
    expect(acceptSelected()).toHaveTextContent(/^Accept selected \(still checking\)$/u);
  });

  it('Accept selected - errors not checked never reads as clean', async () => {
    await withHunkUnticked(async () => evidence({ state: 'not_checked', reason: 'no tsconfig' }));
    await waitFor(() =>
      expect(acceptSelected()).toHaveTextContent(/^Accept selected \(errors not checked\)$/u),
    );
  });

  it('Accept selected - with nothing ticked there is nothing checked to speak of', async () => {
    await withHunkUnticked(async () => evidence({ state: 'not_checked' }));
    await waitFor(() =>
      expect(acceptSelected()).toHaveTextContent(/^Accept selected \(errors not checked\)$/u),
    );
    fireEvent.click(screen.getByLabelText(/Include hunk 1/u));
    expect(acceptSelected()).toHaveTextContent(/^Accept selected$/u);
  });

  it('Accept selected - a selection check that failed says it was not checked', async () => {
    await withHunkUnticked(async () => {
      throw new Error('checker crashed');
    });
    await waitFor(() =>
      expect(acceptSelected()).toHaveTextContent(/^Accept selected \(not checked\)$/u),
    );
  });

  it('Accept selected - with every hunk ticked, the check of the whole set speaks', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(evidence({ state: 'timed_out' })));
    fake.handle('proposals.recheck', () => evidence({ state: 'timed_out' }));
    renderWithClient(<ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />, fake);
    await screen.findByText('Bumped both constants.');
    await waitFor(() =>
      expect(acceptSelected()).toHaveTextContent(/^Accept selected \(errors check timed out\)$/u),
    );
  });
});
