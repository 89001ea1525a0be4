import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { undoTurnName } from '../../../src/renderer/src/chat/turn-changes';
import type { AgentEvent } from '../../../src/shared/agent-events';
import type { Checkpoint } from '../../../src/shared/contract';
import { ev } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function checkpoint(
  id: string,
  path: string,
  change: Checkpoint['change'] = 'modified',
): Checkpoint {
  return { id, conversationId: 'c1', turnId: 't1', path, createdAt: 1, change, undone: false };
}

async function turnThatChangedFiles(first: Partial<Checkpoint> = {}) {
  const fake = createFakeSluice();
  let list = [
    { ...checkpoint('k1', 'src/a.ts'), ...first },
    checkpoint('k2', 'src/new.ts', 'created'),
  ];
  fake.handle('checkpoints.list', () => list);
  fake.handle('checkpoints.undo', ({ id, force }) => {
    if (id === 'k2' && !force)
      return {
        undone: [],
        refused: [{ id, path: 'src/new.ts', reason: 'the file changed since' }],
      };
    list = list.map((item) => (item.id === id ? { ...item, undone: true } : item));
    return { undone: [id], refused: [] };
  });
  fake.handle('checkpoints.undoTurn', () => {
    list = list.map((item) => ({ ...item, undone: true }));
    return { undone: ['k1', 'k2'], refused: [] };
  });
  renderWithClient(<App />, fake);
  await userEvent.type(
    await screen.findByRole('textbox', { name: 'Message' }),
    'change things{Enter}',
  );
  fake.emit('agent', ev.turnStart('change things'));
  fake.emit('agent', ev.toolStart('u1', 'Editing src/a.ts', {}, 'edit_file'));
  fake.emit('agent', ev.toolEnd('u1', 'ok', 'applied', 'edit_file'));
  fake.emit('agent', ev.turnEnd());
  await screen.findByRole('region', { name: 'Files changed' });
  return fake;
}

