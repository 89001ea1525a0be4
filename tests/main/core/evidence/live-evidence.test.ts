import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ApprovalRequest, Decision } from '../../../../src/shared/approvals';
import {
  DEFAULT_DIAGNOSTICS_SETTINGS,
  type DiagnosticsSettings,
} from '../../../../src/shared/diagnostics-settings';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { createCreateFileTool } from '../../../../src/main/core/tools/create-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  diagnostic,
  evidence,
  fakeProjectDiagnostics,
  type FakeDiagnostics,
} from '../../../support/fake-diagnostics';

let project: string;
let home: string;
let db: WritableDb;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-live-evidence-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  db = openAppDatabase({ home });
  await writeFile(path.join(project, 'a.ts'), 'export const a = 1;\n');
});
afterEach(async () => {
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

type Decider = (request: ApprovalRequest, events: AgentEvent[]) => Decision | Promise<Decision>;

async function setup(options: {
  fake: FakeDiagnostics;
  decider?: Decider;
  mode?: 'ask' | 'auto-edit';
  settings?: Partial<DiagnosticsSettings>;
  conversationId?: string | null;
}) {
  const workspace = await Workspace.open(project);
  const policies = createPolicyRepository(db);
  policies.setMode('p1', options.mode ?? 'ask');
  const events: AgentEvent[] = [];
  const decider = options.decider ?? (() => ({ type: 'approve' }));
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => policies.get('p1'),
    emit: (event) => {
      events.push(event);
      if (event.type !== 'approval_request') return;
      void Promise.resolve(decider(event.request, events)).then((decision) =>
        broker.decide({
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision,
        }),
      );
    },
  });
  const diagnostics = fakeProjectDiagnostics(options.fake, () => ({
    ...DEFAULT_DIAGNOSTICS_SETTINGS,
    ...options.settings,
  }));
  const conversation =
    options.conversationId === null
      ? {}
      : { conversationId: options.conversationId ?? 'c1', turnId: 't1', toolUseId: 'u1' };
  const ctx: ToolContext = {
    workspace,
    signal: new AbortController().signal,
    approvals: broker,
    diagnostics,
    ...conversation,
  };
  return { ctx, events, broker: () => broker };
}

const edit = createEditFileTool();
const create = createCreateFileTool();
const breaking = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] };
const clean = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] };
const requests = (events: AgentEvent[]) => events.filter((e) => e.type === 'approval_request');

