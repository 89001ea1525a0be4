import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClientProvider } from '../../../src/renderer/src/app/client-context';
import { ChangeSetDetail } from '../../../src/renderer/src/inbox/change-set-detail';
import { latestEvidence, recheckMethod } from '../../../src/renderer/src/inbox/use-recheck-on-open';
import type { ChangeSetView, SluiceClient } from '../../../src/shared/contract';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import { diagnostic, evidence } from '../support/evidence';
import { createFakeSluice, type FakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const usage = {
  inputTokens: 10,
  outputTokens: 5,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  costUsd: 0.01,
};

function view(found: ProposalEvidence | undefined, needsRecheck: string | null = null) {
  const set: ChangeSetView = {
    id: 's1',
    projectId: 'p1',
    projectRoot: '/home/me/demo',
    conversationId: 'c1',
    turnId: 't1',
    prompt: 'rename total',
    status: 'proposed',
    statusReason: null,
    summary: 'Renamed total to sum.',
    model: 'm',
    paths: ['src/cart.ts'],
    needsRecheck,
    refines: null,
    createdAt: 1,
    finishedAt: 2,
    usage,
    evidence: found ?? null,
    steps: [],
    changedOnDisk: [],
    undone: [],
    run: null,
    commands: [],
    checks: null,
    unapplied: [],
    files: [
      {
        path: 'src/cart.ts',
        isNewFile: false,
        baseHash: 'h',
        baseText: 'export function total() {}\nconst a = 1;\n',
        finalText: 'export function sum() {}\nconst a = 1;\n',
        hunks: [
          {
            id: 'h1',
            oldStart: 1,
            oldLines: 1,
            newStart: 1,
            newLines: 1,
            lines: ['-export function total() {}', '+export function sum() {}'],
          },
        ],
        unifiedDiff: '',
        protectedPath: false,
        state: 'pending',
        note: null,
        checkpointId: null,
      },
    ],
  };
  return set;
}

const broken = evidence({
  introduced: [
    diagnostic({
      path: 'src/invoice.ts',
      line: 3,
      message: "Module has no exported member 'total'.",
    }),
    diagnostic({ path: 'src/cart.ts', line: 1, message: "Duplicate identifier 'sum'." }),
  ],
  fixed: [diagnostic({ path: 'src/cart.ts', line: 2, message: 'Old error.' })],
});

/** The fake's client with `proposals.recheck`, as the contract will have it after issue 24's wiring. */
function withRecheck(fake: FakeSluice, recheck: (input: { id: string }) => Promise<unknown>) {
  const client = { ...fake.client, proposals: { ...fake.client.proposals, recheck } };
  return client as SluiceClient;
}

describe('ChangeSetDetail with evidence', () => {
  it('stored evidence - the panel above the files; the changed file hunk names its error', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(broken));
    renderWithClient(<ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />, fake);
    const panel = await screen.findByRole('region', {
      name: /This change introduces 2 errors · fixes 1/u,
    });
    expect(within(panel).getByRole('button', { name: 'src/invoice.ts:3' })).toBeInTheDocument();
    const file = screen.getByTestId('inbox-file');
    expect(panel.compareDocumentPosition(file) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(file).getByTestId('hunk-errors')).toHaveTextContent(
      "Line 1: Duplicate identifier 'sum'.",
    );
    // Accepting never waits for evidence.
    expect(screen.getByTestId('accept-all')).toBeEnabled();
  });

  it('a line of the set file - opens in the set final text', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(broken));
    renderWithClient(<ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />, fake);
    (await screen.findByRole('button', { name: 'src/cart.ts:1' })).click();
    const preview = await screen.findByTestId('line-preview');
    expect(preview).toHaveTextContent('export function sum() {}');
    expect(preview).toHaveTextContent('as proposed');
  });

  it('a main without proposals.recheck - no call, no notice', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(broken, 'set s0 changed src/cart.ts'));
    const { recheck: _absent, ...proposals } = fake.client.proposals as Record<string, unknown>;
    const client = { ...fake.client, proposals } as unknown as SluiceClient;
    expect(recheckMethod(client)).toBeNull();
    render(
      <ClientProvider client={client}>
        <ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />
      </ClientProvider>,
    );
    await screen.findByTestId('evidence-panel');
    expect(screen.queryByTestId('evidence-notice')).toBeNull();
  });

  it('recheck on open - says the project changed meanwhile, then shows the evidence it answers', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(broken, 'set s0 changed src/cart.ts'));
    const asked: string[] = [];
    let finish: () => void = () => undefined;
    const client = withRecheck(fake, ({ id }) => {
      asked.push(id);
      return new Promise((resolve) => {
        finish = () => resolve(evidence({ ms: 95, checkedAt: '2026-11-26T13:00:00.000Z' }));
      });
    });
    render(
      <ClientProvider client={client}>
        <ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />
      </ClientProvider>,
    );
    const notice = await screen.findByTestId('evidence-notice');
    expect(notice).toHaveTextContent('Re-checking: the project changed since this set was made');
    expect(screen.getByRole('status')).toContainElement(notice);
    expect(screen.getByTestId('accept-all')).toBeEnabled();
    expect(asked).toEqual(['s1']);
    act(() => finish());
    await waitFor(() =>
      expect(screen.getByTestId('evidence-heading')).toHaveTextContent('No new errors'),
    );
    expect(screen.queryByTestId('evidence-notice')).toBeNull();
    expect(screen.getByTestId('evidence-state')).toHaveTextContent('Checked in 95 ms');
    expect(screen.queryByTestId('hunk-errors')).toBeNull();
    expect(asked).toEqual(['s1']);
  });

  it('recheck answers something else - the set is loaded again instead', async () => {
    const fake = createFakeSluice();
    let current = view(broken);
    fake.handle('proposals.get', () => current);
    const client = withRecheck(fake, () => {
      current = view(evidence({ ms: 70 }));
      return Promise.resolve({ ok: true });
    });
    render(
      <ClientProvider client={client}>
        <ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />
      </ClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('evidence-state')).toHaveTextContent('Checked in 70 ms'),
    );
    expect(fake.callsTo('proposals.get').length).toBeGreaterThanOrEqual(2);
  });

  it('latestEvidence - the evidence made last wins, whichever side it came from', () => {
    const older = evidence({ checkedAt: '2026-11-26T12:00:00.000Z' });
    const newer = evidence({ checkedAt: '2026-11-26T12:00:05.000Z', state: 'timed_out' });
    expect(latestEvidence(older, newer)).toBe(newer);
    expect(latestEvidence(newer, older)).toBe(newer);
    expect(latestEvidence(null, older)).toBe(older);
    expect(latestEvidence(undefined, null)).toBeNull();
  });

  it('recheck fails - says so and keeps the stored evidence', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(broken));
    const client = withRecheck(fake, () => Promise.reject(new Error('no project is open')));
    render(
      <ClientProvider client={client}>
        <ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />
      </ClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('evidence-notice')).toHaveTextContent(
        'Could not re-check (no project is open); the errors shown are from when the set was made.',
      ),
    );
    expect(screen.getByTestId('evidence-heading')).toHaveTextContent(
      'This change introduces 2 errors',
    );
  });

  it('a set without evidence while re-checking - the notice alone, in a status region', async () => {
    const fake = createFakeSluice();
    fake.handle('proposals.get', () => view(undefined));
    const client = withRecheck(fake, () => new Promise(() => undefined));
    render(
      <ClientProvider client={client}>
        <ChangeSetDetail id="s1" version={0} onRefined={() => undefined} />
      </ClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Re-checking against the project as it is now…',
    );
    expect(screen.queryByTestId('evidence-panel')).toBeNull();
  });
});