describe('TurnChanges', () => {
  it('after a turn - lists the changed files, Undo sends checkpoints.undo for that file', async () => {
    const fake = await turnThatChangedFiles();
    expect(screen.getByRole('region', { name: 'Files changed' })).toHaveTextContent('src/a.ts');
    await userEvent.click(screen.getByRole('button', { name: 'Undo src/a.ts' }));
    expect(fake.callsTo('checkpoints.undo')).toEqual([{ id: 'k1', force: false }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo src/a.ts' })).toBeNull());
  });

  it('late test verdict - the file says how many tests its change broke', async () => {
    await turnThatChangedFiles({
      tests: {
        state: 'failed',
        newlyFailing: ['tests/a.test.ts: adds', 'tests/a.test.ts: subtracts'],
        newlyFailingCount: 2,
        alreadyFailing: 0,
        flaky: 0,
        passed: 4,
        line: 'Tests: 2 newly failing · 4 pass (vitest related, 2.1 s)',
      },
    });
    const item = screen.getByText('src/a.ts').closest('li');
    expect(item).toHaveTextContent('tests: 2 newly failing');
    expect(screen.getByText('src/new.ts').closest('li')).not.toHaveTextContent('tests:');
  });

  it('kept evidence - the file says what was checked of the text written, in place of the late verdict', async () => {
    await turnThatChangedFiles({
      tests: {
        state: 'failed',
        newlyFailing: ['tests/a.test.ts: adds'],
        newlyFailingCount: 1,
        alreadyFailing: 0,
        flaky: 0,
        passed: 4,
        line: 'Tests: 1 newly failing · 4 pass (vitest related, 2.1 s)',
      },
      evidence: {
        what: 'selection',
        checked: 'the 1 of 2 hunks you kept',
        errors: 'checked',
        tests: 'passed',
        languagesUnchecked: false,
        introducedCount: 0,
        fixedCount: 0,
        newlyFailingCount: 0,
        introduced: [],
        newlyFailing: [],
        complete: true,
        line: 'This change introduces no new errors (checked in 40 ms) · Tests: no new failures',
      },
    });
    const item = screen.getByText('src/a.ts').closest('li');
    expect(item).toHaveTextContent('checked: clean (the 1 of 2 hunks you kept)');
    expect(item).not.toHaveTextContent('tests: 1 newly failing');
  });

  it('refused undo - says why and offers Undo anyway (force)', async () => {
    const fake = await turnThatChangedFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Undo src/new.ts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not undone: src/new.ts — the file changed since',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Undo anyway' }));
    expect(fake.callsTo('checkpoints.undo')).toEqual([
      { id: 'k2', force: false },
      { id: 'k2', force: true },
    ]);
  });

  it('Undo turn - sends checkpoints.undoTurn with the turn id', async () => {
    const fake = await turnThatChangedFiles();
    await userEvent.click(screen.getByRole('button', { name: 'Undo turn 1: change things' }));
    expect(fake.callsTo('checkpoints.undoTurn')).toEqual([{ turnId: 't1', force: false }]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo turn 1: change things' })).toBeNull(),
    );
  });

  it('Undo turn of a committed turn - shows what git did and its output', async () => {
    const fake = await turnThatChangedFiles();
    fake.handle('checkpoints.undoTurn', () => ({
      undone: ['k1', 'k2'],
      refused: [],
      git: {
        message:
          "Reverted this turn's commit 0123456789ab with git revert (new commit ba9876543210).",
        output: '[main ba98765] Revert "Sluice: change things"',
      },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo turn 1: change things' }));
    const status = await screen.findByText(/^Reverted this turn's commit 0123456789ab/u);
    expect(status).toBeTruthy();
    expect(screen.getByLabelText('git output')).toHaveTextContent('Revert "Sluice: change things"');
  });

  it('Undo turn - each turn button has a name of its own, the visible words stay', async () => {
    const fake = createFakeSluice();
    fake.handle('checkpoints.list', () => [
      checkpoint('k1', 'src/a.ts'),
      { ...checkpoint('k2', 'src/b.ts'), turnId: 't2' },
    ]);
    renderWithClient(<App />, fake);
    const input = await screen.findByRole('textbox', { name: 'Message' });
    const turn = async (text: string, turnId: string) => {
      await userEvent.type(input, `${text}{Enter}`);
      const at = (event: AgentEvent): AgentEvent => ({ ...event, turnId });
      fake.emit('agent', at(ev.turnStart(text, turnId)));
      fake.emit('agent', at(ev.toolStart(`u-${turnId}`, 'Editing a file', {}, 'edit_file')));
      fake.emit('agent', at(ev.toolEnd(`u-${turnId}`, 'ok', 'applied', 'edit_file')));
      fake.emit('agent', ev.turnEnd('end_turn', turnId));
    };
    await turn('change things', 't1');
    await turn('now rename every helper in the cart module please', 't2');
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: 'Files changed' })).toHaveLength(2),
    );
    const buttons = screen.getAllByRole('button', { name: /^Undo turn/u });
    expect(buttons.map((button) => button.textContent)).toEqual(['Undo turn', 'Undo turn']);
    expect(buttons[0]).toHaveAccessibleName('Undo turn 1: change things');
    expect(buttons[1]).toHaveAccessibleName('Undo turn 2: now rename every helper in the…');
    await userEvent.click(buttons[1]!);
    expect(fake.callsTo('checkpoints.undoTurn')).toEqual([{ turnId: 't2', force: false }]);
  });
});

describe('undoTurnName', () => {
  it('names the turn by its number and first words', () => {
    expect(undoTurnName(1, 'fix it')).toBe('Undo turn 1: fix it');
    expect(undoTurnName(4, '  ')).toBe('Undo turn 4');
    expect(undoTurnName(2, undefined)).toBe('Undo turn 2');
    expect(undoTurnName(3, 'a'.repeat(50))).toBe(`Undo turn 3: ${'a'.repeat(40)}…`);
  });
});