describe('live edit evidence', () => {
  it('hold-back - a change that introduces errors goes back to the model, the person is not asked', async () => {
    const fake = createFakeDiagnostics(brokenWhenMarked);
    const { ctx, events } = await setup({ fake });
    const result = await runTool(edit, breaking, ctx);
    expect(result.status).toBe('error');
    expect(result.content).toContain(
      'Not yet applied, and not shown to the person: this change to a.ts would introduce 1 error:',
    );
    expect(result.content).toContain("- a.ts:1: Cannot find name 'BROKEN'.");
    expect(result.content).toMatch(/call edit_file again with the same change/u);
    // The person reads a step, not the words written for the model.
    expect(result.shownAs).toBe(
      'Sent 1 error in a.ts back to Claude before showing you the change',
    );
    expect(events).toEqual([]);
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(fake.calls[0]?.changes).toEqual([{ path: 'a.ts', after: 'export const a = BROKEN;\n' }]);
    expect(fake.calls[0]?.options.deadlineMs).toBe(3000);
  });

  it('hold-back - the identical second call asks with the errors on the request, and the result says them', async () => {
    const { ctx, events } = await setup({ fake: createFakeDiagnostics(brokenWhenMarked) });
    await runTool(edit, breaking, ctx);
    const second = await runTool(edit, breaking, ctx);
    const [request] = requests(events);
    expect(request?.type === 'approval_request' && request.request.evidence).toMatchObject({
      state: 'checked',
      introduced: [{ path: 'a.ts', line: 1, message: "Cannot find name 'BROKEN'." }],
    });
    expect(second.status).toBe('ok');
    expect(second.content).toContain(
      "Checked before writing: this change introduces 1 error:\n- a.ts:1: Cannot find name 'BROKEN'.",
    );
  });

  it('hold-back - once per proposal: a different change is held back again, and so is another conversation', async () => {
    const { ctx, events } = await setup({ fake: createFakeDiagnostics(brokenWhenMarked) });
    expect((await runTool(edit, breaking, ctx)).status).toBe('error');
    const other = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN + 1' }] };
    expect((await runTool(edit, other, ctx)).status).toBe('error');
    expect((await runTool(edit, breaking, { ...ctx, conversationId: 'c2' })).status).toBe('error');
    expect(events).toEqual([]);
  });

  it('clean change - asks at once with checked evidence; the result carries one short line', async () => {
    const fake = createFakeDiagnostics(() =>
      evidence([], [diagnostic('b.ts', 4, 'Type mismatch.')]),
    );
    const { ctx, events } = await setup({ fake });
    const result = await runTool(edit, clean, ctx);
    const [request] = requests(events);
    expect(request?.type === 'approval_request' && request.request.evidence?.state).toBe('checked');
    expect(
      request?.type === 'approval_request' && request.request.evidence?.baseHashes['a.ts'],
    ).toMatch(/^[0-9a-f]{64}$/u);
    expect(result.content).toContain('Checked before writing: no new errors; it fixes 1 error.');
  });

  it('slow check - the request shows timed_out at the deadline, then approval_evidence arrives', async () => {
    const fake = createFakeDiagnostics(() => evidence([diagnostic('a.ts', 1, 'late error')]), 400);
    let lateSeen: AgentEvent | undefined;
    let pendingAfterLate: unknown;
    const { ctx, events, broker } = await setup({
      fake,
      settings: { liveDeadlineMs: 250 },
      decider: async () => {
        // The person waits for the late result before deciding (the buttons never wait).
        for (let i = 0; i < 100 && !lateSeen; i++) {
          await new Promise((r) => setTimeout(r, 20));
          lateSeen = events.find((e) => e.type === 'approval_evidence');
        }
        pendingAfterLate = broker().pending()[0]?.evidence?.state;
        return { type: 'approve' };
      },
    });
    const started = Date.now();
    const result = await runTool(edit, clean, ctx);
    const [request] = requests(events);
    expect(request?.type === 'approval_request' && request.request.evidence?.state).toBe(
      'timed_out',
    );
    expect(lateSeen).toMatchObject({
      type: 'approval_evidence',
      conversationId: 'c1',
      turnId: 't1',
      approvalId: request?.type === 'approval_request' ? request.request.approvalId : '',
      evidence: { state: 'checked', introduced: [{ message: 'late error' }] },
    });
    expect(events.map((e) => e.type)).toEqual([
      'approval_request',
      'approval_evidence',
      'approval_resolved',
    ]);
    expect(fake.calls[0]?.options.deadlineMs).toBe(250);
    // A live check answers with the changed files past 100 ms, the importers following late.
    expect(fake.calls[0]?.options.changedFilesFirstAfterMs).toBe(100);
    // A window that lists pending approvals after the late result sees it.
    expect(pendingAfterLate).toBe('checked');
    // The model reads the late result that arrived before the decision, not "timed out".
    expect(result.content).toContain(
      'Checked before writing: this change introduces 1 error:\n- a.ts:1: late error',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('auto-edit - nothing is held back (nobody would see it); the write happens and the model reads the errors', async () => {
    const { ctx, events } = await setup({
      fake: createFakeDiagnostics(brokenWhenMarked),
      mode: 'auto-edit',
    });
    const first = await runTool(edit, breaking, ctx);
    expect(first.status).toBe('ok');
    expect(first.content).toContain('this change introduces 1 error');
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).not.toBe('export const a = 1;\n');
    expect(requests(events)).toEqual([]);
  });

  it('outside a conversation (sluice tool) - nothing is held back: the person sees the errors at once', async () => {
    const { ctx, events } = await setup({
      fake: createFakeDiagnostics(brokenWhenMarked),
      conversationId: null,
    });
    const result = await runTool(create, { path: 'n.ts', content: 'BROKEN\n' }, ctx);
    expect(result.status).toBe('ok');
    expect(requests(events)).toHaveLength(1);
  });

  it('checks off in Settings - not checked, said so, and the service is never asked', async () => {
    const fake = createFakeDiagnostics(brokenWhenMarked);
    const { ctx, events } = await setup({ fake, settings: { enabled: false } });
    const result = await runTool(edit, breaking, ctx);
    expect(result.status).toBe('ok');
    expect(result.content).toContain(
      'Not checked before writing: checks are switched off in Settings.',
    );
    const [request] = requests(events);
    expect(request?.type === 'approval_request' && request.request.evidence?.state).toBe(
      'not_checked',
    );
    expect(fake.calls).toEqual([]);
  });

  it('many errors - each is listed up to 50, the rest counted with where they are', async () => {
    const many = Array.from({ length: 62 }, (_, i) => diagnostic('a.ts', i + 1, `e${i + 1}`));
    const { ctx } = await setup({ fake: createFakeDiagnostics(() => evidence(many)) });
    const held = await runTool(edit, clean, ctx);
    expect(held.content).toContain('- a.ts:50: e50\n- and 12 more: not listed here;');
    expect(held.content).not.toContain('e51');
    const second = await runTool(edit, clean, ctx);
    const lines = second.content.split('\n').filter((l) => /^- a\.ts:\d+: e\d+$/u.test(l));
    expect(lines).toHaveLength(50);
    expect(second.content).toContain(
      '- a.ts:50: e50\n- and 12 more: the change is written, so `sluice check` in the project lists them with its other errors',
    );
    expect(second.content).not.toContain('e51');
  });
});
