import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ApprovalRequest, Decision } from '../../../src/shared/approvals';
import { editRequest, ev } from '../support/agent-events';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const bound = { approvalId: 'a1', proposalHash: 'hash-1' };

/** One hunk holding two separate changes (three unchanged lines between them). */
function twoChangeRequest(): ApprovalRequest {
  return editRequest({
    before: 'a\nb\nc\nd\ne\nf\n',
    after: 'A\nb\nc\nd\nE\nf\n',
    hunks: [
      {
        id: 'h1',
        oldStart: 1,
        oldLines: 6,
        newStart: 1,
        newLines: 6,
        lines: ['-a', '+A', ' b', ' c', ' d', '-e', '+E', ' f'],
      },
    ],
  });
}

function openReview(request: ApprovalRequest) {
  const fake = createFakeSluice();
  const asked: Decision[] = [];
  fake.handle('approvals.checkDecision', ({ decision }) => {
    asked.push(decision);
    // The first hunk alone adds two errors; anything else is clean.
    const onlyFirst = decision.type === 'approve_hunks' && decision.hunkIds.join() === 'h1';
    return {
      accepted: true,
      textHash: JSON.stringify(decision),
      complete: true,
      evidence: evidence({
        state: 'checked',
        ms: 40,
        introduced: onlyFirst ? [diagnostic({ line: 1 }), diagnostic({ line: 2 })] : [],
      }),
    };
  });
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(request));
  return { fake, asked };
}

describe('review selection', () => {
  it('evidence - follows the ticks and the button names what the selection introduces', async () => {
    const { fake } = openReview(editRequest({ evidence: evidence({ state: 'checked' }) }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 2/u }));
    const button = await screen.findByRole('button', {
      name: 'Approve 1 of 2 hunks with 2 errors',
    });
    expect(screen.getByTestId('evidence-notice')).toHaveTextContent(
      'For the 1 of 2 hunks selected',
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent('2 errors');
    await userEvent.click(button);
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1'] } },
    ]);
  });

  it('evidence - ticking everything again shows the proposal own evidence, unasked', async () => {
    const { asked } = openReview(editRequest({ evidence: evidence({ state: 'checked' }) }));
    const box = screen.getByRole('checkbox', { name: /Include hunk 2/u });
    await userEvent.click(box);
    await screen.findByRole('button', { name: /with 2 errors/u });
    await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Approve all 2 hunks' })).toBeEnabled();
    expect(screen.queryByTestId('evidence-notice')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('split - one of two nearby changes is written', async () => {
    const { fake } = openReview(twoChangeRequest());
    await userEvent.click(screen.getByRole('button', { name: 'Split into 2 changes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include change 1\.2/u }));
    const hunk = screen.getByRole('checkbox', { name: /Include hunk 1/u });
    expect(hunk).toHaveProperty('indeterminate', true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve 2 of 4 changed lines' }),
    );
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1.1'] } },
    ]);
  });

  it('pick lines - a single added line is kept', async () => {
    const { fake } = openReview(twoChangeRequest());
    await userEvent.click(screen.getByRole('button', { name: 'Pick lines' }));
    const lines = screen.getByRole('list', { name: 'Lines of hunk 1' });
    for (const name of [
      /^Keep the removal of line 1:/u,
      /^Keep the removal of line 5:/u,
      /^Keep added line 5:/u,
    ])
      await userEvent.click(within(lines).getByRole('checkbox', { name }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve 1 of 4 changed lines' }),
    );
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'approve_hunks', hunkIds: ['h1@2'] } },
    ]);
  });

  it('edit - shows the diff of the person version and its evidence before approving', async () => {
    const { fake, asked } = openReview(editRequest({ evidence: evidence({ state: 'checked' }) }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: /Final content/u });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'const a = 42;');
    const diff = screen.getByRole('region', { name: 'Your version against the file' });
    await waitFor(() => expect(diff).toHaveTextContent('const a = 42;'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ type: 'edit', content: 'const a = 42;' }));
    expect(await screen.findByTestId('evidence-notice')).toHaveTextContent('For your version');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve my version' }));
    expect(fake.callsTo('approvals.decide')).toEqual([
      { ...bound, decision: { type: 'edit', content: 'const a = 42;' } },
    ]);
  });

  it('label - a selection whose errors check could not run says so, never reads clean', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.checkDecision', () => ({
      accepted: true,
      textHash: 't',
      complete: true,
      evidence: evidence({ state: 'not_checked', reason: 'no tsconfig.json found' }),
    }));
    renderWithClient(<ReviewHost />, fake);
    fake.emit('agent', ev.approval(editRequest({ evidence: evidence({ state: 'checked' }) })));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 2/u }));
    expect(
      await screen.findByRole('button', { name: 'Approve 1 of 2 hunks (errors not checked)' }),
    ).toBeEnabled();
  });

  it('label - a selection the checker refused says not checked', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.checkDecision', () => ({
      accepted: false,
      reason: 'the checker stopped',
    }));
    renderWithClient(<ReviewHost />, fake);
    fake.emit('agent', ev.approval(editRequest({ evidence: evidence({ state: 'checked' }) })));
    await userEvent.click(screen.getByRole('checkbox', { name: /Include hunk 2/u }));
    expect(
      await screen.findByRole('button', { name: 'Approve 1 of 2 hunks (not checked)' }),
    ).toBeEnabled();
  });

  it('label - my version while its check runs says still checking', async () => {
    const fake = createFakeSluice();
    fake.handle('approvals.checkDecision', () => new Promise(() => undefined));
    renderWithClient(<ReviewHost />, fake);
    fake.emit('agent', ev.approval(editRequest({ evidence: evidence({ state: 'checked' }) })));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Final content/u }), '// mine');
    expect(
      await screen.findByRole('button', { name: 'Approve my version (still checking)' }),
    ).toBeEnabled();
  });
});
