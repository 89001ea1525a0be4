// The hooks' part of the evidence on the screens that show it: the review modal and the inbox's
// change set, through the one evidence panel. The line every screen shares, each hook with news
// with its first lines of output (escaped), a running part replaced by its late result.
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { ChangeSetDetail } from '../../../src/renderer/src/inbox/change-set-detail';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ChangeSetView } from '../../../src/shared/contract';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import type { HooksEvidence } from '../../../src/shared/hooks-evidence';
import type { HookRun } from '../../../src/shared/hooks';
import { editRequest, ev } from '../support/agent-events';
import { evidence } from '../support/evidence';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const ESLINT_OUTPUT = `/work/demo/src/cart.js
  1:5  error  'rate' is assigned a value but never used  no-unused-vars
  2:7  error  'unused' is assigned a value but never used  no-unused-vars

✖ 2 problems (2 errors, 0 warnings)`;

function run(overrides: Partial<HookRun> = {}): HookRun {
  return {
    hookId: 'h1',
    source: 'person',
    event: 'PreToolUse',
    command: 'npx eslint $SLUICE_CHANGED_FILES || exit 2',
    toolName: 'edit_file',
    outcome: 'blocked',
    exitCode: 2,
    ms: 900,
    output: ESLINT_OUTPUT,
    reason: ESLINT_OUTPUT,
    ...overrides,
  };
}

function hooks(overrides: Partial<HooksEvidence> = {}): HooksEvidence {
  return {
    state: 'blocked',
    runs: [
      run(),
      run({
        hookId: 'h2',
        command: 'prettier --check src',
        outcome: 'passed',
        exitCode: 0,
        output: '',
      }),
    ],
    ms: 1200,
    ...overrides,
  };
}

function openReview(found: ProposalEvidence) {
  const fake = createFakeSluice();
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(editRequest({ evidence: found })));
  return fake;
}

describe('the hooks in the evidence panel', () => {
  it('hooks - the modal shows the line and each hook with news with its output; axe finds nothing', async () => {
    openReview(evidence({ hooks: hooks() }));
    const dialog = screen.getByRole('dialog');
    const line = within(dialog).getByTestId('hooks-evidence-line');
    expect(line).toHaveTextContent(
      'Hooks: eslint — 2 problems, and it blocks the change · prettier — passed (1.2 s)',
    );
    // Inside the panel's polite live region, so its change is heard.
    expect(within(dialog).getByRole('status')).toContainElement(line);
    const list = within(dialog).getByRole('list', { name: 'What the hooks said' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('blocks eslint — 2 problems, and it blocks the change');
    expect(items[0]).toHaveTextContent('your hook: npx eslint $SLUICE_CHANGED_FILES || exit 2');
    expect(items[0]).toHaveTextContent("'unused' is assigned a value but never used");
    expect(screen.getByTestId('evidence-panel')).toHaveClass('has-errors');
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('hooks - output that hides characters is shown with them made visible', () => {
    openReview(
      evidence({
        hooks: hooks({
          runs: [run({ output: 'safe\u202Etxt.exe\u001b[2J', reason: 'hidden \u200Bword' })],
        }),
      }),
    );
    const list = screen.getByRole('list', { name: 'What the hooks said' });
    expect(list).toHaveTextContent('safe\\u202etxt.exe\\u001b[2J');
    expect(screen.getByTestId('hooks-evidence-line')).toHaveTextContent('hidden \\u200bword');
  });

  it('hooks - still running at the deadline, then the late result replaces it', async () => {
    const fake = openReview(
      evidence({
        hooks: { state: 'running', runs: [], ms: 60_000, pending: ['npx eslint src'] },
      }),
    );
    expect(screen.getByTestId('hooks-evidence-line')).toHaveTextContent(
      'Hooks: running eslint… — approve or reject without them',
    );
    act(() =>
      fake.emit('agent', {
        type: 'approval_evidence',
        conversationId: 'c1',
        turnId: 't1',
        approvalId: 'a1',
        evidence: evidence({
          hooks: hooks({
            state: 'passed',
            runs: [run({ command: 'npx eslint src', outcome: 'passed', exitCode: 0, output: '' })],
          }),
        }),
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('hooks-evidence-line')).toHaveTextContent(
        'Hooks: eslint — passed (1.2 s)',
      ),
    );
  });

  it('hooks - the inbox shows a change set with what its hooks said', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => setView(evidence({ hooks: hooks() })));
    renderWithClient(<ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />, fake);
    const line = await screen.findByTestId('hooks-evidence-line');
    expect(line).toHaveTextContent('Hooks: eslint — 2 problems, and it blocks the change');
    expect(screen.getByRole('list', { name: 'What the hooks said' })).toHaveTextContent(
      "'rate' is assigned a value but never used",
    );
  });
});

function setView(found: ProposalEvidence): ChangeSetView {
  return {
    id: 's1',
    projectId: 'p1',
    projectRoot: '/home/me/demo',
    conversationId: 'c1',
    turnId: 't1',
    prompt: 'add a rate',
    status: 'proposed',
    statusReason: null,
    summary: 'Added a rate.',
    model: 'm',
    paths: ['src/cart.js'],
    needsRecheck: null,
    refines: null,
    createdAt: 1,
    finishedAt: 2,
    usage: {
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 0.01,
    },
    evidence: found,
    steps: [],
    changedOnDisk: [],
    undone: [],
    run: null,
    commands: [],
    checks: null,
    unapplied: [],
    files: [],
  };
}
