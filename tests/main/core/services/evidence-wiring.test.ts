// Evidence wired through the app's services (issue 24) with a scripted diagnostics service
// and the fake Messages server: a live turn's hold-back and approval request, a background
// run's stored evidence, and the inbox's re-check when the disk moved.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import {
  createDispatcher,
  sluiceContract,
  type ChangeSetSummary,
  type Dispatcher,
} from '../../../../src/shared/contract';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import {
  createAppServices,
  type AppServices,
} from '../../../../src/main/core/services/create-app-services';
import { createUnavailableSecretStore } from '../../../../src/main/core/services/secret-store';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { sha256 } from '../../../../src/main/core/workspace/content-hash';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  type FakeDiagnostics,
} from '../../../support/fake-diagnostics';

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let services: AppServices;
let dispatch: Dispatcher;
let agentEvents: AgentEvent[];
let server: FakeAnthropicServer;
let fake: FakeDiagnostics;

const MAIN = 'export const a = 1;\n';

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-evidence-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'main.ts'), MAIN);
  db = openAppDatabase({ home });
  agentEvents = [];
  fake = createFakeDiagnostics(brokenWhenMarked);
  services = createAppServices({
    db,
    home,
    indexHome: null,
    env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL },
    secrets: createUnavailableSecretStore('test'),
    pickFolder: async () => project,
    openExternal: async () => undefined,
    emit: (event, payload) => {
      if (event === 'agent') agentEvents.push(payload as AgentEvent);
    },
    onBackgroundError: (error) => {
      throw error;
    },
    createDiagnostics: () => fake,
  });
  dispatch = createDispatcher(sluiceContract, services.handlers);
  await call('project.open', { path: project });
});

afterEach(async () => {
  await services.shutdown();
  db.close();
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const result = await dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const breakIt = () =>
  toolUse('edit_file', { path: 'main.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] });

describe('evidence in the app', () => {
  it('live turn - held back once (the model reads the errors), then asked with the evidence', async () => {
    server.enqueue(reply([breakIt()]), reply([breakIt()]), reply('done'));
    await call('agent.send', { text: 'break it' });
    await waitFor(() => agentEvents.some((e) => e.type === 'approval_request'), 'the request');
    const request = agentEvents.find((e) => e.type === 'approval_request');
    if (request?.type !== 'approval_request') throw new Error('no approval_request');
    expect(request.request.evidence).toMatchObject({
      state: 'checked',
      introduced: [{ path: 'main.ts', message: "Cannot find name 'BROKEN'." }],
    });
    const firstEnd = agentEvents.find((e) => e.type === 'tool_end');
    expect(firstEnd).toMatchObject({ status: 'error' });
    // The model was told on its second request: the first tool result is the hold-back.
    const secondRequest = JSON.stringify(server.requests[1]?.body.messages);
    expect(secondRequest).toContain('Not yet applied, and not shown to the person');
    await call('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: request.request.proposalHash,
      decision: { type: 'approve' },
    });
    await waitFor(() => agentEvents.some((e) => e.type === 'turn_end'), 'the turn');
    const ends = agentEvents.filter((e) => e.type === 'tool_end');
    expect(ends[1]).toMatchObject({ status: 'ok' });
    expect(ends[1]?.type === 'tool_end' && ends[1].result).toContain(
      "Checked before writing: this change introduces 1 error: main.ts:1: Cannot find name 'BROKEN'.",
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
    const ends = agentEvents.filter((e) => e.type === 'tool_end');
    expect(ends[0]?.type === 'tool_end' && ends[0].result).toContain(
      "Not yet applied. With all your changes so far, this change would introduce 1 error: main.ts:1: Cannot find name 'BROKEN'.",
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
    const result = await dispatch('proposals.recheck', { id: 'nope' });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no change set nope/u) },
    });
  });
});
