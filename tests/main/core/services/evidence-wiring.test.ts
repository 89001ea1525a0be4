// Evidence wired through the app's services (issue 24) with a scripted diagnostics service
// and the fake Messages server: a live turn's hold-back and approval request, a background
// run's stored evidence, and the inbox's re-check when the disk moved.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ChangeSetSummary } from '../../../../src/shared/contract';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { sha256 } from '../../../../src/main/core/workspace/content-hash';
import { reply, toolUse, type FakeAnthropicServer } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  type FakeDiagnostics,
} from '../../../support/fake-diagnostics';

let harness: AppServicesHarness;
let project: string;
let server: FakeAnthropicServer;
let fake: FakeDiagnostics;

const MAIN = 'export const a = 1;\n';

beforeEach(async () => {
  fake = createFakeDiagnostics(brokenWhenMarked);
  harness = await startAppServicesHarness({
    prefix: 'sluice-evidence-',
    files: { 'main.ts': MAIN },
    createDiagnostics: () => fake,
  });
  ({ project, server } = harness);
});

afterEach(() => harness.close());

const call = <T>(channel: string, payload: unknown): Promise<T> =>
  harness.call<T>(channel, payload);

/** The agent events the services emitted so far. */
const agentEvents = (): AgentEvent[] =>
  harness.events.filter((e) => e.event === 'agent').map((e) => e.payload as AgentEvent);

const breakIt = () =>
  toolUse('edit_file', { path: 'main.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] });

describe('evidence in the app', () => {
  it('live turn - held back once (the model reads the errors), then asked with the evidence', async () => {
    server.enqueue(reply([breakIt()]), reply([breakIt()]), reply('done'));
    await call('agent.send', { text: 'break it' });
    await waitFor(() => agentEvents().some((e) => e.type === 'approval_request'), 'the request');
    const request = agentEvents().find((e) => e.type === 'approval_request');
    if (request?.type !== 'approval_request') throw new Error('no approval_request');
    expect(request.request.evidence).toMatchObject({
      state: 'checked',
      introduced: [{ path: 'main.ts', message: "Cannot find name 'BROKEN'." }],
    });
    const firstEnd = agentEvents().find((e) => e.type === 'tool_end');
    expect(firstEnd).toMatchObject({ status: 'error' });
    // The model was told on its second request: the first tool result is the hold-back.
    const secondRequest = JSON.stringify(server.requests[1]?.body.messages);
    expect(secondRequest).toContain('Not yet applied, and not shown to the person');
    await call('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: request.request.proposalHash,
      decision: { type: 'approve' },
    });
    await waitFor(() => agentEvents().some((e) => e.type === 'turn_end'), 'the turn');
    const ends = agentEvents().filter((e) => e.type === 'tool_end');
    expect(ends[1]).toMatchObject({ status: 'ok' });
    expect(ends[1]?.type === 'tool_end' && ends[1].result).toContain(
      "Checked before writing: this change introduces 1 error:\n- main.ts:1: Cannot find name 'BROKEN'.",
    );
  });

  it('background run - the edit result says "Not yet applied", the set stores the final check', async () => {
    server.enqueue(
      reply([breakIt()]),
      reply([toolUse('create_file', { path: 'b.ts', content: 'export const b = 2;\n' })]),
      reply('done'),
    );
    const started = await call<{ changeSetId: string }>('proposals.runInBackground', {
      text: 'bump',
    });
    const summary = async () =>
      (await call<ChangeSetSummary[]>('proposals.list', {})).find(
        (s) => s.id === started.changeSetId,
      );
    await waitFor(async () => (await summary())?.status === 'proposed', 'the run');
    const ends = agentEvents().filter((e) => e.type === 'tool_end');
    expect(ends[0]?.type === 'tool_end' && ends[0].result).toContain(
      "Not yet applied. With all your changes so far, this change would introduce 1 error:\n- main.ts:1: Cannot find name 'BROKEN'.\nRevise it unless a later edit fixes them.",
    );
    // The second edit is checked with the first one still in the overlay.
    expect(fake.calls[1]?.changes.map((c) => c.path)).toEqual(['b.ts', 'main.ts']);
    const last = fake.calls.at(-1);
    expect(last?.options.deadlineMs).toBe(30_000);
    const stored = (await summary())?.evidence;
    expect(stored).toMatchObject({ state: 'checked', introduced: [{ path: 'main.ts' }] });
    expect(stored?.baseHashes).toEqual({ 'b.ts': 'absent', 'main.ts': sha256(MAIN) });
  });

  it('recheck - returns the stored evidence while the disk is unchanged, checks again once it moved', async () => {
    server.enqueue(reply([breakIt()]), reply('done'));
    const { changeSetId } = await call<{ changeSetId: string }>('proposals.runInBackground', {
      text: 'bump',
    });
    await waitFor(
      async () => (await call<ChangeSetSummary[]>('proposals.list', {}))[0]?.status === 'proposed',
      'the run',
    );
    const checks = fake.calls.length;
    const same = await call<ProposalEvidence>('proposals.recheck', { id: changeSetId });
    expect(fake.calls.length).toBe(checks);
    expect(same.baseHashes).toEqual({ 'main.ts': sha256(MAIN) });
    writeFileSync(path.join(project, 'main.ts'), 'export const a = 3;\n');
    const fresh = await call<ProposalEvidence>('proposals.recheck', { id: changeSetId });
    expect(fake.calls.length).toBe(checks + 1);
    expect(fake.calls.at(-1)?.changes).toEqual([
      { path: 'main.ts', after: 'export const a = BROKEN;\n' },
    ]);
    expect(fresh.baseHashes).toEqual({ 'main.ts': sha256('export const a = 3;\n') });
    const stored = (await call<ChangeSetSummary[]>('proposals.list', {}))[0]?.evidence;
    expect(stored?.baseHashes).toEqual(fresh.baseHashes);
    await call('proposals.recheck', { id: changeSetId });
    expect(fake.calls.length).toBe(checks + 1);
  });

  it('recheck - an unknown set is refused with a message', async () => {
    const result = await harness.dispatch('proposals.recheck', { id: 'nope' });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no change set nope/u) },
    });
  });
});
